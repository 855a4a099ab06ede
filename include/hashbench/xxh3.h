/* XXH3: XXH3_64bits and XXH3_128bits with the default 192-byte secret;
 * streaming with seed 0, and seeded one-shots (with_params) (Yann Collet's xxHash specification, doc/xxhash_spec.md, "XXH3
 * Algorithm Description").
 *
 * Digests: xxh3-64 is the 64-bit value big-endian; xxh3-128 is the high 64
 * bits then the low 64 bits, each big-endian (xxHash's canonical form).
 *
 * Both widths share one streaming state: eight accumulators, the number of
 * stripes already accumulated in the current block, the byte count and a
 * 256-byte buffer.  The buffer is only emptied when more input arrives, so
 * at the end it always holds the last byte(s) of the message, and the whole
 * message when it is 256 bytes or less.  In front of it the state keeps a
 * 64-byte history: the last 64 bytes of the stripes already accumulated, so
 * that the final "last 64 bytes" stripe is always the 64 contiguous bytes
 * that end where the buffered ones do, however short the tail.
 *
 * Initialising is three stores: the accumulators are set only when the
 * first stripe is accumulated, which happens exactly when the byte count
 * passes 256 (until then every byte is still in the buffer).  So a short
 * message costs no more than copying it in and hashing it from the buffer.
 * Implementations supply only the stripe accumulator (and may replace the
 * short-input and final steps, as the x86 ones do). */
#ifndef HASHBENCH_XXH3_H
#define HASHBENCH_XXH3_H

#include "hashbench/common.h"
#include "hashbench/u64.h"

#define HB_XXH3_STRIPE_LEN 64u          /* bytes per stripe */
#define HB_XXH3_STRIPES_PER_BLOCK 16u   /* (192 - 64) / 8 with the default secret */
#define HB_XXH3_BUFFER_SIZE 256u        /* a whole number of stripes */
#define HB_XXH3_HISTORY 64u             /* accumulated bytes kept in front of the buffer */
#define HB_XXH3_SECRET_SIZE 192u
#define HB_XXH3_MIDSIZE_MAX 240u

typedef struct hb_xxh3_state {
    hb_u64 acc[8];                  /* the long-input accumulators, set once total > 256 */
    hb_u64 total;                   /* bytes absorbed */
    uint16_t buffered;              /* bytes in the buffer, 0..256 */
    uint8_t stripes;                /* stripes accumulated in the current block, 0..15 */
    /* the history (HB_XXH3_HISTORY bytes), then the buffer (HB_XXH3_BUFFER_SIZE) */
    uint8_t mem[HB_XXH3_HISTORY + HB_XXH3_BUFFER_SIZE];
} hb_xxh3_state;

/* The buffer inside the state. */
#define HB_XXH3_BUF(s) ((s)->mem + HB_XXH3_HISTORY)
/* Whether stripes have been accumulated (and acc and stripes are set). */
#define HB_XXH3_STARTED(s) (HB_U64_HI((s)->total) != 0 || HB_U64_LO((s)->total) > HB_XXH3_BUFFER_SIZE)

typedef hb_xxh3_state hb_xxh3_64_ctx;
typedef hb_xxh3_state hb_xxh3_128_ctx;

void hb_xxh3_64_init(hb_xxh3_64_ctx *c);
void hb_xxh3_128_init(hb_xxh3_128_ctx *c);

/* portable: the specification's loops, lane by lane */
void hb_xxh3_64_update_portable(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_64_final_portable(hb_xxh3_64_ctx *c, uint8_t *digest);      /* 8 bytes */
void hb_xxh3_128_update_portable(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_128_final_portable(hb_xxh3_128_ctx *c, uint8_t *digest);    /* 16 bytes */

/* fast: whole blocks of stripes straight from the input, eight lanes unrolled
 * in locals, the secret pre-read as 64-bit words, the buffer filled 8 bytes
 * at a time */
void hb_xxh3_64_update_fast(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_64_final_fast(hb_xxh3_64_ctx *c, uint8_t *digest);
void hb_xxh3_128_update_fast(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_128_final_fast(hb_xxh3_128_ctx *c, uint8_t *digest);

/* ---- seeded (xxh3_seeded.c) ------------------------------------------- */

/* One-shots with a 64-bit seed: the seed terms of the 0-240 byte paths, and
 * beyond 240 bytes the secret derived from the seed through the portable
 * long loop.  Seed 0 gives the unseeded outputs.  Digests as above. */
void hb_xxh3_64_seeded(const uint8_t *data, size_t len, const hb_u64 *seed, uint8_t *digest);
void hb_xxh3_128_seeded(const uint8_t *data, size_t len, const hb_u64 *seed, uint8_t *digest);
/* The with_params hook of every XXH3 row: hb_params.key of 8 bytes is the
 * seed, little-endian; no key is seed 0; other key lengths give -1. */
struct hb_params;
int hb_xxh3_64_params(const struct hb_params *p, const uint8_t *data, size_t len,
                      uint8_t *out, size_t out_len);
int hb_xxh3_128_params(const struct hb_params *p, const uint8_t *data, size_t len,
                       uint8_t *out, size_t out_len);

/* ---- shared by the implementations (xxh3_common.c) ------------------- */

/* The default secret, byte for byte from the specification. */
extern const uint8_t hb_xxh3_default_secret[HB_XXH3_SECRET_SIZE];
/* The same as 24 little-endian 64-bit words (the fast forms read these). */
extern const hb_u64 hb_xxh3_secret64[24];

/* Accumulates nstripes consecutive stripes into acc, continuing the block
 * whose *stripes stripes are already done: the stripe numbered n in its block
 * uses the secret from byte 8n, and after the 16th the accumulators are
 * scrambled and *stripes goes back to 0. */
typedef void (*hb_xxh3_stripes_fn)(hb_u64 *acc, uint8_t *stripes, const uint8_t *p,
                                   size_t nstripes);

/* Copies n bytes into the state (the two never overlap). */
typedef void (*hb_xxh3_copy_fn)(uint8_t *dst, const uint8_t *src, size_t n);

void hb_xxh3_reset(hb_xxh3_state *s);
/* The accumulators' starting values (spec: INIT_ACC). */
void hb_xxh3_init_acc(hb_u64 *acc);
void hb_xxh3_update(hb_xxh3_state *s, const uint8_t *data, size_t len, hb_xxh3_stripes_fn fn,
                    hb_xxh3_copy_fn copy);
void hb_xxh3_final64(const hb_xxh3_state *s, uint8_t *digest, hb_xxh3_stripes_fn fn);
void hb_xxh3_final128(const hb_xxh3_state *s, uint8_t *digest, hb_xxh3_stripes_fn fn);

/* The plain byte loop. */
void hb_xxh3_copy_bytes(uint8_t *dst, const uint8_t *src, size_t n);
/* One accumulation step (spec: accumulate(stripe, secretOffset)). */
void hb_xxh3_accumulate_stripe(hb_u64 *acc, const uint8_t *stripe, const uint8_t *secret);
/* The scramble after each block (spec: round_scramble), secret bytes 128..191. */
void hb_xxh3_scramble(hb_u64 *acc);

#endif /* HASHBENCH_XXH3_H */
