/* Picks the best implementation of an algorithm for this CPU, and finds an
 * implementation's one-shot function.  Host only: the consoles link the
 * registry (src/registry.c) but never pick.
 *
 * Every implementation has a rank (src/impl_rows.h): its row's, on this
 * core its row's core rank where one was measured, and for an algorithm's
 * own C implementations without a row their place in hb_algo.impls
 * (portable 0, fast 1).  The highest-ranked one this CPU can run wins; on
 * a tie, the one listed first. */
#include <string.h>
#include "impl_rows.h"

int hb_add_rows(const hb_impl_row *rows)
{
    unsigned n = 0;
    while (hb_peer_rows[n])
        n++;
    if (n + 1 >= hb_peer_rows_slots)      /* the last slot ends the list */
        return -1;
    hb_peer_rows[n] = rows;
    return 0;
}

static const hb_impl_row *find_row(const hb_impl_row *const *tables, const char *algo,
                                   const hb_impl *impl)
{
    const hb_impl_row *const *t;
    const hb_impl_row *r;
    for (t = tables; *t; t++)
        for (r = *t; r->algo; r++)
            if (r->impl == impl && (!algo || strcmp(r->algo, algo) == 0))
                return r;
    return 0;
}

/* algo NULL: the first row naming impl, whatever its algorithm (an
 * implementation belongs to one algorithm) */
static const hb_impl_row *row_of(const char *algo, const hb_impl *impl)
{
    const hb_impl_row *r = find_row(hb_arch_rows, algo, impl);
    return r ? r : find_row((const hb_impl_row *const *)hb_peer_rows, algo, impl);
}

const hb_impl_row *hb_impl_row_of(const hb_algo *algo, const hb_impl *impl)
{
    return row_of(algo->id, impl);
}

int hb_impl_rank(const hb_algo *algo, const hb_impl *impl)
{
    const hb_impl_row *r = row_of(algo->id, impl);
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
        if (rank < 0 || (best && rank <= best_rank) || !hb_impl_available(impl))
            continue;
        best = impl;
        best_rank = rank;
    }
    return best;
}

hb_oneshot_fn hb_impl_oneshot(const hb_impl *impl)
{
    const hb_impl_row *r = row_of(0, impl);
    return r ? r->oneshot : 0;
}

void hb_hash_oneshot(const hb_impl *impl, const void *data, size_t len, uint8_t *digest)
{
    hb_oneshot_fn fn = hb_impl_oneshot(impl);
    if (fn)
        fn((const uint8_t *)data, len, digest);
    else
        hb_hash(impl, data, len, digest);
}
