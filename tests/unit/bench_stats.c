/* Unit tests of the benchmark's statistics and clock plumbing, on data with
 * known answers (no timing is asserted: speed is for benchmarks). */
#include <math.h>
#include <stdio.h>
#include "bench/clock.h"
#include "bench/stats.h"
#include "hashbench.h"
#include "unit.h"

static int near(double a, double b)
{
    return fabs(a - b) <= 1e-9 * (fabs(a) + fabs(b) + 1);
}

int main(void)
{
    static const double odd[] = { 9, 1, 5, 3, 7 };
    static const double even[] = { 4, 1, 3, 2 };
    static const double one[] = { 42 };
    static const double outlier[] = { 10, 10, 10, 10, 10, 10, 1000 };
    double big[1000];
    hb_summary s;
    hb_clock_info ci;
    unsigned i;
    double t0, t1;

    s = hb_summarize(odd, 5);
    check(near(s.median, 5) && near(s.min, 1) && near(s.max, 9), "median, min, max of an odd count");
    check(near(s.q1, 3) && near(s.q3, 7) && near(s.spread, 0.8), "quartiles and relative spread (IQR / median)");
    s = hb_summarize(even, 4);
    check(near(s.median, 2.5), "median of an even count interpolates");
    s = hb_summarize(one, 1);
    check(near(s.median, 42) && near(s.spread, 0), "a single sample has no spread");
    s = hb_summarize(outlier, 7);
    check(near(s.median, 10) && near(s.spread, 0) && near(s.max, 1000),
          "one outlier moves max but neither median nor spread");
    check(odd[0] == 9 && odd[4] == 7, "summarising leaves the samples unsorted");
    {
        /* crc32 at 1 KiB, vpclmul against ISA-L, as measured here: the machine
         * went from slow to fast during round 4, between the two samples, so
         * the medians (22.3 and 21.5) come from different speeds and say
         * 0.96, while every other round says 1.15-1.19 */
        static const double ours[] = { 24.5, 24.8, 23.1, 22.3, 17.8, 17.8, 17.6 };
        static const double isal[] = { 28.2, 26.9, 27.4, 21.5, 21.0, 21.0, 21.0 };
        static const double bad[] = { 1, 0, 1 };
        double medians = hb_summarize(isal, 7).median / hb_summarize(ours, 7).median;
        double paired = hb_paired_ratio(ours, isal, 7);
        check(medians < 0.97 && paired > 1.17 && paired < 1.19,
              "paired ratio: the median of the rounds' ratios, not the ratio of the medians");
        check(near(hb_paired_ratio(even, even, 4), 1), "paired ratio of a cell with itself is 1");
        check(hb_paired_ratio(odd, bad, 3) == 0 && hb_paired_ratio(odd, odd, 0) == 0,
              "paired ratio refuses a zero time and an empty group");
    }
    for (i = 0; i < 1000; i++)
        big[i] = (double)((i * 7919u) % 1000);   /* a permutation of 0..999 */
    s = hb_summarize(big, 1000);
    check(near(s.median, 499.5) && near(s.min, 0) && near(s.max, 999), "more than 64 samples (heap path)");

    check(hb_calibrate_iters(10, 1e6, 1e7) == 100, "calibration scales iterations to the target time");
    check(hb_calibrate_iters(3, 1e6, 1e6) == 3, "calibration keeps a count that already fits");
    check(hb_calibrate_iters(1, 5e9, 1e6) == 1, "calibration never goes below one iteration");
    check(hb_calibrate_iters(4, 0, 1e6) == 8, "a zero reading doubles the count");

    hb_clock_probe(&ci);
    check(ci.resolution_ns > 0 && ci.resolution_ns < 1e6, "timer resolution is positive and below a millisecond");
    t0 = hb_now_ns();
    t1 = hb_now_ns();
    check(t1 >= t0, "CLOCK_MONOTONIC_RAW does not go backwards");
#if defined(__x86_64__) || defined(__aarch64__)
    check(ci.counter != NULL && ci.counter_hz > 1e6, "the cycle counter is found, with its frequency");
    check(hb_core_clock_hz(5) > 1e7, "the dependent-add chain gives a core clock");
#endif
    return unit_summary();
}
