/* How many CPUs this process may run on: the one answer every default
 * thread count takes (BLAKE3 `mt`'s pool, `hashbench sum`, bench's
 * --scale and --threads all, tune) and the dispatcher asks before it picks
 * an implementation that runs on several threads (src/dispatch.c).
 *
 * The CPUs of the calling thread's affinity mask (sched_getaffinity), so
 * that `taskset -c 1 hashbench ...` and `bench --pin 1` count one, as
 * b3sum and rayon (std::thread::available_parallelism) do; the online
 * CPUs (sysconf) where there is no such mask to read; 1 without a C
 * library (the freestanding cross targets).  Never 0.  Asked afresh at
 * every call: a process may change its mask (bench --pin does). */
#ifndef HB_OS_USABLE_CPUS_H
#define HB_OS_USABLE_CPUS_H

unsigned hb_usable_cpus(void);

#endif
