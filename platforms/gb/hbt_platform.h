/* The Game Boy's side of the on-target harness (platforms/common/hbt_timer.h).
 *
 * Timing: TIMA counts at 65536 Hz, one tick per 64 T-cycles of the
 * 4.194304 MHz clock (TAC = 0x06), and its overflow interrupt counts
 * 256-tick wraps in 24 bits (crt0.s): a 32-bit count of 64-cycle ticks.
 * Each start resets the divider, so the prescaler's phase is the same at
 * every start and a measurement repeats to the tick.  The overflow
 * interrupt's own cost (about 128 T-cycles per 16384) is inside the
 * counts: it is part of what the ROM measures, and is not subtracted.
 *
 * Iterations: one 64-cycle tick is too coarse for a single call of a fast
 * checksum, so gb_measure (gb_bank.c) times one call, and if that took
 * fewer than GB_MIN_TICKS ticks, times enough calls to reach them (error
 * under 0.1%).  The count it chose is what HBT_ITERATIONS reads when the
 * run loop records the entry. */
#ifndef HBT_PLATFORM_H
#define HBT_PLATFORM_H

#include <stdint.h>

/* a Color runs the ROM in double speed (gb_speed.c): twice the clock, and
 * TIMA twice as fast, so still 64 CPU cycles a tick; the block then names
 * the platform gbc */
extern uint8_t gb_double_speed;
#define HBT_CLOCK_HZ        (gb_double_speed ? 8388608ul : 4194304ul)
#define HBT_CYCLES_PER_TICK 64
#define HBT_PLATFORM_ID     (gb_double_speed ? 6 : 2)   /* HBT_PLATFORM_GBC : HBT_PLATFORM_GB */
/* 8 KB of WRAM: a small ring the runner drains every frame (70224
 * T-cycles; a measured entry takes at least GB_MIN_TICKS * 64 = 64000, so
 * a frame sees at most two measured entries and a few not-run ones) */
#define HBT_CAPACITY        8
#define HBT_DIGEST_BYTES    64         /* whole digests: 8 x 74 bytes */
#define HBT_ITERATIONS      gb_iterations
#define HBT_BLOCK_ATTR
#define HBT_HOT_DATA

#define GB_MIN_TICKS 1000u

extern unsigned gb_iterations;

void hbt_timer_init(void);
void hbt_timer_start(void);
uint32_t hbt_timer_read(void);
uint32_t hbt_timer_stop(void);

/* the start-up banner's text (platforms/common/hbt_banner.c) */
#define HBT_NAME       "GAME BOY"
#define HBT_CPU_TEXT   "SHARP SM83"
#define HBT_CLOCK_TEXT "4.19 MHZ"
#define HBT_BUILD_TEXT "SDCC BANKED ROM"
#define HBT_SWEEP_KEY  "SELECT"
#define HBT_MORE_KEYS  "LT/RT  PORT/FAST", "UP/DN  PAGE",
/* what the test tier measured (docs/consoles/gb.md): the two emulators'
 * counts agree within 0.15%; the record says approximate (64-cycle ticks) */
#define HBT_EMU_NOTES  "GAMBATTE+MGBA APPROX", "AGREE WITHIN 0.15%",

#endif /* HBT_PLATFORM_H */
