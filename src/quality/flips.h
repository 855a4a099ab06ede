/* Flip counters for the avalanche tests (flips.c): how often each output
 * bit changes when each input (or seed) bit is flipped, over many keys,
 * and how often two output bits change differently (bit independence).
 * Byte-lane accumulators (eight 8-bit counters in a word, emptied every
 * 255 keys) keep the per-flip cost at one add per digest byte. */
#ifndef HB_QUALITY_FLIPS_H
#define HB_QUALITY_FLIPS_H

#include <stdint.h>
#include "quality/quality.h"

typedef struct hb_q_flips {
    unsigned in_bits, out_bytes;
    unsigned pending;           /* keys in the byte lanes, < 256 */
    uint64_t keys;              /* keys counted in total */
    uint64_t *lanes;            /* [in_bits][out_bytes] eight 8-bit counters */
    uint32_t *count;            /* [in_bits][out_bytes * 8] flips per cell */
    uint64_t spread[256];       /* byte b of spread[v] = bit b of v */
} hb_q_flips;

/* 0, or -1 when out of memory */
int hb_q_flips_init(hb_q_flips *f, unsigned in_bits, unsigned out_bytes);
/* in_bit flipped: d0 the key's digest, d1 the flipped key's */
void hb_q_flips_add(hb_q_flips *f, unsigned in_bit, const uint8_t *d0, const uint8_t *d1);
/* after every in_bit of one key */
void hb_q_flips_key_done(hb_q_flips *f);
/* the largest max(c, keys - c) over the cells of output bits < out_bits */
uint32_t hb_q_flips_worst(hb_q_flips *f, unsigned out_bits, unsigned *in_bit, unsigned *out_bit);
void hb_q_flips_free(hb_q_flips *f);

/* Emits one SAC result per width of s: the worst cell's two-sided
 * binomial p (flips ~ Binomial(keys, 1/2)), Sidak over in_bits x width
 * cells (independent for a random function: each flipped key's output is
 * a fresh uniform value).  what: "input" or "seed" (for the detail). */
void hb_q_sac_emit(hb_q_flips *f, const hb_q_subject *s, const char *test,
                   const char *variant, const char *what, hb_q_sink *sink);

/* Bit independence over a selection of 64 output bits: per input bit and
 * per selected pair (j,k), how often exactly one of j and k flips. */
typedef struct hb_q_pairs {
    unsigned in_bits, nsel, pending;
    uint64_t keys;
    uint16_t sel[64];           /* the digest bits selected, bit i of x = digest bit sel[i] */
    uint64_t *lanes;            /* [in_bits][64][8] eight 8-bit counters */
    uint32_t *both;             /* [in_bits][64][64]: j and k flipped together (j == k: j flipped) */
    uint64_t spread[256];
} hb_q_pairs;

int hb_q_pairs_init(hb_q_pairs *p, unsigned in_bits, const uint16_t *sel, unsigned nsel);
void hb_q_pairs_add(hb_q_pairs *p, unsigned in_bit, const uint8_t *d0, const uint8_t *d1);
void hb_q_pairs_key_done(hb_q_pairs *p);
/* the largest max(x, keys - x), x = flips of exactly one of j, k, over pairs
 * of the first nbits selected bits */
uint32_t hb_q_pairs_worst(hb_q_pairs *p, unsigned nbits, unsigned *in_bit, unsigned *j, unsigned *k);
void hb_q_pairs_free(hb_q_pairs *p);

/* One key of an avalanche test: hashes key (len bytes) under seed (NULL:
 * the subject's own) into d0, then flips each of the first n_bits bits of
 * `bits` (the key or the seed) in turn, hashes into d1, flips it back and
 * calls add(ctx, bit, d0, d1).  add: hb_q_flips_add_to, hb_q_pairs_add_to,
 * or the test's own. */
typedef void hb_q_flip_add(void *ctx, unsigned in_bit, const uint8_t *d0, const uint8_t *d1);
void hb_q_flip_each_bit(const hb_q_subject *s, const uint8_t *key, unsigned len, const uint8_t *seed,
                        uint8_t *bits, unsigned n_bits, hb_q_flip_add *add, void *ctx);
/* hb_q_flips_add and hb_q_pairs_add as hb_q_flip_add (ctx: the counters) */
void hb_q_flips_add_to(void *flips, unsigned in_bit, const uint8_t *d0, const uint8_t *d1);
void hb_q_pairs_add_to(void *pairs, unsigned in_bit, const uint8_t *d0, const uint8_t *d1);

/* two-sided p of a Binomial(n, 1/2) count whose larger side is hi */
double hb_q_two_sided_half(uint64_t n, uint32_t hi);

#endif
