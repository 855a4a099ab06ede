/* MurmurHash3 (Austin Appleby, SMHasher's MurmurHash3.cpp):
 * murmur3-32 is MurmurHash3_x86_32, murmur3-128 is MurmurHash3_x64_128.
 *
 * Digests: murmur3-32 is the 32-bit value big-endian; murmur3-128 is h1 then
 * h2, each little-endian (what the reference writes on a little-endian CPU).
 * Seeds: the roster uses seed 0; hb_*_init_seed and the one-shot
 * hb_*_seeded_<impl> take any 32-bit seed (SMHasher's verification test
 * needs them).  with_params: hb_params.key of 4 bytes is the seed,
 * little-endian. */
#ifndef HASHBENCH_MURMUR3_H
#define HASHBENCH_MURMUR3_H

#include "hashbench/common.h"
#include "hashbench/u64.h"

struct hb_params;

/* ---- MurmurHash3_x86_32 --------------------------------------------- */

typedef struct hb_murmur3_32_ctx {
    uint32_t h;                 /* h1 */
    uint32_t total;             /* bytes hashed, modulo 2^32 (all the hash uses) */
    uint8_t used;               /* bytes in buf, 0..3 */
    uint8_t buf[4];             /* a partial block */
} hb_murmur3_32_ctx;

void hb_murmur3_32_init(hb_murmur3_32_ctx *c);                    /* seed 0 */
void hb_murmur3_32_init_seed(hb_murmur3_32_ctx *c, uint32_t seed);
void hb_murmur3_32_update_portable(hb_murmur3_32_ctx *c, const uint8_t *data, size_t len);
void hb_murmur3_32_final_portable(hb_murmur3_32_ctx *c, uint8_t *digest);   /* 4 bytes */
void hb_murmur3_32_seeded_portable(uint32_t seed, const uint8_t *data, size_t len,
                                   uint8_t *digest);
int hb_murmur3_32_params_portable(const struct hb_params *p, const uint8_t *data, size_t len,
                                  uint8_t *out, size_t out_len);
void hb_murmur3_32_update_fast(hb_murmur3_32_ctx *c, const uint8_t *data, size_t len);
void hb_murmur3_32_final_fast(hb_murmur3_32_ctx *c, uint8_t *digest);
void hb_murmur3_32_seeded_fast(uint32_t seed, const uint8_t *data, size_t len,
                               uint8_t *digest);
int hb_murmur3_32_params_fast(const struct hb_params *p, const uint8_t *data, size_t len,
                              uint8_t *out, size_t out_len);

/* ---- MurmurHash3_x64_128 -------------------------------------------- */

typedef struct hb_murmur3_128_ctx {
    hb_u64 h1;
    hb_u64 h2;
    hb_u64 total;               /* bytes hashed */
    uint8_t used;               /* bytes in buf, 0..15 */
    uint8_t buf[16];            /* a partial block */
} hb_murmur3_128_ctx;

/* c->total += len, the 64-bit count of bytes hashed (size_t may be 16, 32
 * or 64 bits wide): the fast update's, and the x86 one's that runs beside
 * it on the same context */
void hb_murmur3_128_count(hb_murmur3_128_ctx *c, size_t len);

void hb_murmur3_128_init(hb_murmur3_128_ctx *c);                  /* seed 0 */
void hb_murmur3_128_init_seed(hb_murmur3_128_ctx *c, uint32_t seed);
void hb_murmur3_128_update_portable(hb_murmur3_128_ctx *c, const uint8_t *data, size_t len);
void hb_murmur3_128_final_portable(hb_murmur3_128_ctx *c, uint8_t *digest); /* 16 bytes */
void hb_murmur3_128_seeded_portable(uint32_t seed, const uint8_t *data, size_t len,
                                    uint8_t *digest);
int hb_murmur3_128_params_portable(const struct hb_params *p, const uint8_t *data, size_t len,
                                   uint8_t *out, size_t out_len);
void hb_murmur3_128_update_fast(hb_murmur3_128_ctx *c, const uint8_t *data, size_t len);
void hb_murmur3_128_final_fast(hb_murmur3_128_ctx *c, uint8_t *digest);
void hb_murmur3_128_seeded_fast(uint32_t seed, const uint8_t *data, size_t len,
                                uint8_t *digest);
/* the with_params hook around a seeded one-shot (murmur3_params.c): a
 * 4-byte key is the seed, little-endian; the x86 implementation's too */
typedef void (*hb_murmur3_seeded_fn)(uint32_t seed, const uint8_t *data, size_t len,
                                     uint8_t *digest);
int hb_murmur3_params_with(const struct hb_params *p, const uint8_t *data, size_t len,
                           uint8_t *out, size_t out_len, size_t digest_len,
                           hb_murmur3_seeded_fn fn);
int hb_murmur3_128_params_fast(const struct hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len);

#endif /* HASHBENCH_MURMUR3_H */
