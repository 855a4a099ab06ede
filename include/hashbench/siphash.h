/* SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF",
 * 2012).  The roster's key is 00 01 02 ... 0f; the digest is the 64-bit
 * output written little-endian, as the reference code and the paper's test
 * vectors give it.  with_params: hb_params.key of 16 bytes is the key. */
#ifndef HASHBENCH_SIPHASH_H
#define HASHBENCH_SIPHASH_H

#include "hashbench/common.h"
#include "hashbench/u64.h"

struct hb_params;

typedef struct hb_siphash_2_4_ctx {
    hb_u64 v[4];                /* v0..v3 */
    uint32_t total;             /* bytes hashed, modulo 2^32 (the hash uses len mod 256) */
    uint8_t used;               /* bytes in buf, 0..7 */
    uint8_t buf[8];             /* a partial word */
} hb_siphash_2_4_ctx;

void hb_siphash_2_4_init(hb_siphash_2_4_ctx *c);                  /* key 00 01 .. 0f */
void hb_siphash_2_4_init_key(hb_siphash_2_4_ctx *c, const uint8_t *key16);
void hb_siphash_2_4_update_portable(hb_siphash_2_4_ctx *c, const uint8_t *data, size_t len);
void hb_siphash_2_4_final_portable(hb_siphash_2_4_ctx *c, uint8_t *digest);  /* 8 bytes */
int hb_siphash_2_4_params_portable(const struct hb_params *p, const uint8_t *data, size_t len,
                                   uint8_t *out, size_t out_len);
void hb_siphash_2_4_update_fast(hb_siphash_2_4_ctx *c, const uint8_t *data, size_t len);
void hb_siphash_2_4_final_fast(hb_siphash_2_4_ctx *c, uint8_t *digest);
int hb_siphash_2_4_params_fast(const struct hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len);

#endif /* HASHBENCH_SIPHASH_H */
