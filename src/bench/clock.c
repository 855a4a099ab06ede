/* Clocks for the benchmark: see clock.h.  The only architecture-specific
 * code of the harness lives here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench/clock.h"
#include "bench/stats.h"

double hb_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

uint64_t hb_counter(void)
{
#if defined(__x86_64__) || defined(__i386__)
    uint32_t lo, hi;
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
#elif defined(__aarch64__)
    uint64_t v;
    __asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v));
    return v;
#else
    return 0;
#endif
}

#if defined(__aarch64__)
static double counter_register_hz(void)
{
    uint64_t f;
    __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
    return (double)f;
}
#endif

#if defined(__x86_64__) || defined(__i386__)
/* The kernel states the TSC frequency on some systems. */
static double tsc_hz_from_kernel(void)
{
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/tsc_freq_khz", "r");
    double khz = 0;
    if (f) {
        if (fscanf(f, "%lf", &khz) != 1)
            khz = 0;
        fclose(f);
    }
    return khz * 1e3;
}

/* Counter ticks per second against CLOCK_MONOTONIC_RAW over ~20 ms. */
static double counter_calibrate(void)
{
    double t0 = hb_now_ns(), t1;
    uint64_t c0 = hb_counter(), c1;
    do {
        t1 = hb_now_ns();
    } while (t1 - t0 < 20e6);
    c1 = hb_counter();
    return (double)(c1 - c0) / ((t1 - t0) * 1e-9);
}
#endif

void hb_clock_probe(hb_clock_info *info)
{
    struct timespec res;
    double best = 1e9, t0, t1, start;
    int i, reads = 0;
    memset(info, 0, sizeof *info);
    info->timer = "CLOCK_MONOTONIC_RAW";
    clock_getres(CLOCK_MONOTONIC_RAW, &res);
    /* the smallest non-zero step between consecutive reads */
    for (i = 0; i < 1000; i++) {
        t0 = hb_now_ns();
        do {
            t1 = hb_now_ns();
        } while (t1 == t0);
        if (t1 - t0 < best)
            best = t1 - t0;
    }
    if (best < (double)res.tv_nsec)
        best = (double)res.tv_nsec;
    info->resolution_ns = best;
    start = hb_now_ns();
    for (reads = 0; reads < 100000; reads++)
        t1 = hb_now_ns();
    info->read_cost_ns = (t1 - start) / reads;

    /* elsewhere (32-bit ARM, MIPS ...) hb_counter has no counter to read:
     * no counter, and no call to a reader that only x86 or aarch64 has */
#if defined(__x86_64__) || defined(__i386__)
    if (hb_counter() != 0) {
        info->counter = "tsc";
        info->counter_hz = tsc_hz_from_kernel();
        info->counter_hz_source = "kernel";
        if (info->counter_hz <= 0) {
            info->counter_hz = counter_calibrate();
            info->counter_hz_source = "calibrated against CLOCK_MONOTONIC_RAW";
        }
    }
#elif defined(__aarch64__)
    if (hb_counter() != 0) {
        info->counter = "cntvct";
        info->counter_hz = counter_register_hz();
        info->counter_hz_source = "CNTFRQ_EL0";
    }
#endif
}

/* 2000 dependent adds: each needs the previous result, so the chain runs at
 * one add per core cycle on every x86-64 and aarch64 core. */
static int add_chain(unsigned long rounds)
{
#if defined(__x86_64__)
    unsigned long x = 0, r;
    for (r = 0; r < rounds; r++)
        __asm__ __volatile__(".rept 2000\n\tadd $1, %0\n\t.endr" : "+r"(x));
    return (int)(x & 1);
#elif defined(__aarch64__)
    unsigned long x = 0, r;
    for (r = 0; r < rounds; r++)
        __asm__ __volatile__(".rept 2000\n\tadd %0, %0, #1\n\t.endr" : "+r"(x));
    return (int)(x & 1);
#else
    (void)rounds;
    return -1;
#endif
}

double hb_core_clock_hz(double ms)
{
    double hz[5], t0, t1;
    unsigned long rounds = 1000;
    int i;
    if (add_chain(1) < 0)
        return 0;
    /* size the run to about ms milliseconds */
    t0 = hb_now_ns();
    add_chain(rounds);
    t1 = hb_now_ns();
    rounds = (unsigned long)hb_calibrate_iters(rounds, t1 - t0, ms * 1e6 / 5);
    for (i = 0; i < 5; i++) {
        t0 = hb_now_ns();
        add_chain(rounds);
        t1 = hb_now_ns();
        hz[i] = 2000.0 * (double)rounds / ((t1 - t0) * 1e-9);
    }
    return hb_summarize(hz, 5).median;
}
