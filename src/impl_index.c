/* The index of every algorithm's implementations on the host (see
 * impl_index.h): made from the rows' tables (src/impl_rows.h) at the first
 * lookup, so that listing, finding, ranking and picking never scan the
 * tables again.  The consoles have no rows and link src/impl_list.c
 * instead.
 *
 * Every algorithm's slice is made at once, under hb_once (src/os/once.h):
 * whichever thread looks up first makes the whole index, the others wait
 * for it, and from then on it is only read, so threads may look up at any
 * time.  A table of peers added at run time (hb_add_rows, which the
 * program calls before any thread looks up) makes the index again at
 * once, with the new rows.
 *
 * Storage is static (the freestanding cross targets have no malloc): one
 * pool of entries, each algorithm's a contiguous slice of it in listing
 * order, and beside it the same slice's entries by rank. */
#include <string.h>
#include "impl_index.h"
#include "os/once.h"

/* The roster holds 40 algorithms; with the peers a host build lists under
 * 200 implementations (tests/unit/impl_index.c checks every algorithm's
 * count against a scan of the tables, so a pool too small fails there). */
#define INDEX_ALGOS 64
#define INDEX_ENTRIES 1024

typedef struct slice {
    unsigned first, n;              /* entries[first .. first + n) */
} slice;

static hb_index_entry entries[INDEX_ENTRIES];
static const hb_index_entry *ranked[INDEX_ENTRIES];
static unsigned n_entries;
static slice slices[INDEX_ALGOS];
static int made;                    /* the index is made (hb_add_rows makes it again) */

/* The rank of a row on this core: its core rank where one was measured
 * here, else the row's.  A peer's (below 0) has no core ranks. */
static int row_rank(const hb_impl_row *r, const char *core)
{
    const hb_core_rank *c;
    if (r->rank >= 0 && r->core_ranks && core)
        for (c = r->core_ranks; c->core; c++)
            if (strcmp(c->core, core) == 0)
                return c->rank;
    return r->rank;
}

static hb_index_entry *add(slice *s, const hb_impl *impl, const hb_impl_row *row, int rank)
{
    hb_index_entry *e;
    if (n_entries == INDEX_ENTRIES)
        return 0;
    e = &entries[n_entries++];
    e->impl = impl;
    e->row = row;
    e->rank = rank;
    e->oneshot = row ? row->oneshot : 0;
    s->n++;
    return e;
}

/* algo's slice: its own C implementations (portable, fast), then every
 * row naming algo that adds an implementation, in table order (this
 * architecture's families, then the peers).  A row naming one of the own
 * implementations annotates it (its rank, its one-shot): the first row
 * naming an implementation is its row, as for one listed twice. */
static void build(const hb_algo *algo, slice *s)
{
    const hb_impl_row *const *const lists[] = { hb_arch_rows, (const hb_impl_row *const *)hb_peer_rows };
    const char *core = hb_arch_rank_core();
    const hb_impl_row *const *t;
    const hb_impl_row *r;
    unsigned l, i, j;

    s->first = n_entries;
    s->n = 0;
    for (i = 0; i < algo->n_impls; i++)
        if (!add(s, algo->impls[i], 0, (int)i))
            break;
    for (l = 0; l < sizeof lists / sizeof lists[0]; l++)
        for (t = lists[l]; *t; t++)
            for (r = *t; r->algo; r++) {
                hb_index_entry *e = 0;
                if (strcmp(r->algo, algo->id) != 0)
                    continue;
                for (i = s->first; i < s->first + s->n && !e; i++)
                    if (entries[i].impl == r->impl)
                        e = &entries[i];
                if (e && (unsigned)(e - entries) < s->first + algo->n_impls) {
                    if (!e->row) {                      /* an own implementation's row */
                        e->row = r;
                        e->rank = row_rank(r, core);
                        e->oneshot = r->oneshot;
                    }
                } else if (e) {
                    add(s, r->impl, e->row, e->rank);   /* added twice: listed twice, ranked by its first row */
                } else {
                    add(s, r->impl, r, row_rank(r, core));
                }
            }
    /* by rank, highest first; on a tie the one listed first (stable) */
    for (i = 0; i < s->n; i++) {
        const hb_index_entry *e = &entries[s->first + i];
        for (j = i; j > 0 && ranked[s->first + j - 1]->rank < e->rank; j--)
            ranked[s->first + j] = ranked[s->first + j - 1];
        ranked[s->first + j] = e;
    }
}

/* every algorithm's slice of the roster, in the roster's order */
static void make_index(void)
{
    unsigned i;
    n_entries = 0;
    for (i = 0; i < hb_algo_count() && i < INDEX_ALGOS; i++)
        build(hb_algo_at(i), &slices[i]);
    made = 1;
}

/* algo's slice, or NULL for an algorithm outside the roster (a program's
 * own hb_algo: no table names it, so the callers answer from its own
 * implementations, ranked by their place, and write nothing) */
static const slice *slice_of(const hb_algo *algo)
{
    unsigned i, n = hb_algo_count();
    hb_once(HB_ONCE_IMPL_INDEX, make_index);
    for (i = 0; i < n && i < INDEX_ALGOS; i++)
        if (hb_algo_at(i) == algo)
            return &slices[i];
    return 0;
}

const hb_index_entry *hb_index_entry_of(const hb_algo *algo, const hb_impl *impl)
{
    const slice *s = slice_of(algo);
    unsigned i;
    for (i = s ? s->first : 0; s && i < s->first + s->n; i++)
        if (entries[i].impl == impl)
            return &entries[i];
    return 0;
}

const hb_index_entry *const *hb_index_ranked(const hb_algo *algo, unsigned *n)
{
    const slice *s = slice_of(algo);
    *n = s ? s->n : 0;
    return s ? &ranked[s->first] : 0;
}

unsigned hb_impl_count(const hb_algo *algo)
{
    const slice *s = slice_of(algo);
    return s ? s->n : algo->n_impls;
}

const hb_impl *hb_impl_at(const hb_algo *algo, unsigned index)
{
    const slice *s = slice_of(algo);
    if (!s)
        return index < algo->n_impls ? algo->impls[index] : 0;
    return index < s->n ? entries[s->first + index].impl : 0;
}

const hb_impl *hb_impl_find(const hb_algo *algo, const char *name)
{
    const slice *s = slice_of(algo);
    unsigned i;
    if (!s) {
        for (i = 0; i < algo->n_impls; i++)
            if (strcmp(algo->impls[i]->name, name) == 0)
                return algo->impls[i];
        return 0;
    }
    for (i = s->first; i < s->first + s->n; i++)
        if (strcmp(entries[i].impl->name, name) == 0)
            return entries[i].impl;
    return 0;
}

int hb_impl_rank(const hb_algo *algo, const hb_impl *impl)
{
    const hb_index_entry *e = hb_index_entry_of(algo, impl);
    unsigned i;
    if (e)
        return e->rank;
    /* outside the roster: its place in algo->impls; not algo's: past them */
    for (i = 0; i < algo->n_impls && algo->impls[i] != impl; i++)
        ;
    return slice_of(algo) ? (int)algo->n_impls : (int)i;
}

const hb_impl_row *hb_impl_row_of(const hb_algo *algo, const hb_impl *impl)
{
    const hb_index_entry *e = hb_index_entry_of(algo, impl);
    return e ? e->row : 0;
}

/* The entry of impl in whichever algorithm lists it with a row. */
static const hb_index_entry *entry_with_row(const hb_impl *impl)
{
    unsigned i;
    hb_once(HB_ONCE_IMPL_INDEX, make_index);
    for (i = 0; i < n_entries; i++)
        if (entries[i].impl == impl && entries[i].row)
            return &entries[i];
    return 0;
}

hb_oneshot_fn hb_impl_oneshot(const hb_impl *impl)
{
    const hb_index_entry *e = entry_with_row(impl);
    return e ? e->oneshot : 0;
}

void hb_hash_oneshot(const hb_impl *impl, const void *data, size_t len, uint8_t *digest)
{
    hb_oneshot_fn fn = hb_impl_oneshot(impl);
    if (fn)
        fn((const uint8_t *)data, len, digest);
    else
        hb_hash(impl, data, len, digest);
}

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
    /* an index made already lacks the new rows: made again now, before any
     * thread looks up (one not made yet is made with them at first use) */
    if (made)
        make_index();
    return 0;
}
