/* The CPUs this process may run on (usable_cpus.h).  Every build of the
 * library has this file; which source of the count it uses is the C
 * library's to say:
 *   - Linux (glibc, musl): the affinity mask, sched_getaffinity and
 *     CPU_COUNT (glibc 2.6 on; an older one lacks CPU_COUNT and counts
 *     the online CPUs, as below).  So does a kernel built for more than
 *     a cpu_set_t's 1024 CPUs, which refuses the call (EINVAL): a mask
 *     there is not read.
 *   - other hosted systems with sysconf: the online CPUs.
 *   - no C library (-ffreestanding: cross/freestanding's targets): 1;
 *     they have no threads either. */
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE                 /* CPU_COUNT, sched_getaffinity (the Makefile defines it too) */
#endif
#include "os/usable_cpus.h"

#if __STDC_HOSTED__ && defined(__linux__)
#include <sched.h>
#endif
#if __STDC_HOSTED__ && (defined(__unix__) || defined(__APPLE__))
#include <unistd.h>
#endif

/* the CPUs in the calling thread's affinity mask, or 0 where it cannot be read */
static unsigned affinity_cpus(void)
{
#if __STDC_HOSTED__ && defined(__linux__) && defined(CPU_COUNT)
    cpu_set_t set;
    int n;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && (n = CPU_COUNT(&set)) > 0)
        return (unsigned)n;
#endif
    return 0;
}

static unsigned online_cpus(void)
{
#if __STDC_HOSTED__ && (defined(__unix__) || defined(__APPLE__)) && defined(_SC_NPROCESSORS_ONLN)
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n > 0)
        return (unsigned)n;
#endif
    return 1;
}

unsigned hb_usable_cpus(void)
{
    unsigned n = affinity_cpus();
    return n > 0 ? n : online_cpus();
}
