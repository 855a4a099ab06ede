/* Picking from a loaded profile (profile.h). */
#include "profile/profile_internal.h"
#include "impl_rows.h"

static const hb_profile_algo *entry(const hb_profile *p, const hb_algo *algo)
{
    unsigned i;
    if (!p || !algo)
        return NULL;
    for (i = 0; i < p->n_algos; i++)
        if (p->algos[i].algo == algo)
            return &p->algos[i];
    return NULL;
}

/* The measured size nearest to `size` by ratio (log scale): picks change
 * at thresholds that are powers of two apart, and a 300-byte message is
 * far more like a 256-byte one than like a 1 KiB one. */
const hb_impl *hb_profile_pick(const hb_profile *p, const hb_algo *algo, size_t size)
{
    const hb_profile_algo *e = entry(p, algo);
    double want = size ? (double)size : 1, best_ratio = 0;
    unsigned i, best = 0;
    if (!e || e->n_sizes == 0)
        return NULL;
    for (i = 0; i < e->n_sizes; i++) {
        double s = (double)e->sizes[i];
        double ratio = s > want ? s / want : want / s;
        if (i == 0 || ratio < best_ratio) {
            best_ratio = ratio;
            best = i;
        }
    }
    /* a pick on several threads, measured where this process had more
     * CPUs than it has now (tune on 2, then bench --pin 1): the
     * single-threaded best instead, as the ranks' pick is then */
    if (e->picks[best] && hb_impl_pickable(algo, e->picks[best]))
        return e->picks[best];
    return hb_impl_best(algo);
}

const hb_impl *hb_impl_best_for_size(const hb_profile *p, const hb_algo *algo, size_t size)
{
    const hb_impl *impl = hb_profile_pick(p, algo, size);
    return impl ? impl : hb_impl_best(algo);
}

const size_t *hb_profile_sizes(const hb_profile *p, const hb_algo *algo, unsigned *n)
{
    const hb_profile_algo *e = entry(p, algo);
    *n = e ? e->n_sizes : 0;
    return e ? e->sizes : NULL;
}
