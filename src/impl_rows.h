/* How implementations join the registry beyond an algorithm's own C ones:
 * rows.  Internal to the library and the hashbench program (not part of
 * include/hashbench.h, the API a program linking the library sees).
 *
 * Each family's folder for an architecture, src/algorithms/<family>/<arch>/,
 * owns one table of rows: one per implementation it adds (SHA-NI, AVX2,
 * NEON ...) or annotates (a C implementation's one-shot function, or a rank
 * that differs on this architecture).  src/arch/<arch>/families_<arch>.c
 * lists those tables; the peer libraries (src/peers/) have tables of the
 * same rows, with negative ranks.  Adding an implementation is one kernel
 * file and one row (docs/writing-an-algorithm.md).
 *
 *     { .algo = "sha256", .impl = &hb_impl_sha256_shani, .rank = 2,
 *       .oneshot = hb_sha256_oneshot_shani },
 *     { .algo = "sha3-256", .impl = &hb_impl_sha3_256_bmi2, .rank = 1,
 *       .core_ranks = HB_CORE_RANKS({ "zen3", 2 }, { "zen4", 3 }) },
 *
 * The index (src/impl_index.c) reads the tables once, at the first lookup
 * (and again at hb_add_rows): each algorithm's implementations in listing
 * order, each with its row and its rank on this core.  The one pick,
 * hb_impl_pick (src/dispatch.c), asks a hook first (a profile in use:
 * hb_impl_set_pick_hook below), then takes the highest rank this CPU can
 * run, on a tie the one listed first.  An algorithm's own C
 * implementations (hb_algo.impls: portable, then fast) rank by their place
 * in that list, 0 and 1, unless a row gives another rank. */
#ifndef HB_IMPL_ROWS_H
#define HB_IMPL_ROWS_H

#include "hashbench.h"

/* A rank measured on one core (the names src/arch/<arch>/ gives its cores:
 * "zen3", "zen4" ... on x86-64). */
typedef struct hb_core_rank {
    const char *core;
    int rank;
} hb_core_rank;

typedef void (*hb_oneshot_fn)(const uint8_t *data, size_t len, uint8_t *digest);

/* What a row that hashes on several threads offers (BLAKE3 `mt`, the Rust
 * rayon peer): `hashbench sum`, `bench --scale`, `tune` and the records ask
 * the row through this, never an implementation's name.  Process-wide
 * settings: a job already running keeps its count.  update_read's ctx is
 * the implementation's own context, as its update gets it (&hb_ctx.u);
 * read_at fills buf with exactly n bytes from `off` (counted from the
 * update's first byte), from any thread at once, and returns 0 or an errno. */
typedef struct hb_threads_iface {
    void (*set)(unsigned threads);      /* 0: the default, every usable CPU */
    unsigned (*get)(void);              /* threads the next job may use */
    void (*last_job)(unsigned *parts, unsigned *by_pool); /* may be NULL */
    /* may be NULL: hashes len bytes that read_at supplies (sum's
     * pread path), 0 or an errno */
    int (*update_read)(void *ctx, uint64_t len,
                       int (*read_at)(void *src, uint64_t off, void *buf, size_t n),
                       void *src);
} hb_threads_iface;

typedef struct hb_impl_row {
    const char *algo;               /* roster id */
    const hb_impl *impl;
    int rank;                       /* where no core_ranks entry matches; below 0: a
                                       peer, measured beside hashbench, never picked */
    /* optional: the whole message in one call, the digest of init + update +
     * final (what the benchmark times: one call a message, as the peers'
     * one-shots are timed) */
    hb_oneshot_fn oneshot;
    /* optional: ranks measured on particular cores, ended by { 0, 0 } */
    const hb_core_rank *core_ranks;
    /* optional: it hashes on several threads, one per CPU this process may
     * use by default, and this is how to steer them: never the pick where
     * that is one CPU (hb_impl_pickable), though it may still be named.
     * NULL: one thread. */
    const hb_threads_iface *threads;
} hb_impl_row;

/* A row's core ranks, written in place (a compound literal). */
#define HB_CORE_RANKS(...) ((const hb_core_rank[]){ __VA_ARGS__, { 0, 0 } })

/* This architecture's family tables (src/arch/<arch>/families_<arch>.c),
 * and the peers' (src/peers/): each list NULL-terminated, each table ended
 * by a row with a NULL algo.  The peers' list has hb_peer_rows_slots
 * entries, the free ones NULL, for tables made at run time (hb_add_rows). */
extern const hb_impl_row *const hb_arch_rows[];
extern const hb_impl_row *hb_peer_rows[];
extern const unsigned hb_peer_rows_slots;

/* Adds a table of peer rows made at run time (the Rust crates' library,
 * src/peers/): kept, not copied, until the program ends; every row's rank
 * must be below 0.  0, or -1 when no more fit (host only, src/impl_index.c:
 * the index lists the new rows from then on).  Not while another thread
 * looks implementations up: the program adds its tables at its start. */
int hb_add_rows(const hb_impl_row *rows);

/* ---- host only (src/impl_index.c, src/dispatch.c and src/arch/; the
 * consoles list their C implementations through src/impl_list.c) ---- */

/* The core whose measured ranks apply here (a name of hb_core_rank's), or
 * NULL for the rows' default ranks; and the name `hashbench info`, `list`
 * and the run record show ("zen3", "other" ...; "none" where the
 * architecture tells no cores apart).  src/arch/<arch>/. */
const char *hb_arch_rank_core(void);
const char *hb_arch_tuning_name(void);

/* The row of impl for algo (the first that names it), or NULL: an
 * algorithm's own C implementation without one. */
const hb_impl_row *hb_impl_row_of(const hb_algo *algo, const hb_impl *impl);

/* May the dispatcher or a profile pick impl here?  Not when it runs on
 * several threads (its row has `threads`) and this process may use one CPU
 * only (src/os/usable_cpus.h: under `taskset -c 1` or bench --pin), where
 * its threads would take turns on that CPU: the single-threaded best is
 * the pick then (hb_impl_pick, whether the ranks or a profile propose it). */
int hb_impl_pickable(const hb_algo *algo, const hb_impl *impl);

/* What hb_impl_pick asks first for a message size (never for HB_NO_SIZE):
 * an implementation of algo, or NULL for the ranks' pick.  One it may not
 * pick here (hb_impl_pickable) gives way to the ranks' pick too.  NULL:
 * no hook (the ranks alone).  The profile module installs one
 * (hb_profile_use, src/profile/profile.h). */
typedef const hb_impl *(*hb_pick_hook)(const hb_algo *algo, size_t size);
void hb_impl_set_pick_hook(hb_pick_hook hook);

/* impl's one-shot function, or NULL when it has none. */
hb_oneshot_fn hb_impl_oneshot(const hb_impl *impl);
/* One message through impl's one-shot function when it has one, else
 * through init + update + final. */
void hb_hash_oneshot(const hb_impl *impl, const void *data, size_t len, uint8_t *digest);

#endif /* HB_IMPL_ROWS_H */
