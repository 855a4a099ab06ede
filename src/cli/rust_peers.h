/* The Rust crates (peers/rust, built by `make peers`) as peers of a
 * `hashbench bench --impl ...,peers` run.
 *
 * They cannot join hashbench's interleaved groups: they live in another
 * program.  So the run plans one placeholder cell per crate, algorithm and
 * size after hashbench's cells of the same group; right after hashbench has
 * measured its own cells of a group, the program hashbench-rust-peers
 * measures the group's crates with the same protocol and settings (budget,
 * repeat, mode) in a separate process, and its JSON records fill the
 * placeholders.  Run per group, the two measurements are seconds apart, not
 * minutes, but still not interleaved: every such cell is marked as measured
 * in a separate process (table legend, JSON "separate_process", the
 * comparisons' "interleaved": false).
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

/* Runs the program for the placeholders among cells[first, first + n) (one
 * group: one algorithm and size) and fills those it reports with a digest
 * hashbench agrees with; a refusal is a run warning.  Call right after
 * hashbench's own cells of the group are measured.  When the program
 * cannot be run or writes no valid JSON, it is not run again in this run. */
void hb_rust_peers_measure_group(hb_run *run, unsigned first, unsigned n);

/* After the last group: removes the placeholders nothing filled (with a
 * warning for those no other warning explained). */
void hb_rust_peers_finish(hb_run *run);

#endif
