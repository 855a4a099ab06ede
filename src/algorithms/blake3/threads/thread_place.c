/* A new pool thread's first CPU (thread_place.h).
 *
 * Linux placed the pool's new thread on its maker's CPU in about half of
 * the `hashbench sum` runs of a 50 MiB file seen under perf sched (2 CPUs,
 * Firecracker VM), and left it there for the whole 8 ms job while the
 * other CPU idled: the two threads took turns on one CPU, and the run took
 * as long as one thread's.  b3sum's threads, made about 2 ms before its
 * work starts, had moved apart by then.  So a new thread that finds itself
 * on its maker's CPU asks for any other CPU once, and then for all of them
 * again: the scheduler places it from there as it likes.
 *
 * Linux only (sched_getcpu, sched_setaffinity); elsewhere nothing. */
#include "algorithms/blake3/threads/thread_place.h"

#if defined(__linux__)
#include <sched.h>

int hb_thread_cpu_now(void)
{
    return sched_getcpu();
}

void hb_thread_leave_cpu(int maker_cpu)
{
    cpu_set_t allowed, others;
    if (maker_cpu < 0 || maker_cpu >= CPU_SETSIZE || sched_getcpu() != maker_cpu)
        return;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0 || !CPU_ISSET(maker_cpu, &allowed) ||
        CPU_COUNT(&allowed) < 2)
        return;
    others = allowed;
    CPU_CLR(maker_cpu, &others);
    if (sched_setaffinity(0, sizeof others, &others) == 0)
        sched_setaffinity(0, sizeof allowed, &allowed);
}

#else

int hb_thread_cpu_now(void)
{
    return -1;
}

void hb_thread_leave_cpu(int maker_cpu)
{
    (void)maker_cpu;
}

#endif
