/* The clocks the benchmark reads, and what they are worth.
 *
 * Samples are timed with CLOCK_MONOTONIC_RAW (nanoseconds, not slewed by
 * NTP).  Beside it, where the CPU has one: the x86-64 time-stamp counter or
 * the aarch64 generic timer, with their frequency, and the effective core
 * clock measured with a chain of dependent adds (one cycle each), so that
 * cycles per byte can be given in core cycles with the clock they assume. */
#ifndef HB_BENCH_CLOCK_H
#define HB_BENCH_CLOCK_H

#include <stdint.h>

typedef struct hb_clock_info {
    const char *timer;              /* "CLOCK_MONOTONIC_RAW" */
    double resolution_ns;           /* smallest step seen between two reads (>= clock_getres) */
    double read_cost_ns;            /* cost of one read */
    const char *counter;            /* "tsc", "cntvct", or NULL */
    double counter_hz;              /* its frequency, 0 when unknown */
    const char *counter_hz_source;  /* "kernel", "cpuid", "register", "calibrated" */
} hb_clock_info;

double hb_now_ns(void);
uint64_t hb_counter(void);          /* TSC / CNTVCT, 0 where there is none */
void hb_clock_probe(hb_clock_info *info);

/* Effective core clock in Hz, from a dependent-add chain timed against
 * CLOCK_MONOTONIC_RAW over about `ms` milliseconds (median of 5 runs).
 * 0 on an architecture without an add chain written for it. */
double hb_core_clock_hz(double ms);

#endif
