/* The measurement protocol: calibrate, warm up, take interleaved samples.
 *
 * A cell is one algorithm x implementation x message size.  The cells of one
 * algorithm and size (its implementations, and peers) are measured as a
 * group: each is calibrated on its own, then their samples alternate,
 * A B C A B C ..., so that a change of the machine's clock during the group
 * hits all of them alike and their ratio stays honest. */
#ifndef HB_BENCH_MEASURE_H
#define HB_BENCH_MEASURE_H

#include "hashbench.h"
#include "bench/stats.h"

enum {
    HB_WARN_SPREAD = 1,             /* relative spread above 5 percent */
    HB_WARN_MEMORY = 2,             /* faster than this machine reads memory of that size */
    HB_WARN_LOAD = 4                /* other processes took CPU time from the CPUs it ran on */
};

typedef struct hb_bench_settings {
    double budget_ms;               /* sampling time per cell */
    unsigned repeat;                /* samples per cell */
    int latency;                    /* each message depends on the previous digest */
    int unaligned;                  /* messages start one byte past a 64-byte boundary */
    double resolution_ns;           /* of the timer: samples last >= 1000 times this */
} hb_bench_settings;

typedef struct hb_cell {
    const hb_algo *algo;
    const hb_impl *impl;
    size_t size;
    unsigned long long iters;       /* hash calls per sample */
    unsigned n_samples;
    double *samples_ns;             /* duration of each sample (malloc'd, n_samples) */
    double *samples_ticks;          /* TSC / CNTVCT ticks of each sample, or NULL */
    hb_summary ns_per_call;
    double bytes_per_s;             /* size / median ns per call */
    double ticks_per_call;          /* median counter ticks per call, 0 when no counter */
    uint8_t digest[HB_MAX_DIGEST];  /* of the canonical workload of this size */
    unsigned warnings;
    int oneshot;                    /* set by hb_measure_group: 1 when one call of the
                                       implementation's one-shot function (hb_impl_oneshot)
                                       was timed per message, 0 for init + update + final */
    unsigned threads;               /* the thread count the implementation was told to use
                                       (hb_cell_set_threads: BLAKE3 mt, the Rust rayon peer);
                                       0: its own default */
    void (*set_threads)(unsigned);  /* how to tell it, or NULL: called before each sample */
    /* hb_measure_copies (bench --threads N): N copies timed at once */
    unsigned copies;                /* 0: not measured so */
    double *copy_samples_ns;        /* copies x n_samples: row t holds thread t's samples */
    hb_summary copy_rate;           /* aggregate bytes/s, one value per round: the sum of
                                       the copies' rates (as openssl speed -multi adds its
                                       processes' figures) */
    double others_cpus;             /* other processes' CPUs' worth on this process's CPUs
                                       while the cell's group ran (bench/cpuload.h); -1 unknown */
} hb_cell;

/* A message buffer of `size` bytes holding the canonical workload, aligned
 * to 64 bytes or, when unaligned, starting one byte past.  NULL when it
 * cannot be allocated.  Free with hb_message_free. */
uint8_t *hb_message_new(size_t size, int unaligned);
void hb_message_free(uint8_t *msg, int unaligned);

/* Measures cells[0..n), which share algorithm and size, interleaved.
 * When every one of them has a one-shot function (hb_impl_oneshot), one
 * call of it is timed per message; otherwise init + update + final for all
 * (one protocol per group: its ratios compare like with like).
 * Returns 0, or -1 when out of memory. */
int hb_measure_group(hb_cell *cells, unsigned n, const hb_bench_settings *s);

/* The harness's own cost of one hash call, measured by the same loop as
 * the cells: of an empty one-shot function (the protocol of the cells whose
 * implementation has one), and of an implementation whose init, update and
 * final do nothing (the protocol of the others), in ns per call. */
double hb_measure_overhead(const hb_bench_settings *s);
double hb_measure_overhead_streamed(const hb_bench_settings *s);

/* Bytes per second at which this machine reads (memchr) a buffer of `size`
 * bytes: an upper bound for any hash that reads every byte. */
double hb_read_bandwidth(size_t size);

/* Measures c (already measured by hb_measure_group: its iterations per
 * sample are reused) again with `copies` threads at once, each hashing its
 * own messages with c's protocol; the rounds start together (a barrier),
 * and round r's aggregate is the sum of the copies' rates in it.  The
 * threads are not pinned (cmd_bench.c says why).  Returns 0, or -1 when out
 * of memory or a thread cannot be started. */
int hb_measure_copies(hb_cell *c, unsigned copies, const hb_bench_settings *s);

void hb_cell_free(hb_cell *c);

#endif
