/* Implementations whose thread count the bench can set (bench --scale):
 * BLAKE3 `mt` (hb_blake3_mt_set_threads) and the Rust blake3 crate's rayon
 * peer (rust-blake3-rayon, when its library has hb_rust_peers_set_threads).
 * A knob takes the thread count, the caller's included; 0 restores the
 * implementation's default (every CPU this process may use). */
#ifndef HB_CLI_THREAD_KNOB_H
#define HB_CLI_THREAD_KNOB_H

#include "hashbench.h"
/* hb_usable_cpus: the default thread count of every knob */
#include "os/usable_cpus.h"

typedef void (*hb_thread_knob)(unsigned threads);

/* impl's knob, or NULL when its thread count is not ours to set */
hb_thread_knob hb_impl_thread_knob(const hb_impl *impl);

/* The Rust peers' knob, when their library has one (the bench sets it
 * from peers/loader/rust_peers.h's hb_rust_peers_about); NULL takes it away. */
void hb_thread_knob_set_rust(const hb_impl *impl, hb_thread_knob knob);

#endif
