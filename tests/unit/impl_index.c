/* The index of implementations (src/impl_index.c) and the one pick
 * (hb_impl_pick, src/dispatch.c) against the computation they replace: a
 * scan of the rows' tables at every call (the reference below is that
 * code, kept here only to compare with).  For every algorithm: the count,
 * the listing order, find, each implementation's rank, row and one-shot,
 * and the ranks' pick; again after a table of peers is added once the
 * index is made (hb_add_rows); then the hook: asked first for a size,
 * never for HB_NO_SIZE, and its pick refused where it may not be picked
 * (a threaded one on one CPU).
 *
 * Run alone, it runs itself again under each x86-64 core tuning and
 * feature mask of tests/run_tiers.py (HB_X86_CORE, HB_X86_MASK: read once
 * per process), so that every path's ranks and picks are compared. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "hashbench.h"
#include "impl_rows.h"
#include "os/usable_cpus.h"
#include "unit.h"

/* ---- the reference: the per-call scans the index replaced ---- */

static const hb_impl *ref_added(const hb_algo *algo, unsigned index)
{
    const hb_impl_row *const *const lists[] = { hb_arch_rows, (const hb_impl_row *const *)hb_peer_rows };
    const hb_impl_row *const *t;
    const hb_impl_row *r;
    unsigned l, i;
    for (l = 0; l < 2; l++)
        for (t = lists[l]; *t; t++)
            for (r = *t; r->algo; r++) {
                if (strcmp(r->algo, algo->id) != 0)
                    continue;
                for (i = 0; i < algo->n_impls && algo->impls[i] != r->impl; i++)
                    ;
                if (i == algo->n_impls && index-- == 0)
                    return r->impl;
            }
    return 0;
}

static unsigned ref_count(const hb_algo *algo)
{
    unsigned n = algo->n_impls;
    while (ref_added(algo, n - algo->n_impls))
        n++;
    return n;
}

static const hb_impl *ref_at(const hb_algo *algo, unsigned i)
{
    return i < algo->n_impls ? algo->impls[i] : ref_added(algo, i - algo->n_impls);
}

static const hb_impl_row *ref_row(const char *algo, const hb_impl *impl)
{
    const hb_impl_row *const *const lists[] = { hb_arch_rows, (const hb_impl_row *const *)hb_peer_rows };
    const hb_impl_row *const *t;
    const hb_impl_row *r;
    unsigned l;
    for (l = 0; l < 2; l++)
        for (t = lists[l]; *t; t++)
            for (r = *t; r->algo; r++)
                if (r->impl == impl && (!algo || strcmp(r->algo, algo) == 0))
                    return r;
    return 0;
}

static int ref_rank(const hb_algo *algo, const hb_impl *impl)
{
    const hb_impl_row *r = ref_row(algo->id, impl);
    const char *core;
    const hb_core_rank *c;
    unsigned i;
    if (!r) {
        for (i = 0; i < algo->n_impls && algo->impls[i] != impl; i++)
            ;
        return (int)i;
    }
    if (r->rank >= 0 && r->core_ranks && (core = hb_arch_rank_core()) != 0)
        for (c = r->core_ranks; c->core; c++)
            if (strcmp(c->core, core) == 0)
                return c->rank;
    return r->rank;
}

static const hb_impl *ref_best(const hb_algo *algo)
{
    const hb_impl *best = 0;
    int best_rank = 0;
    unsigned i;
    for (i = 0; i < ref_count(algo); i++) {
        const hb_impl *impl = ref_at(algo, i);
        const hb_impl_row *r = ref_row(algo->id, impl);
        int rank = ref_rank(algo, impl);
        if (rank < 0 || (best && rank <= best_rank) || !hb_impl_available(impl) ||
            (r && r->threads && hb_usable_cpus() <= 1))
            continue;
        best = impl;
        best_rank = rank;
    }
    return best;
}

/* ---- the comparison ---- */

static void compare_all(const char *when)
{
    unsigned a, i, bad_count = 0, bad_order = 0, bad_find = 0, bad_rank = 0, bad_row = 0, bad_oneshot = 0,
                   bad_pick = 0, listed = 0;
    char what[200];
    for (a = 0; a < hb_algo_count(); a++) {
        const hb_algo *algo = hb_algo_at(a);
        unsigned n = ref_count(algo);
        listed += n;
        bad_count += hb_impl_count(algo) != n;
        bad_order += hb_impl_at(algo, n) != 0;
        for (i = 0; i < n; i++) {
            const hb_impl *impl = ref_at(algo, i);
            const hb_impl_row *row = ref_row(0, impl);
            unsigned first;
            for (first = 0; ref_at(algo, first)->name != impl->name &&
                            strcmp(ref_at(algo, first)->name, impl->name) != 0; first++)
                ;
            bad_order += hb_impl_at(algo, i) != impl;
            bad_find += hb_impl_find(algo, impl->name) != ref_at(algo, first);
            bad_rank += hb_impl_rank(algo, impl) != ref_rank(algo, impl);
            bad_row += hb_impl_row_of(algo, impl) != ref_row(algo->id, impl);
            bad_oneshot += hb_impl_oneshot(impl) != (row ? row->oneshot : 0);
        }
        bad_find += hb_impl_find(algo, "no-such-implementation") != 0;
        bad_pick += hb_impl_pick(algo, HB_NO_SIZE) != ref_best(algo);
        bad_pick += hb_impl_pick(algo, 1024) != ref_best(algo);      /* no hook: the ranks */
    }
    snprintf(what, sizeof what, "%s: %u algorithms, %u implementations: counts as the tables' scan (%u differ)",
             when, hb_algo_count(), listed, bad_count);
    check(bad_count == 0, what);
    snprintf(what, sizeof what, "%s: the listing order (%u differ), find by name (%u differ)", when, bad_order,
             bad_find);
    check(bad_order == 0 && bad_find == 0, what);
    snprintf(what, sizeof what, "%s: ranks on core %s (%u differ), rows (%u), one-shots (%u)", when,
             hb_arch_rank_core() ? hb_arch_rank_core() : "(default)", bad_rank, bad_row, bad_oneshot);
    check(bad_rank == 0 && bad_row == 0 && bad_oneshot == 0, what);
    snprintf(what, sizeof what, "%s: the pick is the old hb_impl_best's for every algorithm (%u differ)", when,
             bad_pick);
    check(bad_pick == 0, what);
}

/* ---- the hook ---- */

static const hb_algo *hook_algo;
static const hb_impl *hook_answer;
static size_t hook_size;
static unsigned hook_calls;

static const hb_impl *hook(const hb_algo *algo, size_t size)
{
    hook_calls++;
    return algo == hook_algo && size == hook_size ? hook_answer : 0;
}

static void hook_checks(void)
{
    const hb_algo *sha256 = hb_algo_find("sha256"), *blake3 = hb_algo_find("blake3");
    const hb_impl *portable = hb_impl_find(sha256, "portable"), *ranks = hb_impl_pick(sha256, HB_NO_SIZE);
    const hb_impl *mt = hb_impl_find(blake3, "mt");
    cpu_set_t original, one;
    int cpu;

    hook_algo = sha256;
    hook_answer = portable;
    hook_size = 64;
    hb_impl_set_pick_hook(hook);
    check(ranks != portable, "sha256: the ranks pick other than portable (the hook's answer below)");
    check(hb_impl_pick(sha256, 64) == portable && hook_calls == 1, "a size: the hook is asked first, its pick taken");
    check(hb_impl_pick(sha256, 4096) == ranks && hook_calls == 2, "the hook answers NULL: the ranks' pick");
    check(hb_impl_pick(sha256, HB_NO_SIZE) == ranks && hook_calls == 2, "HB_NO_SIZE: the ranks, the hook not asked");

    if (!mt || sched_getaffinity(0, sizeof original, &original) != 0) {
        printf("note: no BLAKE3 mt here (or no affinity mask): the refused hook pick is not checked\n");
    } else {
        for (cpu = 0; cpu < CPU_SETSIZE && !CPU_ISSET(cpu, &original); cpu++)
            ;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        hook_algo = blake3;
        hook_answer = mt;
        hook_size = 1 << 20;
        if (sched_setaffinity(0, sizeof one, &one) != 0) {
            check(0, "pin to one CPU");
        } else {
            const hb_impl *got = hb_impl_pick(blake3, 1 << 20);
            check(got != mt && got == hb_impl_pick(blake3, HB_NO_SIZE),
                  "one CPU: the hook's threaded pick (mt) is refused, the ranks' single-threaded pick instead");
            sched_setaffinity(0, sizeof original, &original);
            if (CPU_COUNT(&original) > 1)
                check(hb_impl_pick(blake3, 1 << 20) == mt, "the mask restored: the hook's mt is the pick");
        }
    }
    hb_impl_set_pick_hook(0);
    check(hb_impl_pick(sha256, 64) == ranks, "the hook removed: the ranks");
}

/* ---- every core tuning and feature mask, each in a process of its own ---- */

static int run_under(const char *var, const char *value, char **argv)
{
    int status;
    pid_t pid;
    printf("--- under %s=%s:\n", var, value);
    fflush(stdout);                 /* or the child's copy of the buffer prints it again */
    pid = fork();
    if (pid == 0) {
        setenv(var, value, 1);
        setenv("HB_INDEX_TEST_CHILD", "1", 1);
        execv("/proc/self/exe", argv);
        _exit(127);
    }
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int main(int argc, char **argv)
{
    static hb_impl peer;
    static hb_impl_row peer_rows[3];
    const hb_algo *crc32 = hb_algo_find("crc32");
    (void)argc;

    compare_all("first use");

    /* a table of peers after the index is made: listed from then on */
    peer = *hb_impl_at(crc32, 0);
    peer.name = "test-late-peer";
    peer_rows[0] = (hb_impl_row){ .algo = "crc32", .impl = &peer, .rank = -1 };
    peer_rows[1] = (hb_impl_row){ .algo = "sha256", .impl = &peer, .rank = -2 };
    {
        unsigned before = hb_impl_count(crc32);
        check(hb_add_rows(peer_rows) == 0, "a peer table added after first use");
        check(hb_impl_count(crc32) == before + 1 && hb_impl_at(crc32, before) == &peer &&
                  hb_impl_find(crc32, "test-late-peer") == &peer && hb_impl_rank(crc32, &peer) == -1,
              "crc32 lists the late peer last, ranked by its row");
    }
    compare_all("after hb_add_rows");

    hook_checks();

    if (!getenv("HB_INDEX_TEST_CHILD")) {
        static const char *const cores[] = { "zen3", "zen4", "zen5", "other" };
        /* tests/run_tiers.py's X86_MASKS */
        static const char *const masks[] = { "0xFC00", "0x63C00", "0xFC80", "0xC230", "0xFFFFFFFE", "0xFFFFFFFF" };
        unsigned i, ok = 0;
        for (i = 0; i < 4; i++)
            ok += run_under("HB_X86_CORE", cores[i], argv);
        check(ok == 4, "the same under each core tuning (HB_X86_CORE), each in its own process");
        for (ok = 0, i = 0; i < 6; i++)
            ok += run_under("HB_X86_MASK", masks[i], argv);
        check(ok == 6, "the same under each feature mask (HB_X86_MASK), each in its own process");
    }
    return unit_summary();
}
