/* The N64's side of the on-target harness (platforms/common/hbt_timer.h).
 *
 * The VR4300's COP0 Count register: on hardware it counts at half the CPU
 * clock (46.875 MHz for 93.75 MHz).  mupen64plus advances it by CountPerOp
 * per executed instruction instead; tools/n64-run sets CountPerOp=1, so
 * under the emulator a tick is one instruction.  N64_TICK_CYCLES (n64.mk)
 * says how many CPU cycles the figures count per tick: 1 by default (the
 * emulator: an instruction counted as a cycle), 2 for a hardware build.
 * Macros, so that the reads sit inside the timed code. */
#ifndef HBT_PLATFORM_H
#define HBT_PLATFORM_H

#include <stdint.h>

#ifndef N64_TICK_CYCLES
#define N64_TICK_CYCLES 1
#endif

#define HBT_CLOCK_HZ        93750000ul
#define HBT_CYCLES_PER_TICK N64_TICK_CYCLES
#define HBT_PLATFORM_ID     5          /* HBT_PLATFORM_N64 */
/* a pass: 76 implementations x 3 sizes x N64_BUILDS; the ring holds two
 * passes of both builds without wrapping (the runner reads it once per pass) */
#define HBT_CAPACITY        1024
#define HBT_DIGEST_BYTES    64         /* whole digests: RDRAM has room */
#define HBT_ITERATIONS      1          /* the emulator's count is deterministic */
#define HBT_TABLE_BUILDS    2          /* the screen keeps o32 and n32 (hbt_table.h) */
#define HBT_BLOCK_ATTR      __attribute__((aligned(16)))
#define HBT_HOT_DATA        __attribute__((aligned(16)))

static __inline__ uint32_t n64_count(void)
{
    uint32_t c;
    __asm__ __volatile__("mfc0 %0, $9" : "=r"(c));
    return c;
}

extern uint32_t n64_timer_t0;
#define hbt_timer_init() ((void)0)
#define hbt_timer_start() ((void)(n64_timer_t0 = n64_count()))
#define hbt_timer_read() (n64_count() - n64_timer_t0)
#define hbt_timer_stop() (n64_count() - n64_timer_t0)

/* the start-up banner's text (platforms/common/hbt_banner.c) */
#define HBT_NAME       "N64"
#define HBT_CPU_TEXT   "NEC VR4300"
#define HBT_CLOCK_TEXT "93.75 MHZ"
#define HBT_BUILD_TEXT "O32 + N32 GCC"
#define HBT_SWEEP_KEY  "Z     "
#define HBT_MORE_KEYS  "L/R    CODE SHOWN", "UP/DN  PAGE",

#endif /* HBT_PLATFORM_H */
