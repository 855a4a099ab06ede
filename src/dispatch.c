/* Picks the best implementation of an algorithm for this CPU.  Host only:
 * the consoles link the registry (src/registry.c) but never pick.
 *
 * Every implementation has a rank (src/impl_rows.h): its row's, on this
 * core its row's core rank where one was measured, and for an algorithm's
 * own C implementations without a row their place in hb_algo.impls
 * (portable 0, fast 1).  The highest-ranked one this CPU can run wins; on
 * a tie, the one listed first.  One that runs on several threads is left
 * out where this process may use one CPU only (hb_impl_pickable). */
#include <string.h>
#include "impl_rows.h"
#include "os/usable_cpus.h"

int hb_impl_rank(const hb_algo *algo, const hb_impl *impl)
{
    const hb_impl_row *r = hb_impl_row_of(algo, impl);
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

int hb_impl_pickable(const hb_algo *algo, const hb_impl *impl)
{
    const hb_impl_row *r = hb_impl_row_of(algo, impl);
    /* the mask is asked only for a threaded row: every other pick stays
     * free of the system call */
    return !r || !r->threads || hb_usable_cpus() > 1;
}

const hb_impl *hb_impl_best(const hb_algo *algo)
{
    const hb_impl *best = 0;
    int best_rank = 0;
    unsigned i;
    for (i = 0; i < hb_impl_count(algo); i++) {
        const hb_impl *impl = hb_impl_at(algo, i);
        int rank = hb_impl_rank(algo, impl);
        /* peers are measured beside us, never picked; the rank is asked
         * first, because a peer's availability check starts its library
         * (OpenSSL loads its providers: milliseconds for every sum) */
        if (rank < 0 || (best && rank <= best_rank) || !hb_impl_available(impl) || !hb_impl_pickable(algo, impl))
            continue;
        best = impl;
        best_rank = rank;
    }
    return best;
}
