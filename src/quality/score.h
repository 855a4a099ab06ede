/* Scoring a keyset's outputs (score.c): collisions against the exact
 * expectation for a random function, and the spread of the top and the
 * bottom output bits over buckets. */
#ifndef HB_QUALITY_SCORE_H
#define HB_QUALITY_SCORE_H

#include <stddef.h>
#include <stdint.h>
#include "quality/quality.h"

/* A keyset: a generator of n distinct keys, at most max_len bytes each,
 * in a fixed order.  next() writes the next key and returns its length;
 * the fields below it are the generator's own (keysets.c). */
typedef struct hb_q_keyset hb_q_keyset;
struct hb_q_keyset {
    uint64_t n;
    size_t max_len;
    size_t (*next)(hb_q_keyset *ks, uint8_t *key);
    uint64_t i;                 /* keys given so far */
    unsigned len, w, c, p;      /* the generator's shape and position */
    unsigned pos[16];
    uint64_t k[4];              /* the generator's constants */
    uint8_t text[128];
    hb_q_rng rng;
};

/* Hashes every key of ks once (the roster's own seed) and emits, for each
 * width of s, a collision result and a bucket result under test id `test`
 * with `variant`.  On an allocation failure it emits p = 1 results saying
 * so (never a failure the function did not earn). */
void hb_q_score_keyset(const hb_q_subject *s, hb_q_keyset *ks, const char *test,
                       const char *variant, hb_q_sink *sink);

/* Collisions among n values (sorted in place): n minus the distinct ones. */
uint64_t hb_q_count_collisions64(uint64_t *v, size_t n, uint64_t *tmp);

/* A digest as the collision counts see it: its first 8 bytes (a), the
 * next 8 (b) and a 64-bit fingerprint of the rest (c); zeros where the
 * digest is shorter (score.c says why a fingerprint is enough). */
typedef struct hb_q_dkey { uint64_t a, b, c; } hb_q_dkey;
void hb_q_dkey_of(const uint8_t *d, unsigned out_bytes, hb_q_dkey *k);
/* Collisions among v[0..n) at `width` bits (<= 64: the low bits of a;
 * wider: the whole key); v is left untouched.  -1 when out of memory. */
int64_t hb_q_collisions_at(const hb_q_dkey *v, size_t n, unsigned width);

/* The collision result: statistic collisions, p = P(Poisson(expected) >= it) */
void hb_q_collision_result(hb_q_result *r, uint64_t collisions, double keys, unsigned bits);

#endif
