/* Which implementations hash on several threads (impl_threads.h): read
 * from their rows, for whichever algorithm has them. */
#include "cli/impl_threads.h"

const hb_threads_iface *hb_impl_threads(const hb_algo *algo, const hb_impl *impl)
{
    const hb_impl_row *r = impl ? hb_impl_row_of(algo, impl) : NULL;
    return r ? r->threads : NULL;
}

const hb_impl *hb_impl_threaded(const hb_algo *algo)
{
    const hb_impl *best = NULL;
    int best_rank = -1;
    unsigned i;
    for (i = 0; i < hb_impl_count(algo); i++) {
        const hb_impl *impl = hb_impl_at(algo, i);
        int rank = hb_impl_rank(algo, impl);
        /* the rank first: a peer's availability check starts its library */
        if (rank <= best_rank || !hb_impl_threads(algo, impl) || !hb_impl_available(impl))
            continue;
        best = impl;
        best_rank = rank;
    }
    return best;
}
