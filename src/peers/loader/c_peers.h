/* The C peer libraries (OpenSSL, zlib, ISA-L, xxHash, libsodium: src/peers/)
 * as a module the hashbench program loads when a command asks for peers.
 *
 * The library (libhashbench.a) links the peers in, for the tests and tools
 * that use it; the program links none of them, so that `hashbench sum`
 * starts without loading and relocating five libraries it does not call.
 * The Makefile builds src/peers/ as hashbench-peers.so beside the program;
 * hb_c_peers_load opens it and adds its rows (ranked below 0) to the
 * registry (impl_rows.h, hb_add_rows), where they are the peers they were
 * when linked in.  bench, verify and list load it first thing; sum when
 * --impl names an implementation hashbench has not; rng and --as-cpu's
 * report when they ask for a peer's generator or ISA-L's state.
 *
 * Where the module is: $HB_PEERS_MODULE if set ("none" or empty: never
 * load it), else hashbench-peers.so beside the executable.  A build
 * without the peer libraries has no module: then there are no C peers,
 * and nothing is said. */
#ifndef HB_PEERS_LOADER_C_PEERS_H
#define HB_PEERS_LOADER_C_PEERS_H

#include "peers/loader/rust_peers.h"   /* hb_peer_warn_fn */

/* Loads the module once (later calls return the first call's answer) and
 * adds its rows.  1 when they are in the registry, 0 when there is no
 * module or it cannot be used; what went wrong with one that is there goes
 * to warn (NULL: standard error). */
int hb_c_peers_load(hb_peer_warn_fn warn, void *arg);

/* The path loaded (empty when none was). */
const char *hb_c_peers_path(void);

#endif
