/* BLAKE3 `mt` and fork(): once the thread pool exists, a forked child must
 * be able to hash with `mt` (digests equal to the single-threaded ones) and
 * leave through exit() -- whose atexit handler stops the pool -- cleanly.
 * The child inherits none of the parent's pool threads, so it must neither
 * join them nor wait for them, nor find a pool lock held forever.
 *
 * Covered: children forked one after another, several children alive at
 * once, a child that exits without hashing, and children forked from the
 * main thread while a second thread is inside an `mt` hash (so the pool is
 * busy at the moment of fork).  A child's `mt` hash must run on a pool of
 * its own (its thread count grows), except under ThreadSanitizer, where
 * the child hashes alone.  Every child runs under alarm(): a deadlock (a
 * pool lock inherited locked) shows as a failure, not as a hung test.
 *
 * Without the `mt` implementation (a build without threads) there is
 * nothing to test: the program says so and reports 0 passed, 0 failed,
 * 1 skipped. */
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "hashbench.h"
#include "os/usable_cpus.h"
#include "unit.h"

/* large enough for several pool jobs (each at least 128 KiB), small enough
 * to stay quick under sanitizers */
#define BIG (1536u * 1024u + 777u)
#define N_SIZES 4
#define CHILD_ALARM 30

static const size_t sizes[N_SIZES] = { 0, 131073, 1u << 20, BIG };
static uint8_t *msg;
static uint8_t refs[N_SIZES][32];
static const hb_impl *mt, *single;

/* 0 when `mt` gives the single-threaded digest for every size */
static int mt_matches(void)
{
    uint8_t got[32];
    int i, bad = 0;
    for (i = 0; i < N_SIZES; i++) {
        hb_hash(mt, msg, sizes[i], got);
        if (!same(got, refs[i], sizeof got))
            bad = 1;
    }
    return bad;
}

/* The threads of this process, from /proc/self/task (0 if unreadable). */
static unsigned thread_count(void)
{
    DIR *d = opendir("/proc/self/task");
    struct dirent *e;
    unsigned n = 0;
    if (!d)
        return 0;
    while ((e = readdir(d)) != 0)
        if (e->d_name[0] != '.')
            n++;
    closedir(d);
    return n;
}

/* Under ThreadSanitizer a child hashes alone (src/algorithms/blake3/threads/
 * blake3_mt.c, MT_POOL_IN_CHILD); elsewhere it builds a pool of its own. */
#if defined(__SANITIZE_THREAD__)
#define POOL_IN_CHILD 0
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define POOL_IN_CHILD 0
#endif
#endif
#ifndef POOL_IN_CHILD
#define POOL_IN_CHILD 1
#endif

/* A child's exit status: 0, or 1 when a digest was wrong, 3 when the mt
 * hash ran without a pool (the child inherits none of the parent's
 * threads, so it must start its own) */
static int child_work(void)
{
    unsigned before = thread_count();
    if (mt_matches() != 0)
        return 1;
    if (POOL_IN_CHILD && hb_usable_cpus() > 1 && before != 0 && thread_count() <= before)
        return 3;
    return 0;
}

/* A child: hashes with mt when asked, then leaves through exit() (the
 * atexit path that crashed) */
static pid_t spawn(int hash)
{
    pid_t pid;
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        alarm(CHILD_ALARM);
        exit(hash ? child_work() : 0);
    }
    return pid;
}

/* 1 when the child exited normally with status 0 */
static int reaped_ok(pid_t pid)
{
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return 0;
    if (WIFSIGNALED(status))
        printf("     child %ld died of signal %d\n", (long)pid, WTERMSIG(status));
    else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        printf("     child %ld: exit status %d (1: wrong digest, 3: no pool in the child)\n", (long)pid,
               WEXITSTATUS(status));
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static volatile int stop_hashing;
static int busy_bad;
static unsigned long busy_rounds;

/* The second thread: mt hashes back to back until told to stop, so that
 * forks land while a pool job is running. */
static void *busy_hasher(void *arg)
{
    uint8_t got[32];
    (void)arg;
    while (!__atomic_load_n(&stop_hashing, __ATOMIC_ACQUIRE)) {
        hb_hash(mt, msg, BIG, got);
        if (!same(got, refs[N_SIZES - 1], sizeof got))
            busy_bad = 1;
        busy_rounds++;
    }
    return 0;
}

static void forks_while_busy(void)
{
    pthread_t t;
    pid_t kids[6];
    unsigned i, ok = 1;

    if (pthread_create(&t, 0, busy_hasher, 0) != 0) {
        check(0, "start the hashing thread");
        return;
    }
    for (i = 0; i < sizeof kids / sizeof kids[0]; i++) {
        usleep(2000 + 1500 * i);    /* staggered, to land at different points of a job */
        kids[i] = spawn(i % 3 != 2);
    }
    for (i = 0; i < sizeof kids / sizeof kids[0]; i++)
        ok &= (unsigned)reaped_ok(kids[i]);
    __atomic_store_n(&stop_hashing, 1, __ATOMIC_RELEASE);
    pthread_join(t, 0);
    check(ok != 0, "children forked while another thread hashes with mt: hash and exit cleanly");
    check(!busy_bad && busy_rounds > 0, "the hashing thread's digests, across the forks");
}

int main(void)
{
    const hb_algo *algo = hb_algo_find("blake3");
    pid_t kids[3];
    unsigned i, ok;

    mt = hb_impl_find(algo, "mt");
    single = hb_impl_find(algo, "portable");
    if (!mt || !hb_impl_available(mt) || !single) {
        printf("SKIP blake3 mt is not available on this CPU\n0 passed, 0 failed, 1 skipped\n");
        return 0;
    }
    msg = malloc(BIG);
    if (!msg)
        return 2;
    hb_workload_fill(msg, BIG);
    for (i = 0; i < N_SIZES; i++)
        hb_hash(single, msg, sizes[i], refs[i]);

    /* the parent's pool starts here */
    check(mt_matches() == 0, "parent: mt = portable before any fork");

    ok = 1;
    for (i = 0; i < 3; i++)
        ok &= (unsigned)reaped_ok(spawn(1));
    check(ok != 0, "children one after another: mt = portable on a pool of their own, exit() cleanly");

    check(reaped_ok(spawn(0)), "a child that exits without hashing");

    for (i = 0; i < 3; i++)
        kids[i] = spawn(1);
    ok = 1;
    for (i = 0; i < 3; i++)
        ok &= (unsigned)reaped_ok(kids[i]);
    check(ok != 0, "three children at once: mt = portable on a pool of their own, exit() cleanly");

    forks_while_busy();

    /* the parent's pool still works after all of that */
    check(mt_matches() == 0, "parent: mt = portable after the forks");
    free(msg);
    return unit_summary();
}
