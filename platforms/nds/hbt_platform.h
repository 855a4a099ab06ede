/* The DS's side of the on-target harness (platforms/common/hbt_timer.h).
 *
 * The DS timers count at the bus clock, 33.513982 MHz, half the ARM9's
 * 67.027964 MHz: timer 0 at prescaler 1 and timer 1 cascaded on it give a
 * 32-bit count of bus cycles (128 s before it wraps), so one tick is two
 * ARM9 cycles.  Macros, so the register writes sit inside the timed code. */
#ifndef HBT_PLATFORM_H
#define HBT_PLATFORM_H

#include "nds_regs.h"

#define HBT_CLOCK_HZ        67027964ul  /* ARM946E-S: 2 x the 33.513982 MHz bus clock */
#define HBT_CYCLES_PER_TICK 2
#define HBT_PLATFORM_ID     4           /* HBT_PLATFORM_NDS */
/* one pass: 40 algorithms, 76 implementations, 3 sizes = 228 entries; the
 * ring holds two passes, so the runner never loses one it has not read */
#define HBT_CAPACITY        512
#define HBT_DIGEST_BYTES    64          /* whole digests: main RAM has room */
#define HBT_ITERATIONS      1           /* 2-cycle ticks: one call is resolved well */
#define HBT_TABLE_HEAD      4           /* the top screen shows H0..H3 (hbt_table.h) */
#define HBT_BLOCK_ATTR                  /* .bss in main RAM */
/* the message, context and digest in the data TCM (no wait states, no
 * cache misses on hardware), as the GBA keeps them in IWRAM */
#define HBT_HOT_DATA        __attribute__((section(".dtcm_bss"), aligned(4)))

#define hbt_timer_init() ((void)0)
/* stop both, then enable timer 1 (cascade) before timer 0; enabling a timer
 * loads its count from the reload value (0, written with the control) */
#define hbt_timer_start() (REG_TM0CNT = 0, REG_TM1CNT = 0, \
                           REG_TM1CNT = (uint32_t)(TM_ENABLE | TM_CASCADE) << 16, \
                           REG_TM0CNT = (uint32_t)TM_ENABLE << 16)
#define hbt_timer_stop() (REG_TM0CTL = 0, ((uint32_t)REG_TM1D << 16) | REG_TM0D)
uint32_t hbt_timer_read(void);

/* the start-up banner's text (platforms/common/hbt_banner.c) */
#define HBT_NAME       "DS"
#define HBT_CPU_TEXT   "ARM946E-S"
#define HBT_CLOCK_TEXT "67.03 MHZ"
#define HBT_BUILD_TEXT "GCC ARM MAIN RAM"
#define HBT_SWEEP_KEY  "SELECT"
#define HBT_MORE_KEYS  "UP/DN  PAGE",
/* what the test tier measured (docs/consoles/nds.md): DeSmuME models the
 * ARM9's timing roughly (its JIT and interpreter differ by tens of %) */
#define HBT_EMU_NOTES  "DESMUME APPROX", "ARM9 TIMING ROUGH",

#endif /* HBT_PLATFORM_H */
