/* bench/cpuload.c on known /proc/stat text: which CPUs' ticks are summed,
 * what counts as busy, and other processes' share once hashbench's own
 * time is taken out.  The live reading is exercised by
 * tests/python/test_bench_threads.py (a busy process on the bench's CPU). */
#include <stdio.h>
#include "bench/cpuload.h"
#include "unit.h"

static const char stat0[] =
    "cpu  900 0 300 5000 10 0 5 0 0 0\n"
    "cpu0 100 0 50 1000 5 0 0 0 0 0\n"
    "cpu1 200 10 20 900 5 5 5 7 100 0\n"
    "cpu12 1 1 1 1 1 1 1 1 0 0\n"
    "intr 12345 0 0\n"
    "ctxt 999\n";
/* 100 ticks later on each CPU: cpu0 70 busy, cpu1 100 busy (20 of it steal) */
static const char stat1[] =
    "cpu  999 0 399 5000 10 0 5 0 0 0\n"
    "cpu0 160 0 60 1030 5 0 0 0 0 0\n"
    "cpu1 260 10 40 900 5 5 5 27 100 0\n"
    "cpu12 1 1 1 1 1 1 1 1 0 0\n";

int main(void)
{
    unsigned short both[2] = { 0, 1 }, one[1] = { 1 }, absent[2] = { 0, 7 }, twelve[1] = { 12 };
    unsigned long long b0, t0, b1, t1;
    double o;

    check(hb_cpuload_parse(stat0, both, 2, &b0, &t0) == 2 && b0 == 150 + 247 && t0 == 1155 + 1152,
          "cpu0 and cpu1 summed: user nice system irq softirq steal busy, guest not counted again");
    check(hb_cpuload_parse(stat0, one, 1, &b0, &t0) == 1 && b0 == 247 && t0 == 1152,
          "only the CPUs asked for (cpu1)");
    check(hb_cpuload_parse(stat0, twelve, 1, &b0, &t0) == 1 && b0 == 6 && t0 == 8,
          "cpu12 is not cpu1 (the number is read whole)");
    check(hb_cpuload_parse(stat0, absent, 2, &b0, &t0) == 1, "a CPU missing from the text is not found");
    check(hb_cpuload_parse("garbage\n", both, 2, &b0, &t0) == 0 && b0 == 0 && t0 == 0, "no cpu lines: nothing");

    hb_cpuload_parse(stat0, both, 2, &b0, &t0);
    hb_cpuload_parse(stat1, both, 2, &b1, &t1);
    /* 170 busy ticks over 100 wall ticks on 2 CPUs */
    o = hb_cpuload_others_between(b0, t0, b1, t1, 2, 0);
    check(o > 1.69 && o < 1.71, "no time of our own: others used 1.7 CPUs");
    o = hb_cpuload_others_between(b0, t0, b1, t1, 2, 100);
    check(o > 0.69 && o < 0.71, "100 ticks of our own: others used 0.7 CPUs");
    o = hb_cpuload_others_between(b0, t0, b1, t1, 2, 500);
    check(o == 0, "more own time than busy ticks (coarse ticks): 0, never negative");
    check(hb_cpuload_others_between(b1, t1, b1, t1, 2, 0) < 0, "no time elapsed: unknown");
    return unit_summary();
}
