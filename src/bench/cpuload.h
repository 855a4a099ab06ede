/* Did other processes use the CPUs a measurement ran on?  /proc/stat's
 * per-CPU busy time over the measurement, for the CPUs this process may
 * run on (its affinity mask), minus this process's own CPU time (getrusage:
 * every thread of it, the BLAKE3 pool's too).  What is left is the other
 * processes' work -- and, on a virtual machine, the hypervisor's steal
 * time -- on those CPUs, in CPUs' worth (1.0: one CPU fully taken).
 *
 * Why this and not the load average: the load average counts hashbench
 * itself, trails by a minute and cannot say which CPUs were taken; the
 * run-queue length is an instant, not the measurement's whole span.  The
 * ticks are 10 ms apart (USER_HZ 100), so a measurement shorter than about
 * a second is judged coarsely; cmd_bench.c judges each group (several
 * hundred ms) and the run as a whole.
 *
 * Linux only (/proc); elsewhere the figures are unknown (-1) and nothing
 * is said.  The parsing is kept apart from the file so that
 * tests/unit/bench_cpuload.c can feed it known text. */
#ifndef HB_BENCH_CPULOAD_H
#define HB_BENCH_CPULOAD_H

#define HB_CPULOAD_MAX_CPUS 256

typedef struct hb_cpuload {
    int ok;                         /* 0: /proc/stat or getrusage unreadable */
    unsigned n_cpus;                /* CPUs in the affinity mask */
    unsigned short cpus[HB_CPULOAD_MAX_CPUS];
    unsigned long long busy, total; /* ticks summed over those CPUs */
    double own_s;                   /* this process's CPU seconds */
} hb_cpuload;

/* From /proc/stat's text: the busy (user, nice, system, irq, softirq,
 * steal) and total (those and idle, iowait) ticks of the CPUs listed,
 * summed.  Returns how many of them were found. */
unsigned hb_cpuload_parse(const char *stat, const unsigned short *cpus, unsigned n,
                          unsigned long long *busy, unsigned long long *total);

/* Others' CPUs' worth between two readings: (busy ticks - own ticks) over
 * wall ticks, where wall ticks are total ticks / n_cpus; never below 0;
 * -1 when nothing elapsed. */
double hb_cpuload_others_between(unsigned long long busy0, unsigned long long total0,
                                 unsigned long long busy1, unsigned long long total1,
                                 unsigned n_cpus, double own_ticks);

/* Takes a reading now. */
void hb_cpuload_start(hb_cpuload *l);

/* Others' CPUs' worth since `start` (see above), or -1 when unknown. */
double hb_cpuload_others(const hb_cpuload *start);

/* "0-1", "0,2,5": the CPUs of the reading, for messages */
void hb_cpuload_cpus_text(const hb_cpuload *l, char *out, unsigned n);

#endif
