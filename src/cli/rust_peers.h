/* The Rust crates (peers/rust, built by `make peers`) as peers of a
 * `hashbench bench --impl ...,peers` run, inside this process.
 *
 * `make peers` builds them as a library, libhashbench_rust_peers.so, with a
 * small C ABI (peers/rust/src/ffi.rs).  When the --impl list has the word
 * "peers", the library is loaded and every crate in it becomes an
 * implementation of its algorithm, with init/update/final and a one-shot
 * function, as peer rows (hb_add_rows, src/impl_rows.h), ranked as a peer: its cells join the same
 * groups as hashbench's own and the C libraries', and are measured in the
 * same interleaved rounds, by the group's one protocol.  A crate whose
 * digest of the canonical workload (one-shot, and streamed in pieces)
 * differs from hashbench's best is left out with a warning.
 *
 * Where the library is: $HB_RUST_PEERS if set ("none" or empty: never load
 * it), else libhashbench_rust_peers.so beside the hashbench executable,
 * where `make peers` puts it. */
#ifndef HB_CLI_RUST_PEERS_H
#define HB_CLI_RUST_PEERS_H

#include "cli/bench_run.h"

/* Does the --impl spec ask for the peers (has the word "peers")? */
int hb_rust_peers_wanted(const char *impl_spec);

/* Loads the library and makes its crates implementations.  Returns how many
 * crates can be measured.  *note is set, for the user's terminal, when the
 * library is simply not built; anything wrong with a library that is there
 * (or named by HB_RUST_PEERS) is a run warning.  Fills run->rust. */
unsigned hb_rust_peers_load(hb_run *run, const char **note);

#endif
