/* The GBA's side of the on-target harness (platforms/common/hbt_timer.h).
 *
 * Timer 0 counts CPU cycles (prescaler 1, 16.78 MHz) and timer 1, cascaded,
 * counts timer 0's overflows: together a 32-bit count of exact cycles, good
 * for 256 s.  Macros, so that the register writes are compiled into the
 * timed code's own build (Thumb in ROM, ARM in IWRAM). */
#ifndef HBT_PLATFORM_H
#define HBT_PLATFORM_H

#include "gba_regs.h"

#define HBT_CLOCK_HZ        16777216ul
#define HBT_CYCLES_PER_TICK 1
#define HBT_PLATFORM_ID     3          /* HBT_PLATFORM_GBA */
/* one pass: 40 algorithms x 2 implementations x 3 sizes x 2 builds = 480
 * entries; the ring holds two passes so a rerun never overwrites the
 * previous pass before a reader has seen it */
#define HBT_CAPACITY        1024
#define HBT_DIGEST_BYTES    64         /* whole digests: EWRAM has room */
#define HBT_ITERATIONS      1          /* ticks are cycles: one call is exact */
#define HBT_TABLE_BUILDS    2          /* the screen keeps Thumb ROM and ARM IWRAM (hbt_table.h) */
#define HBT_TABLE_HEAD      4          /* the table shows H0..H3, as the original (hbt_table.h) */
#define HBT_BLOCK_ATTR                 /* .bss, which the linker script puts in EWRAM */
#define HBT_HOT_DATA        __attribute__((section(".iwram_bss"), aligned(4)))

#define hbt_timer_init() ((void)0)
/* stop both, then enable timer 1 (cascade) before timer 0: enabling a
 * timer reloads its count from the reload value (0) */
#define hbt_timer_start() (REG_TM0CNT = 0, REG_TM1CNT = 0, \
                           REG_TM1CNT = (uint32_t)(TM_ENABLE | TM_CASCADE) << 16, \
                           REG_TM0CNT = (uint32_t)TM_ENABLE << 16)
#define hbt_timer_stop() (REG_TM0CTL = 0, ((uint32_t)REG_TM1D << 16) | REG_TM0D)
uint32_t hbt_timer_read(void);

/* the start-up banner's text (platforms/common/hbt_banner.c) */
#define HBT_NAME       "GBA"
#define HBT_CPU_TEXT   "ARM7TDMI"
#define HBT_CLOCK_TEXT "16.78 MHZ"
#define HBT_BUILD_TEXT "THUMB ROM+ARM IWRAM"
#define HBT_SWEEP_KEY  "SELECT"
#define HBT_MORE_KEYS  "L/R    ROM/IWRAM", "LT/RT  PORT/FAST", "UP/DN  PAGE",
/* what the test tier measured (docs/consoles/gba.md): mGBA's counts are
 * exact for its model; its ROM prefetch timing is an approximation */
#define HBT_EMU_NOTES  "MGBA CYCLE-EXACT", "ROM PREFETCH APPROX",

#endif /* HBT_PLATFORM_H */
