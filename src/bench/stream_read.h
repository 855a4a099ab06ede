/* A plain streaming read: how many bytes a cycle one core reads from each
 * level of the memory hierarchy when it does nothing but load and add
 * (`hashbench bandwidth`, docs/measuring.md "Memory bounds").  A hash loop
 * that reads one vector a step cannot go faster than this from the level
 * its message sits in, so it is the bound the family docs quote beside a
 * kernel's llvm-mca figure.
 *
 * The loop sums a buffer with vector loads into eight independent sums (so
 * no add chain limits it), pass after pass; the buffer's size puts it in
 * L1, L2, L3 or DRAM.  Samples are timed like `bench`'s: calibrated to a
 * duration, taken in rounds that visit every size once before the next
 * round, each round with its own measurement of the dependent-add clock
 * (bench/clock.h), so bytes per cycle is a ratio taken in one round. */
#ifndef HB_BENCH_STREAM_READ_H
#define HB_BENCH_STREAM_READ_H

#include <stddef.h>
#include "bench/stats.h"

#define HB_STREAM_UNROLL 8          /* independent sums, loads per step */
#define HB_STREAM_MAX_WIDTH 64      /* widest load: one zmm */
/* buffer sizes must be multiples of this: one step of the widest loop */
#define HB_STREAM_GRAIN (HB_STREAM_UNROLL * HB_STREAM_MAX_WIDTH)
#define HB_STREAM_MAX_SIZES 16
#define HB_STREAM_MAX_ROUNDS 1000

typedef struct hb_stream_loads {
    const char *name;               /* "avx512", "avx2", "vector16" */
    unsigned width;                 /* bytes one load reads */
    int (*available)(void);         /* this CPU (and HB_X86_MASK) allows it */
} hb_stream_loads;

/* The load forms built for this architecture, widest first; *n their count. */
const hb_stream_loads *hb_stream_loads_list(unsigned *n);

typedef struct hb_stream_size {
    size_t bytes;
    hb_summary bytes_per_cycle;     /* over the rounds */
    hb_summary bytes_per_ns;
} hb_stream_size;

typedef struct hb_stream_run {
    /* in */
    const hb_stream_loads *loads;
    unsigned n_sizes, rounds;
    double sample_ms;               /* each sample lasts at least this */
    /* in: sizes[k].bytes; out: the rest */
    hb_stream_size sizes[HB_STREAM_MAX_SIZES];
    hb_summary clock_hz;            /* the rounds' dependent-add clocks */
} hb_stream_run;

/* Measures run->sizes with run->loads.  0, or -1 with a reason in err
 * (out of memory, a size that is not a multiple of HB_STREAM_GRAIN, no
 * dependent-add clock on this architecture). */
int hb_stream_measure(hb_stream_run *run, char *err, size_t err_len);

#endif
