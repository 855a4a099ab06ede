/* Picks the best implementation of an algorithm for this CPU.
 *
 * Implementations are ranked by name, best first; the first one this CPU can
 * run wins.  The ranking is decided by measurement (docs/ explain each), not
 * by registration order. */
#include <string.h>
#include "hashbench.h"

static const char *const preference[] = {
    /* instruction-set implementations join here, best first */
    "fast",
    "portable",
};

static int rank_of(const char *name)
{
    unsigned i;
    for (i = 0; i < sizeof preference / sizeof preference[0]; i++)
        if (strcmp(preference[i], name) == 0)
            return (int)i;
    return (int)(sizeof preference / sizeof preference[0]);  /* unknown: last */
}

const hb_impl *hb_impl_best(const hb_algo *algo)
{
    const hb_impl *best = 0;
    unsigned i;
    for (i = 0; i < algo->n_impls; i++) {
        const hb_impl *impl = algo->impls[i];
        if (!hb_impl_available(impl))
            continue;
        if (!best || rank_of(impl->name) < rank_of(best->name))
            best = impl;
    }
    return best;
}
