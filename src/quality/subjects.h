/* The roster's algorithms as subjects of the quality battery (subjects.c).
 *
 * hash() runs the implementation the pick gives (hb_impl_pick at
 * HB_NO_SIZE; a row that hashes on several threads gives way to the best
 * single-threaded one: the battery already keeps every CPU busy);
 * hash_impl() runs each implementation that is available here, the peer
 * libraries' included when they are loaded (independent cross-checks for
 * the sanity test).  Keyed algorithms take the battery's seed through
 * their with_params hook: as the key or, for PBKDF2, as the salt
 * (subjects.c lists which and how many bytes). */
#ifndef HB_QUALITY_SUBJECTS_H
#define HB_QUALITY_SUBJECTS_H

#include "hashbench.h"
#include "impl_rows.h"
#include "quality/quality.h"

#define HB_Q_MAX_IMPLS 24

typedef struct hb_q_roster_subject {
    hb_q_subject s;                     /* what the battery sees */
    const hb_algo *algo;
    const hb_impl *pick;                /* hash()'s implementation */
    const hb_impl *impls[HB_Q_MAX_IMPLS]; /* hash_impl()'s, the pick among them */
    /* per implementation: the one that hashes under a seed (itself when its
     * with_params takes the seed, else keyed_pick: a peer without a keyed
     * form is cross-checked unkeyed only) */
    const hb_impl *keyed_by[HB_Q_MAX_IMPLS];
    const hb_impl *keyed_pick;          /* the seed's implementation for hash() */
    /* each implementation's one-shot function (NULL: init, update, final),
     * looked up once here, as the benchmark does (src/bench/measure.c):
     * hb_impl_oneshot searches the index, which at every hash made the
     * quick battery's fast hashes take about 1.5x the CPU time */
    hb_oneshot_fn oneshot[HB_Q_MAX_IMPLS];
    hb_oneshot_fn pick_oneshot;
    int seed_is_salt;                   /* 1: the seed goes in as hb_params.salt */
    unsigned skipped_threaded;          /* rows left out: they hash on several threads */
} hb_q_roster_subject;

/* Makes algo's subject.  Returns 0, or -1 when no implementation of it
 * runs here (message in why). */
int hb_q_roster_subject_init(hb_q_roster_subject *rs, const hb_algo *algo, char *why, size_t why_len);

/* What the report says of a subject's keying: "16-byte key", "16-byte salt",
 * "4-byte seed", or "not keyed". */
const char *hb_q_roster_keying(const hb_q_roster_subject *rs, char *buf, size_t len);

#endif
