/* The libraries people use instead of hashbench, as implementations of the
 * registry (rank -1: `hashbench bench --impl best,peers` measures them in
 * the same interleaved groups as hashbench's best; the dispatcher never
 * picks one).  The Makefile builds this directory when pkg-config finds
 * every library (libcrypto, zlib, libxxhash, libsodium, libisal);
 * otherwise no_peers.c stands in. */
#include "peers/peers.h"

const hb_extra_impl *const hb_peer_impl_tables[] = {
    hb_peers_openssl, hb_peers_checksums, hb_peers_libxxhash, hb_peers_xxhash, hb_peers_sodium, 0
};

/* Their one-shot functions (src/dispatch.c finds them here; this
 * definition replaces its empty stand-in). */
const hb_oneshot *const hb_peer_oneshot_tables[] = {
    hb_peers_openssl_oneshots, hb_peers_checksums_oneshots, hb_peers_libxxhash_oneshots,
    hb_peers_xxhash_oneshots, hb_peers_sodium_oneshots, 0
};

/* Their random-number generators (hashbench rng; this definition replaces
 * the empty stand-in of src/cli/rng_libs.c, and names peers_rng.c so that
 * its archive member is linked). */
const hb_peer_rng *hb_peer_rng_table(void)
{
    return hb_peers_rng;
}
