/* The rows' lookups (src/impl_rows.h): an implementation's row, its one-shot
 * function, and the peer rows added at run time.  Host only, as the pick
 * (src/dispatch.c) that reads them: the consoles list implementations
 * (src/registry.c) but never pick nor time one call a message. */
#include <string.h>
#include "impl_rows.h"

int hb_add_rows(const hb_impl_row *rows)
{
    const hb_impl_row *r;
    unsigned n = 0;
    for (r = rows; r->algo; r++)
        if (r->rank >= 0)                 /* only peers join at run time */
            return -1;
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
