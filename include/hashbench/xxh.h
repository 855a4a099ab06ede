/* xxHash family: XXH32 and XXH64 (Yann Collet's xxHash specification,
 * doc/xxhash_spec.md), and XXH3 (declared in its own section at the end).
 *
 * Digests are the integer written big-endian, as xxhsum prints it.
 * with_params: hb_params.key of 4 bytes (XXH32) or 8 bytes (XXH64, XXH3) is
 * the seed, little-endian; no key means seed 0. */
#ifndef HASHBENCH_XXH_H
#define HASHBENCH_XXH_H

#include "hashbench/common.h"
#include "hashbench/u64.h"

struct hb_params;

/* ---- XXH32 ---------------------------------------------------------- */

typedef struct hb_xxh32_ctx {
    uint32_t v[4];              /* the four accumulator lanes */
    uint32_t seed;
    uint32_t total;             /* bytes hashed, modulo 2^32 (all XXH32 uses) */
    uint8_t large;              /* 1 once 16 or more bytes have been hashed */
    uint8_t used;               /* bytes in buf, 0..15 */
    uint8_t buf[16];            /* a partial stripe */
} hb_xxh32_ctx;

void hb_xxh32_init(hb_xxh32_ctx *c);                          /* seed 0 */
void hb_xxh32_init_seed(hb_xxh32_ctx *c, uint32_t seed);
void hb_xxh32_update_portable(hb_xxh32_ctx *c, const uint8_t *data, size_t len);
void hb_xxh32_final_portable(hb_xxh32_ctx *c, uint8_t *digest);  /* 4 bytes */
/* The seeded form through a given implementation's update and final
 * (xxh_params.c; the instruction-set implementations use it too). */
typedef void (*hb_xxh32_update_fn)(hb_xxh32_ctx *c, const uint8_t *data, size_t len);
typedef void (*hb_xxh32_final_fn)(hb_xxh32_ctx *c, uint8_t *digest);
int hb_xxh32_params_with(const struct hb_params *p, const uint8_t *data, size_t len,
                         uint8_t *out, size_t out_len, hb_xxh32_update_fn update,
                         hb_xxh32_final_fn final);
int hb_xxh32_params_portable(const struct hb_params *p, const uint8_t *data, size_t len,
                             uint8_t *out, size_t out_len);
void hb_xxh32_update_fast(hb_xxh32_ctx *c, const uint8_t *data, size_t len);
void hb_xxh32_final_fast(hb_xxh32_ctx *c, uint8_t *digest);
int hb_xxh32_params_fast(const struct hb_params *p, const uint8_t *data, size_t len,
                         uint8_t *out, size_t out_len);

/* ---- XXH64 ---------------------------------------------------------- */

typedef struct hb_xxh64_ctx {
    hb_u64 v[4];                /* the four accumulator lanes */
    hb_u64 seed;
    hb_u64 total;               /* bytes hashed */
    uint8_t used;               /* bytes in buf, 0..31 */
    uint8_t buf[32];            /* a partial stripe */
} hb_xxh64_ctx;

void hb_xxh64_init(hb_xxh64_ctx *c);                          /* seed 0 */
void hb_xxh64_init_seed(hb_xxh64_ctx *c, uint32_t seed_hi, uint32_t seed_lo);
void hb_xxh64_update_portable(hb_xxh64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh64_final_portable(hb_xxh64_ctx *c, uint8_t *digest);  /* 8 bytes */
/* The seeded form through a given implementation's update and final. */
typedef void (*hb_xxh64_update_fn)(hb_xxh64_ctx *c, const uint8_t *data, size_t len);
typedef void (*hb_xxh64_final_fn)(hb_xxh64_ctx *c, uint8_t *digest);
int hb_xxh64_params_with(const struct hb_params *p, const uint8_t *data, size_t len,
                         uint8_t *out, size_t out_len, hb_xxh64_update_fn update,
                         hb_xxh64_final_fn final);
int hb_xxh64_params_portable(const struct hb_params *p, const uint8_t *data, size_t len,
                             uint8_t *out, size_t out_len);
void hb_xxh64_update_fast(hb_xxh64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh64_final_fast(hb_xxh64_ctx *c, uint8_t *digest);
int hb_xxh64_params_fast(const struct hb_params *p, const uint8_t *data, size_t len,
                         uint8_t *out, size_t out_len);

/* XXH3: see xxh3_*.c */
#include "hashbench/xxh3.h"

#endif /* HASHBENCH_XXH_H */
