/* What a loaded profile says of a pick (profile.h), and its hook into
 * the one pick (hb_impl_pick, src/dispatch.c). */
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
const hb_impl *hb_profile_choice(const hb_profile *p, const hb_algo *algo, size_t size)
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
    /* NULL where the file has no override: the ranks' pick */
    return e->picks[best];
}

static const hb_profile *in_use;

static const hb_impl *ask_in_use(const hb_algo *algo, size_t size)
{
    return hb_profile_choice(in_use, algo, size);
}

void hb_profile_use(const hb_profile *p)
{
    in_use = p;
    hb_impl_set_pick_hook(p ? ask_in_use : NULL);
}

const size_t *hb_profile_sizes(const hb_profile *p, const hb_algo *algo, unsigned *n)
{
    const hb_profile_algo *e = entry(p, algo);
    *n = e ? e->n_sizes : 0;
    return e ? e->sizes : NULL;
}
