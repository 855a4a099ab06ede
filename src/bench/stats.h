/* Order statistics of benchmark samples.  Kept free of I/O and timing so
 * that tests/unit/bench_stats.c can check them on known data. */
#ifndef HB_BENCH_STATS_H
#define HB_BENCH_STATS_H

#include <stddef.h>

typedef struct hb_summary {
    double median, min, max;
    double q1, q3;                  /* quartiles (linear interpolation) */
    double spread;                  /* (q3 - q1) / median: relative interquartile range */
} hb_summary;

/* Sorts a copy of x[0..n) (n >= 1) and summarises it. */
hb_summary hb_summarize(const double *x, size_t n);

/* The value at quantile q in 0..1 of sorted[0..n), interpolated linearly. */
double hb_quantile_sorted(const double *sorted, size_t n, double q);

/* The ratio of two interleaved measurements: the median over the rounds k
 * of b_ns[k] / a_ns[k] (times per call taken in the same round, so above 1
 * means a is faster).  Sample k of every cell of a group is taken in round
 * k, so a round's two samples saw the same machine: when the machine
 * changes speed part-way through a group, the two medians can come from
 * different speeds and their ratio from neither, while the rounds' ratios
 * stay put.  0 when n is 0, a time is not positive, or out of memory. */
double hb_paired_ratio(const double *a_ns, const double *b_ns, size_t n);

/* Iterations per sample so that one sample lasts at least `target_ns`, given
 * that `iters` iterations took `elapsed_ns`.  Never below 1. */
unsigned long long hb_calibrate_iters(unsigned long long iters, double elapsed_ns, double target_ns);

#endif
