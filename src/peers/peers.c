/* The libraries people use instead of hashbench, as implementations of the
 * registry (rank -1: `hashbench bench --impl best,peers` measures them in
 * the same interleaved groups as hashbench's best; the dispatcher never
 * picks one).  The Makefile builds this directory when pkg-config finds
 * every library (libcrypto, zlib, libxxhash, libsodium, libisal);
 * otherwise no_peers.c stands in. */
#include "peers/peers.h"

/* the tables, with room for the Rust crates' (hb_add_rows) */
const hb_impl_row *hb_peer_rows[] = {
    hb_peers_openssl, hb_peers_checksums, hb_peers_libxxhash, hb_peers_xxhash, hb_peers_sodium, 0, 0, 0
};
const unsigned hb_peer_rows_slots = sizeof hb_peer_rows / sizeof hb_peer_rows[0];

/* Their random-number generators (hashbench rng; the program finds this
 * function in the peers' module, src/peers/loader/c_peers.c; linked in,
 * it names peers_rng.c so that its archive member is linked). */
const hb_peer_rng *hb_peer_rng_table(void)
{
    return hb_peers_rng;
}
