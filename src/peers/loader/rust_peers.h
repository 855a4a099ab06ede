/* The Rust crates (peers/rust, built by `make peers`) as peers, inside this
 * process.
 *
 * `make peers` builds them as a library, libhashbench_rust_peers.so, with a
 * small C ABI (peers/rust/src/ffi.rs).  Loading it makes every crate an
 * implementation of its algorithm, with init/update/final and a one-shot
 * function: a row of the registry (impl_rows.h, hb_add_rows) ranked below
 * 0, as the C libraries' rows are, so it is a peer as they are: measured
 * beside hashbench's own by the same protocol, never picked.  A crate whose digest of
 * the canonical workload (one-shot, and streamed in pieces) differs from
 * hashbench's best is left out with a warning.  The crate whose thread
 * count can be set (rust-blake3-rayon, where the library has
 * hb_rust_peers_set_threads) carries a threads interface on its row
 * (impl_rows.h): bench --scale asks the row.
 *
 * Where the library is: $HB_RUST_PEERS if set ("none" or empty: never load
 * it); else, under --as-cpu LEVEL, libhashbench_rust_peers.LEVEL.so beside
 * the executable (make peers-LEVEL), never the native build; else
 * libhashbench_rust_peers.so beside the executable, where `make peers` puts
 * it.
 *
 * The loader knows nothing of a benchmark run: what goes wrong is handed to
 * the caller's warn function, what was loaded is described in
 * hb_rust_peers_about. */
#ifndef HB_PEERS_LOADER_RUST_PEERS_H
#define HB_PEERS_LOADER_RUST_PEERS_H

#include "hashbench.h"

/* Does the --impl spec ask for the peers (has the word "peers")? */
int hb_rust_peers_wanted(const char *impl_spec);

/* What was loaded, for the run's record (all empty when nothing was). */
typedef struct hb_rust_peers_about {
    char library[4096];             /* the path loaded */
    char compiler[160];
    char flags[256];
    char crates[1024];              /* "blake3=1.8.7,sha2=0.11.1,..." */
} hb_rust_peers_about;

/* One line about a library that is there but cannot be used, or a crate
 * left out; arg is the caller's. */
typedef void (*hb_peer_warn_fn)(void *arg, const char *message);

/* Loads the library and makes its crates implementations.  as_cpu_level is
 * the --as-cpu level in force, or NULL.  Returns how many crates can be
 * measured.  *note is set, for the user's terminal, when the library is
 * simply not built; anything wrong with a library that is there (or named
 * by HB_RUST_PEERS) goes to warn.  Fills *about. */
unsigned hb_rust_peers_load(const char *as_cpu_level, hb_rust_peers_about *about, hb_peer_warn_fn warn, void *arg,
                            const char **note);

#endif
