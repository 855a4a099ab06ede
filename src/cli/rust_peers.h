/* The Rust crates (peers/rust, built by `make peers`) as peers of a
 * `hashbench bench --impl ...,peers` run.
 *
 * They cannot join hashbench's interleaved groups: they live in another
 * program.  So the run plans one placeholder cell per crate, algorithm and
 * size beside hashbench's cells of the same group; after hashbench has
 * measured its own cells, the program hashbench-rust-peers measures the
 * crates with the same protocol (same sizes, budget, repeat, mode) in a
 * separate process, and its JSON records fill the placeholders.  Every such
 * cell is marked as measured in a separate process (table legend, JSON
 * "separate_process", the comparisons' "interleaved": false): its ratio to
 * hashbench's figure spans two processes run one after the other.
 *
 * Where the program is: $HB_RUST_PEERS if set ("none" or empty: never run
 * it), else hashbench-rust-peers beside the hashbench executable, where
 * `make peers` puts it. */
#ifndef HB_CLI_RUST_PEERS_H
#define HB_CLI_RUST_PEERS_H

#include "cli/bench_run.h"

/* Does the --impl spec ask for the peers (has the word "peers")? */
int hb_rust_peers_wanted(const char *impl_spec);

/* Finds the program and asks it for its crates (--list).  Returns 1 when
 * there are crates to plan, 0 when there are none; *note is set to why not
 * when the user may want to know (not built, HB_RUST_PEERS wrong). */
int hb_rust_peers_load(const char **note);

/* The crates for algo (placeholder implementations, never called). */
unsigned hb_rust_peers_for(const hb_algo *algo, const hb_impl **out, unsigned max);

/* Is impl one of those placeholders? */
int hb_impl_is_rust_peer(const hb_impl *impl);

/* Runs the program for every placeholder cell of run, fills those it
 * reports with a digest hashbench agrees with, and removes the others,
 * each with a run warning saying why.  Call after hashbench's own cells
 * are measured. */
void hb_rust_peers_measure(hb_run *run);

#endif
