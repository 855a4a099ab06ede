/* What a console's results screen keeps of each entry as the run loop
 * reports it (the results block has everything, but in the order
 * measured, and a small console's ring has long moved on), and the
 * figures the screen shows, worked out from it at the nominal clock.
 *
 * Sized by the console's hbt_platform.h, with these defaults:
 *   HBT_TABLE_ALGOS  48   algorithms (the roster has 40)
 *   HBT_TABLE_BUILDS 1    builds (GBA and N64: 2)
 *   HBT_TABLE_HEAD   2    digest bytes kept at 1024 bytes (GBA, DS: 4)
 * The NES keeps its own, smaller table (nes_ui.c): 2 KB of RAM. */
#ifndef HBT_TABLE_H
#define HBT_TABLE_H

#include "hbt_run.h"

#ifndef HBT_TABLE_ALGOS
#define HBT_TABLE_ALGOS 48
#endif
#ifndef HBT_TABLE_BUILDS
#define HBT_TABLE_BUILDS 1
#endif
#ifndef HBT_TABLE_HEAD
#define HBT_TABLE_HEAD 2
#endif

/* an hbt_entry_fn's arguments; returns 0 (and keeps nothing) for an
 * algorithm, implementation or build beyond the table */
int hbt_table_keep(unsigned algo, unsigned impl, unsigned build, unsigned size_index,
                   uint32_t ticks, unsigned iters, const uint8_t *digest);
/* iterations timed (at most 255); 0: not run */
unsigned hbt_table_ran(unsigned b, unsigned a, unsigned j, unsigned s);
/* the first HBT_TABLE_HEAD digest bytes at 1024 bytes (zero past the
 * digest's length, or when not run) */
const uint8_t *hbt_table_head(unsigned b, unsigned a, unsigned j);
/* bytes per second at HBT_CLOCK_HZ; 0 when not run */
uint32_t hbt_table_bytes_per_s(unsigned b, unsigned a, unsigned j, unsigned s);
/* microseconds per iteration (one hash of the message) x 10 at
 * HBT_CLOCK_HZ, truncated: the original suite's US/IT; 0 when not run */
uint32_t hbt_table_us10(unsigned b, unsigned a, unsigned j, unsigned s);
/* CPU cycles per byte x 10, truncated; 0 when not run */
uint32_t hbt_table_cpb10(unsigned b, unsigned a, unsigned j, unsigned s);
/* the implementation a row shows: 1 (fast) where the algorithm has one */
unsigned hbt_table_best(unsigned a);

/* floor(a x b / c) with 32-bit operations only (no 64-bit division helper
 * on the o32 N64 image, no 64-bit integers at all in cc65 or SDCC);
 * 0xFFFFFFFF when the quotient does not fit or c is 0 */
uint32_t hbt_muldiv(uint32_t a, uint32_t b, uint32_t c);

#endif
