/* The NES's side of the on-target harness (platforms/common/hbt_timer.h).
 *
 * The NES has no cycle counter.  The timer counts frames (the PPU's NMI,
 * every 29780.5 CPU cycles with rendering on) and measures the rest with a
 * spin loop of a known cycle count: start waits for a frame to begin, stop
 * spins until the next one and subtracts the spin (nes_clock.s, the
 * arithmetic in nes_timer.c).  The result is CPU cycles, accurate to about
 * ten cycles (docs/consoles/nes.md). */
#ifndef HBT_PLATFORM_H
#define HBT_PLATFORM_H

#include "hashbench/common.h"

#define HBT_CLOCK_HZ        1789773ul  /* NTSC 2A03: 21.477272 MHz / 12 */
#define HBT_CYCLES_PER_TICK 1          /* the ticks are CPU cycles */
#define HBT_PLATFORM_ID     1          /* HBT_PLATFORM_NES */
/* 2 KB of internal RAM cannot hold a pass (about 230 entries): a ring of
 * 16 entries the runner drains every frame.  The timer waits for a frame
 * before every measurement, so at most one entry appears per frame (six
 * at once for an algorithm recorded as not run). */
#define HBT_CAPACITY        16
#define HBT_DIGEST_BYTES    4          /* the original suite's H0..H3 */
#define HBT_ITERATIONS      1          /* ticks are cycles: one call suffices */
#define HBT_BLOCK_ATTR                 /* cc65 has no attributes: nes.mk gives hbt_block.c its own BSS segment */
#define HBT_HOT_DATA

/* nes_clock.s; stop return CPU cycles since start returned */
void hbt_timer_init(void);
void __fastcall__ hbt_timer_start(void);
uint32_t __fastcall__ hbt_timer_stop(void);
/* hbt_timer_read (ticks while running) is not provided: nothing here reads a
 * running timer, and reading it would mean spinning to the next frame */

/* the start-up banner's text (platforms/common/hbt_banner.c) */
#define HBT_NAME       "NES"
#define HBT_CPU_TEXT   "RICOH 2A03 (6502)"
#define HBT_CLOCK_TEXT "1.79 MHZ NTSC"
#define HBT_BUILD_TEXT "CC65 BANKED ROM"
#define HBT_SWEEP_KEY  "SELECT"
#define HBT_MORE_KEYS  "UP/DN  PAGE",
/* what the test tiers measured of the emulator's timing (docs/consoles/nes.md:
 * Nestopia's counts within 1% of sim65's exact ones, test_cycles.py) */
#define HBT_EMU_NOTES  "NESTOPIA APPROX", "WITHIN 1% OF SIM65",

#endif /* HBT_PLATFORM_H */
