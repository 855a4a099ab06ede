/* The start-up banner's text and its wait for A (hbt_banner.h).  Data
 * from the console's hbt_platform.h:
 *   HBT_NAME        "GBA"                 the console
 *   HBT_CPU_TEXT    "ARM7TDMI"            its CPU
 *   HBT_CLOCK_TEXT  "16.78 MHZ"           the nominal clock the figures use
 *   HBT_BUILD_TEXT  "THUMB ROM+ARM IWRAM" what is measured (the code builds)
 *   HBT_SWEEP_KEY   "SELECT"              the size sweep's button (N64: "Z")
 *   HBT_MORE_KEYS   "L/R    CODE",        further controls, 20 columns each,
 *                   "UP/DN  PAGE",        each followed by a comma (may be empty)
 *   HBT_EMU_NOTES   "MGBA CYCLE-EXACT",   which emulators time this ROM how well,
 *                   ...                   as the console's test tier and docs
 *                                         measured it (the original's banner
 *                                         carried such notes); lines as above
 * Every line at most HBT_BANNER_COLS characters, in the font's characters
 * only (font5x7.c: upper case, no comma; the tests read every line back). */
#include "hbt_banner.h"
#include "hashbench.h"
#include "hbt_platform.h"

#ifndef HBT_MORE_KEYS
#define HBT_MORE_KEYS
#endif
/* without notes, no empty line for them either */
#ifdef HBT_EMU_NOTES
#define HBT_NOTE_LINES "", HBT_EMU_NOTES
#else
#define HBT_NOTE_LINES
#endif

const char *const hbt_banner_lines[] = {
    "HASHBENCH " HBT_NAME,
    HBT_CPU_TEXT,
    HBT_CLOCK_TEXT,
    "BUILD " HB_VERSION,
    HBT_BUILD_TEXT,
    "",
    "A      SORT ORDER",
    "B START RUN AGAIN",
    HBT_SWEEP_KEY " SIZE SWEEP",
    HBT_MORE_KEYS
    HBT_NOTE_LINES
    "",
    "PRESS A TO START",
    0
};

const unsigned char hbt_banner_prompt_row =
    (unsigned char)(sizeof hbt_banner_lines / sizeof hbt_banner_lines[0] - 2);

void hbt_wait_press(unsigned (*read_keys)(void), unsigned key, void (*wait_frame)(void))
{
    /* as if held: a press counts only after a frame without it */
    unsigned prev = key, keys;
    for (;;) {
        wait_frame();
        keys = read_keys();
        if (keys & ~prev & key)
            return;
        prev = keys;
    }
}
