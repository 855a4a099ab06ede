/* hb_usable_cpus (src/os/usable_cpus.h) under sched_setaffinity: it counts
 * the CPUs of the calling thread's mask, not the machine's, and follows
 * the mask when it changes; and what depends on it:
 *   - the ranks' pick (hb_impl_pick): a threaded implementation
 *     (BLAKE3 `mt`) is the pick where the mask holds two CPUs or more,
 *     never where it holds one (hb_impl_pickable);
 *   - BLAKE3 mt's pool, started in a child pinned to one CPU: one thread,
 *     and the pool hashed none of a 1 MiB job's parts; started in a child
 *     with two CPUs: two threads.
 * Each pool is started in a child of its own (fork before any `mt` hash
 * in this process), as a fresh process starts it.  One CPU in the
 * original mask: the two-CPU checks are skipped and say so. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "hashbench.h"
#include "algorithms/blake3/blake3_mt.h"
#include "impl_rows.h"
#include "os/usable_cpus.h"
#include "unit.h"

static cpu_set_t original;
static int n_original;

/* the first n CPUs of the original mask, or -1 */
static int set_first(int n, cpu_set_t *out)
{
    int cpu, taken = 0;
    CPU_ZERO(out);
    for (cpu = 0; cpu < CPU_SETSIZE && taken < n; cpu++)
        if (CPU_ISSET(cpu, &original)) {
            CPU_SET(cpu, out);
            taken++;
        }
    return taken == n ? 0 : -1;
}

static int pin_first(int n)
{
    cpu_set_t set;
    return set_first(n, &set) == 0 && sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : -1;
}

static void restore(void)
{
    if (sched_setaffinity(0, sizeof original, &original) != 0)
        perror("sched_setaffinity (restore)");
}

static void counts(void)
{
    char what[160];
    int cpu, ok = 1, tried = 0;

    snprintf(what, sizeof what, "the whole mask: %d CPUs (hb_usable_cpus %u)", n_original, hb_usable_cpus());
    check(hb_usable_cpus() == (unsigned)n_original, what);
    /* each CPU of the mask alone (the first 16) */
    for (cpu = 0; cpu < CPU_SETSIZE && tried < 16; cpu++) {
        cpu_set_t one;
        if (!CPU_ISSET(cpu, &original))
            continue;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        tried++;
        ok &= sched_setaffinity(0, sizeof one, &one) == 0 && hb_usable_cpus() == 1;
    }
    restore();
    snprintf(what, sizeof what, "pinned to each of %d CPUs in turn: 1 each time", tried);
    check(ok, what);
    if (n_original >= 2) {
        ok = pin_first(2) == 0 && hb_usable_cpus() == 2;
        restore();
        check(ok, "a mask of two CPUs: 2");
    }
    check(hb_usable_cpus() == (unsigned)n_original, "the mask restored: the count follows it back");
}

static void picks(const hb_algo *blake3, const hb_impl *mt)
{
    const hb_impl *best;
    if (pin_first(1) != 0) {
        check(0, "pin to one CPU");
        return;
    }
    best = hb_impl_pick(blake3, HB_NO_SIZE);
    check(best && best != mt && hb_impl_pickable(blake3, best) && !hb_impl_pickable(blake3, mt),
          "one CPU: the pick is single-threaded, mt is not pickable");
    restore();
    if (n_original < 2) {
        printf("note: one CPU in the mask: the pick on two is not checked\n");
        return;
    }
    if (pin_first(2) != 0) {
        check(0, "pin to two CPUs");
        return;
    }
    /* every architecture's rows rank mt above the single-threaded kernels */
    check(hb_impl_pick(blake3, HB_NO_SIZE) == mt && hb_impl_pickable(blake3, mt), "two CPUs: the pick is mt again");
    restore();
}

/* In a child pinned to the first n CPUs before its pool starts: the threads
 * a hash uses, and how many of a 1 MiB job's parts the pool hashed.
 * Exit status: 0 when threads == n and (n == 1: the pool hashed none). */
static int child_pool(const hb_impl *mt, int n, unsigned *threads_out)
{
    int fds[2], status;
    pid_t pid;
    unsigned got[3] = { 0, 0, 0 };
    if (pipe(fds) != 0)
        return -1;
    pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        const size_t len = (size_t)1 << 20;
        uint8_t *msg = malloc(len), digest[32];
        unsigned parts = 0, by_pool = 0, threads;
        close(fds[0]);
        if (!msg || pin_first(n) != 0)
            _exit(3);
        memset(msg, 0x5a, len);
        hb_hash(mt, msg, len, digest);
        threads = hb_blake3_mt_threads();
        hb_blake3_mt_last_job(&parts, &by_pool);
        got[0] = threads;
        got[1] = parts;
        got[2] = by_pool;
        if (write(fds[1], got, sizeof got) != (ssize_t)sizeof got)
            _exit(4);
        _exit(0);
    }
    close(fds[1]);
    if (read(fds[0], got, sizeof got) != (ssize_t)sizeof got)
        got[0] = 0;
    close(fds[0]);
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    *threads_out = got[0];
    if (got[1] == 0)
        return -1;                  /* no job ran: 1 MiB is above the pool's threshold */
    return got[0] == (unsigned)n && (n > 1 || got[2] == 0) ? 0 : 1;
}

static void pools(const hb_impl *mt)
{
    unsigned threads = 0;
    char what[160];
    int rc = child_pool(mt, 1, &threads);
    snprintf(what, sizeof what, "mt's pool started on one CPU: 1 thread, no part hashed by a pool thread "
             "(it said %u)", threads);
    check(rc == 0, what);
    if (n_original < 2) {
        printf("note: one CPU in the mask: the pool on two is not checked\n");
        return;
    }
    rc = child_pool(mt, 2, &threads);
    snprintf(what, sizeof what, "mt's pool started on two CPUs: 2 threads (it said %u)", threads);
    check(rc == 0, what);
}

int main(void)
{
    const hb_algo *blake3 = hb_algo_find("blake3");
    const hb_impl *mt = blake3 ? hb_impl_find(blake3, "mt") : NULL;

    if (sched_getaffinity(0, sizeof original, &original) != 0) {
        perror("sched_getaffinity");
        return 2;
    }
    n_original = CPU_COUNT(&original);
    counts();
    if (!mt || !hb_impl_available(mt)) {
        printf("SKIP blake3 mt is not available on this CPU: the picks and the pool are not checked\n");
        printf("%u passed, %u failed, 1 skipped\n", unit_passed, unit_failed);
        return unit_failed != 0;
    }
    picks(blake3, mt);
    pools(mt);
    return unit_summary();
}
