/* The consoles the runner knows (consoles.h).  Other consoles add a row. */
#include <string.h>
#include "record/consoles.h"
#include "hbt_layout.h"

/* The Game Boy ROM declares itself Color-compatible (header 0x143 = 0x80):
 * both cores would then start it as a Color.  The model is therefore
 * always said: a DMG for "gb", a Color for "gbc" (where the ROM switches to
 * double speed).  Each core reads only its own key. */
static const char *const gb_as_dmg[] = {
    "gambatte_gb_hwmode", "GB", "mgba_gb_model", "Game Boy", 0
};
static const char *const gb_as_color[] = {
    "gambatte_gb_hwmode", "GBC", "mgba_gb_model", "Game Boy Color", 0
};

static const rr_platform table[] = {
    /* mupen64plus has no cache or stall model and advances COUNT by
     * CountPerOp per instruction: run with CountPerOp=1 (tools/retro-run/backend_mupen64plus.c),
     * a tick is one instruction, counted as one cycle: approximate */
    { "n64", HBT_PLATFORM_N64, "mips3", "NEC VR4300", "approximate",
      "COP0 Count (mupen64plus CountPerOp=1: one tick per instruction)",
      { "o32", "n32", 0, 0 }, 0, "libmupen64plus.so.2", 0 },
    { "gba", HBT_PLATFORM_GBA, "armv4t", "ARM7TDMI", "cycle-exact",
      "TM0+TM1 cascaded (prescaler 1: CPU cycles)",
      { "thumb-rom", "arm-iwram", 0, 0 }, "waitcnt", "mgba_libretro.so", 0 },
    /* DeSmuME does not model the ARM9's timing (pipeline, caches, waits):
     * its counts are approximate; the clock is the ARM9's nominal 67.03 MHz */
    { "nds", HBT_PLATFORM_NDS, "armv5te", "ARM946E-S", "approximate",
      "TM0+TM1 cascaded (prescaler 1: 33.51 MHz bus clock, 2 ARM9 cycles per tick)",
      { 0, 0, 0, 0 }, "cp15_control", "desmume_libretro.so", 0 },
    /* frames (NMI) plus a spin loop: CPU cycles to about +-10 of the true
     * count in Nestopia, not to the cycle: approximate.  Clock: NTSC 2A03,
     * 1.789773 MHz, 29780.5 cycles a frame; setting: spin turns in a frame */
    { "nes", HBT_PLATFORM_NES, "6502", "Ricoh 2A03 (MOS 6502, NTSC)", "approximate",
      "NMI frame count + calibrated spin loop (CPU cycles)",
      { 0, 0, 0, 0 }, "spin_turns_per_frame", "nestopia_libretro.so", 0 },
    /* TIMA at 65536 Hz: one tick per 64 T-cycles of the 4.194304 MHz clock,
     * its overflow interrupt extending it to 32 bits; at least 1000 ticks a
     * sample (platforms/gb/hbt_platform.h): +-64 cycles, approximate.  The
     * same ROM runs in mGBA with --core mgba_libretro.so */
    { "gb", HBT_PLATFORM_GB, "sm83", "Sharp SM83 (LR35902, DMG)", "approximate",
      "TIMA at 65536 Hz + overflow interrupt (64 T-cycles per tick)",
      { 0, 0, 0, 0 }, 0, "gambatte_libretro.so", gb_as_dmg },
    /* the same ROM on a Game Boy Color, which it switches to double speed
     * (KEY1 + STOP): 8.388608 MHz, and TIMA, driven by the divider, counts
     * twice as fast too: 131072 Hz, still 64 CPU cycles per tick.  The
     * ROM writes this clock and platform into its block */
    { "gbc", HBT_PLATFORM_GBC, "sm83", "Sharp SM83 (CGB, double speed)", "approximate",
      "TIMA at 131072 Hz in double speed + overflow interrupt (64 T-cycles per tick)",
      { 0, 0, 0, 0 }, 0, "gambatte_libretro.so", gb_as_color },
};

const rr_platform *rr_platform_find(const char *name)
{
    unsigned i;
    for (i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].name, name) == 0)
            return &table[i];
    return 0;
}

const rr_platform *rr_platform_by_id(unsigned id)
{
    unsigned i;
    for (i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].id == id)
            return &table[i];
    return 0;
}

/* "n64, nes, gb, gba, nds": the known names, for messages */
const char *rr_platform_names(void)
{
    static char names[128];
    unsigned i;
    if (!names[0])
        for (i = 0; i < sizeof table / sizeof table[0]; i++) {
            if (i)
                strncat(names, ", ", sizeof names - strlen(names) - 1);
            strncat(names, table[i].name, sizeof names - strlen(names) - 1);
        }
    return names;
}
