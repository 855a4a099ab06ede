/* Which implementations hash on several threads, as their rows say
 * (impl_rows.h, hb_threads_iface): sum's threaded pick, bench --scale's
 * thread counts.  The commands ask here, never by an implementation's
 * name. */
#ifndef HB_CLI_IMPL_THREADS_H
#define HB_CLI_IMPL_THREADS_H

#include "hashbench.h"
#include "impl_rows.h"
/* hb_usable_cpus: the threads an interface's job uses by default */
#include "os/usable_cpus.h"

/* impl's threads interface, or NULL when it hashes on one thread */
const hb_threads_iface *hb_impl_threads(const hb_algo *algo, const hb_impl *impl);

/* The highest-ranked implementation of algo that hashes on several
 * threads and runs here (never a peer), or NULL when it has none (every
 * algorithm but BLAKE3, and builds without threads) */
const hb_impl *hb_impl_threaded(const hb_algo *algo);

#endif
