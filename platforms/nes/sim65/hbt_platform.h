/* The sim65 build's side of the on-target harness (platforms/common/hbt_timer.h).
 *
 * sim65 gives a program no cycle counter to read: it prints the cycles of
 * the whole run at exit (`sim65 -c`).  The timer here is therefore empty,
 * and the driver (run_sim65.py) times a measurement by running the same
 * program with N and with 2N iterations and subtracting the two totals:
 * start-up, argument parsing and printing the digest cost the same in both
 * runs and cancel, leaving exactly N passes of hbt_measure's loop. */
#ifndef HBT_PLATFORM_H
#define HBT_PLATFORM_H

#define HBT_CLOCK_HZ        1789773ul  /* NTSC NES CPU clock, for KB/s only */
#define HBT_CYCLES_PER_TICK 1
#define HBT_PLATFORM_ID     1          /* HBT_PLATFORM_NES */
#define HBT_CAPACITY        1          /* no results block: the digest is printed */
#define HBT_DIGEST_BYTES    64
#define HBT_ITERATIONS      1          /* the iteration count comes from the command line */
#define HBT_BLOCK_ATTR
#define HBT_HOT_DATA

/* empty on purpose: an empty macro adds no cycles inside the timed loop's
 * function, and the count comes from outside the program */
#define hbt_timer_init()  ((void)0)
#define hbt_timer_start() ((void)0)
#define hbt_timer_stop()  ((uint32_t)0)
#define hbt_timer_read()  ((uint32_t)0)

#endif /* HBT_PLATFORM_H */
