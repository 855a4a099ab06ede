/* The rows mechanism (src/impl_rows.h) on whatever architecture this is:
 * a table added at run time (hb_add_rows, the Rust peers' way in) is
 * listed, ranked as a peer, never picked, and its one-shot is the one
 * hb_hash_oneshot calls; a table with a rank of 0 or more is refused (only
 * peers join at run time), and so is one past the last free slot. */
#include <stdio.h>
#include "hashbench.h"
#include "impl_rows.h"
#include "unit.h"

static const hb_impl *best;
static unsigned oneshot_calls;

/* the best implementation's digest, counting the calls */
static void peer_oneshot(const uint8_t *data, size_t len, uint8_t *digest)
{
    oneshot_calls++;
    hb_hash(best, data, len, digest);
}

int main(void)
{
    const hb_algo *crc32 = hb_algo_find("crc32");
    static hb_impl peer, own;
    static hb_impl_row peer_rows[2], own_rows[2], spare[2];
    static const uint8_t msg[] = "123456789";
    uint8_t want[HB_MAX_DIGEST], got[HB_MAX_DIGEST];
    unsigned i, before;

    best = hb_impl_pick(crc32, HB_NO_SIZE);
    before = hb_impl_count(crc32);
    hb_hash(best, msg, 9, want);

    own = *best;
    own.name = "test-not-a-peer";
    own_rows[0] = (hb_impl_row){ .algo = "crc32", .impl = &own, .rank = 0 };
    check(hb_add_rows(own_rows) == -1, "a run-time table with a rank of 0 is refused");
    check(hb_impl_count(crc32) == before, "... and not listed");

    peer = *best;
    peer.name = "test-peer";
    peer_rows[0] = (hb_impl_row){ .algo = "crc32", .impl = &peer, .rank = -1, .oneshot = peer_oneshot };
    check(hb_add_rows(peer_rows) == 0, "a peer table is added");
    check(hb_impl_count(crc32) == before + 1, "its implementation is listed once");
    check(hb_impl_find(crc32, "test-peer") == &peer, "and found by name");
    check(hb_impl_rank(crc32, &peer) == -1, "its rank is the row's, below 0");
    check(hb_impl_pick(crc32, HB_NO_SIZE) == best, "the pick is unchanged: a peer is never picked");
    check(hb_impl_oneshot(&peer) == peer_oneshot, "its one-shot is the row's");
    hb_hash_oneshot(&peer, msg, 9, got);
    check(oneshot_calls == 1 && same(got, want, crc32->digest_size),
          "hb_hash_oneshot calls it, with the best implementation's digest");

    /* fill the free slots: the last one always ends the list */
    spare[0] = (hb_impl_row){ .algo = "crc32", .impl = &peer, .rank = -1 };
    for (i = 0; i < hb_peer_rows_slots && hb_add_rows(spare) == 0; i++)
        ;
    check(i < hb_peer_rows_slots, "tables past the free slots are refused");
    for (i = 0; hb_peer_rows[i]; i++)
        ;
    check(i + 1 == hb_peer_rows_slots, "the list stays NULL-terminated when full");
    return unit_summary();
}
