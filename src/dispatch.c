/* The one pick of an implementation (hb_impl_pick).  Host only: the
 * consoles link the registry (src/registry.c) but never pick.
 *
 * An installed hook answers first (the profile's measured pick for the
 * size: src/profile/, hb_profile_use), then the ranks (src/impl_rows.h):
 * the highest-ranked implementation this CPU can run wins; on a tie, the
 * one listed first.  A rank below 0 is a peer, never picked.  One that
 * runs on several threads is left out where this process may use one CPU
 * only (hb_impl_pickable), whoever proposes it. */
#include "impl_index.h"
#include "os/usable_cpus.h"

static hb_pick_hook pick_hook;

void hb_impl_set_pick_hook(hb_pick_hook hook)
{
    pick_hook = hook;
}

static int row_pickable(const hb_impl_row *r)
{
    /* the mask is asked only for a threaded row: every other pick stays
     * free of the system call */
    return !r || !r->threads || hb_usable_cpus() > 1;
}

int hb_impl_pickable(const hb_algo *algo, const hb_impl *impl)
{
    return row_pickable(hb_impl_row_of(algo, impl));
}

/* The ranks' pick.  The rank is asked before availability, because a
 * peer's availability check starts its library (OpenSSL loads its
 * providers: milliseconds for every sum); the entries come by rank, so
 * the first that this CPU runs and may pick is the pick. */
static const hb_impl *ranks_pick(const hb_algo *algo)
{
    unsigned i, n;
    const hb_index_entry *const *by_rank = hb_index_ranked(algo, &n);
    if (!by_rank) {
        /* outside the roster: its own implementations, ranked by their place */
        for (i = 0; i < algo->n_impls; i++)
            if (hb_impl_available(algo->impls[i]))
                return algo->impls[i];
        return 0;
    }
    for (i = 0; i < n && by_rank[i]->rank >= 0; i++)
        if (hb_impl_available(by_rank[i]->impl) && row_pickable(by_rank[i]->row))
            return by_rank[i]->impl;
    return 0;
}

const hb_impl *hb_impl_pick(const hb_algo *algo, size_t size)
{
    if (size != HB_NO_SIZE && pick_hook) {
        /* a pick on several threads, measured where this process had more
         * CPUs than it has now (tune on 2, then bench --pin 1): the ranks'
         * single-threaded pick instead */
        const hb_impl *impl = pick_hook(algo, size);
        if (impl && hb_impl_pickable(algo, impl))
            return impl;
    }
    return ranks_pick(algo);
}
