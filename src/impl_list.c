/* An algorithm's implementations where there are no rows (src/impl_rows.h):
 * the consoles, which link this file in place of the host's index
 * (src/impl_index.c).  Their implementations are the algorithm's own C
 * ones, portable then fast, and nothing picks among them. */
#include <string.h>
#include "hashbench.h"

unsigned hb_impl_count(const hb_algo *algo)
{
    return algo->n_impls;
}

const hb_impl *hb_impl_at(const hb_algo *algo, unsigned index)
{
    return index < algo->n_impls ? algo->impls[index] : 0;
}

const hb_impl *hb_impl_find(const hb_algo *algo, const char *name)
{
    unsigned i;
    for (i = 0; i < algo->n_impls; i++)
        if (strcmp(algo->impls[i]->name, name) == 0)
            return algo->impls[i];
    return 0;
}
