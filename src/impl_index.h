/* The host's index of implementations (src/impl_index.c): per algorithm,
 * made at its first use from the rows (src/impl_rows.h), its
 * implementations in listing order and by rank.  hb_impl_count, hb_impl_at,
 * hb_impl_find, hb_impl_rank, hb_impl_row_of and hb_impl_oneshot read it;
 * the pick (src/dispatch.c, hb_impl_pick) walks an algorithm's entries by
 * rank.  Host only: the consoles list their C implementations through
 * src/impl_list.c and never pick.
 *
 * Any thread may look up at any time: the first lookup makes the whole
 * index once (hb_once, src/os/once.h) and the others wait for it; after
 * that it is only read.  hb_add_rows writes it again: call it before any
 * thread looks up (the peers' loaders do, at the program's start). */
#ifndef HB_IMPL_INDEX_H
#define HB_IMPL_INDEX_H

#include "impl_rows.h"

typedef struct hb_index_entry {
    const hb_impl *impl;
    const hb_impl_row *row;         /* the first row naming impl for the algorithm; NULL:
                                       an own C implementation no row annotates */
    int rank;                       /* on this core (core ranks resolved); below 0: a peer */
    hb_oneshot_fn oneshot;          /* the row's, or NULL */
} hb_index_entry;

/* impl's entry among algo's, or NULL when algo does not list it. */
const hb_index_entry *hb_index_entry_of(const hb_algo *algo, const hb_impl *impl);

/* algo's entries by rank, highest first, on a tie the one listed first;
 * *n of them.  Valid until the next hb_add_rows.  NULL (and *n 0) for an
 * algorithm outside the roster: its own implementations, in their order,
 * are its ranks. */
const hb_index_entry *const *hb_index_ranked(const hb_algo *algo, unsigned *n);

#endif /* HB_IMPL_INDEX_H */
