/* The N64's side of the on-target harness (platforms/common/hbt_timer.h).
 *
 * The VR4300's COP0 Count register: on hardware it counts at half the CPU
 * clock (46.875 MHz for 93.75 MHz), and cen64 models that.  mupen64plus
 * advances it by CountPerOp per executed instruction instead; the runner
 * (build/n64-run) sets CountPerOp=1, so there a tick is one instruction.
 * Which of the two the ROM runs under it finds at start-up (n64_timer.h):
 * n64_tick_cycles, the CPU cycles the figures count per tick, is then 2
 * (the clock) or 1 (an instruction counted as a cycle), for the screen and
 * the results block alike.  Macros, so that the reads sit inside the timed
 * code. */
#ifndef HBT_PLATFORM_H
#define HBT_PLATFORM_H

#include <stdint.h>

#define HBT_CLOCK_HZ        93750000ul
/* set by n64_timer_detect() before the results block is written */
extern unsigned n64_tick_cycles;
#define HBT_CYCLES_PER_TICK n64_tick_cycles
#define HBT_PLATFORM_ID     5          /* HBT_PLATFORM_N64 */
/* a pass: 76 implementations x 3 sizes x N64_BUILDS; the ring holds two
 * passes of both builds without wrapping (the runner reads it once per pass) */
#define HBT_CAPACITY        1024
#define HBT_DIGEST_BYTES    64         /* whole digests: RDRAM has room */
#define HBT_ITERATIONS      1          /* the emulator's count is deterministic */
/* the VR4300's caches (16 KB instruction, 8 KB data): one untimed call
 * before the timed one (hbt_measure.c), so the count is a warm call's, the
 * same in every pass, as in the original suite's 200 ms loops; under
 * mupen64plus (no cache model) the instruction count is the same either way */
#define HBT_WARM_UP         1
#define HBT_TABLE_BUILDS    2          /* the screen keeps o32 and n32 (hbt_table.h) */
#define HBT_TABLE_HEAD      4          /* and the first four digest bytes, as the original showed */
#define HBT_BLOCK_ATTR      __attribute__((aligned(16)))
#define HBT_HOT_DATA        __attribute__((aligned(16)))

static __inline__ uint32_t n64_count(void)
{
    uint32_t c;
    __asm__ __volatile__("mfc0 %0, $9" : "=r"(c));
    return c;
}

/* The start: COUNT set to 0.  COUNT advances every second cycle, so a
 * plain read lands on either half of a tick and a count could differ by
 * one tick from pass to pass; writing COUNT starts a fresh tick (cen64
 * keeps a cycle counter and reads it halved: a write clears its low bit),
 * so the timed code always starts on the same half.  0, not the value
 * read: cen64 keeps 32 bits of its cycle counter, so a value written back
 * would lose its top bit.  Nothing else in the ROM reads COUNT, and no
 * interrupt is enabled (COUNT = COMPARE only sets a pending bit). */
static __inline__ void n64_timer_begin(void)
{
    __asm__ __volatile__("mtc0 $zero, $9\n\tnop\n\tnop" : : : "memory");
}
#define hbt_timer_init() ((void)0)
#define hbt_timer_start() n64_timer_begin()
#define hbt_timer_read() n64_count()
#define hbt_timer_stop() n64_count()

/* the start-up banner's text (platforms/common/hbt_banner.c) */
#define HBT_NAME       "N64"
#define HBT_CPU_TEXT   "NEC VR4300"
#define HBT_CLOCK_TEXT "93.75 MHZ"
#define HBT_BUILD_TEXT "O32 + N32 GCC"
#define HBT_SWEEP_KEY  "Z     "
#define HBT_MORE_KEYS  "L/R    CODE SHOWN", "UP/DN  PAGE",

#endif /* HBT_PLATFORM_H */
