/* BLAKE2s and BLAKE2b (RFC 7693), sequential mode.
 *
 * The roster's forms are unkeyed with the full output (BLAKE2s-256,
 * BLAKE2b-512); the with_params hooks (hb_blake2s_params_<impl>) add the
 * key (up to 32 / 64 bytes) and a shorter output (1..32 / 1..64 bytes), as
 * the BLAKE2 authors' known-answer tests use.
 *
 * The buffering, the byte counter (64-bit for BLAKE2s as two 32-bit words,
 * 128-bit for BLAKE2b as two hb_u64) and the parameter block live once in
 * blake2_common.c.  Each implementation supplies only a compress function
 * with the shape below, so an instruction-set implementation plugs in the
 * same way:
 *
 *   compress(h, t, blocks, nblocks, inc, last)
 *     for each of the nblocks consecutive blocks: add inc to the byte
 *     counter t (t[0] low word, t[1] high word, with carry), then compress
 *     the block into h, as the final block (f0 = all ones) if last.
 *
 * update() calls it with inc = the block size and last = 0; final() with
 * one block, inc = the bytes in it and last = 1.  The digest is h,
 * little-endian, cut to the output length. */
#ifndef HASHBENCH_BLAKE2_H
#define HASHBENCH_BLAKE2_H

#include "hashbench/common.h"
#include "hashbench/u64.h"

#ifdef __cplusplus
extern "C" {
#endif

/* hb_params is defined in hashbench.h, which includes this header first */
struct hb_params;

#define HB_BLAKE2S_DIGEST 32
#define HB_BLAKE2S_BLOCK 64
#define HB_BLAKE2S_KEY_MAX 32
#define HB_BLAKE2B_DIGEST 64
#define HB_BLAKE2B_BLOCK 128
#define HB_BLAKE2B_KEY_MAX 64

typedef struct hb_blake2s_ctx {
    uint32_t h[8];
    uint32_t t[2];                  /* bytes compressed: low, high word */
    uint8_t buf[HB_BLAKE2S_BLOCK];  /* held back: the last block is final */
    uint8_t used;                   /* bytes in buf, 0..64 */
    uint8_t out_len;                /* digest bytes, 1..32 */
} hb_blake2s_ctx;

typedef struct hb_blake2b_ctx {
    hb_u64 h[8];
    hb_u64 t[2];                    /* bytes compressed: low, high 64 bits */
    uint8_t buf[HB_BLAKE2B_BLOCK];
    uint8_t used;                   /* bytes in buf, 0..128 */
    uint8_t out_len;                /* digest bytes, 1..64 */
} hb_blake2b_ctx;

typedef void (*hb_blake2s_compress_fn)(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                                       size_t nblocks, unsigned inc, int last);
typedef void (*hb_blake2b_compress_fn)(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                                       size_t nblocks, unsigned inc, int last);

/* BLAKE2s */
void hb_blake2s_init(hb_blake2s_ctx *c);    /* unkeyed, 32-byte output */
void hb_blake2s_compress_portable(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                                  size_t nblocks, unsigned inc, int last);
void hb_blake2s_compress_fast(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last);
void hb_blake2s_update_portable(hb_blake2s_ctx *c, const uint8_t *data, size_t len);
void hb_blake2s_final_portable(hb_blake2s_ctx *c, uint8_t *digest);
int hb_blake2s_params_portable(const struct hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len);
void hb_blake2s_update_fast(hb_blake2s_ctx *c, const uint8_t *data, size_t len);
void hb_blake2s_final_fast(hb_blake2s_ctx *c, uint8_t *digest);
int hb_blake2s_params_fast(const struct hb_params *p, const uint8_t *data, size_t len,
                           uint8_t *out, size_t out_len);

/* BLAKE2b */
void hb_blake2b_init(hb_blake2b_ctx *c);    /* unkeyed, 64-byte output */
void hb_blake2b_compress_portable(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                                  size_t nblocks, unsigned inc, int last);
void hb_blake2b_compress_fast(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last);
void hb_blake2b_update_portable(hb_blake2b_ctx *c, const uint8_t *data, size_t len);
void hb_blake2b_final_portable(hb_blake2b_ctx *c, uint8_t *digest);
int hb_blake2b_params_portable(const struct hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len);
void hb_blake2b_update_fast(hb_blake2b_ctx *c, const uint8_t *data, size_t len);
void hb_blake2b_final_fast(hb_blake2b_ctx *c, uint8_t *digest);
int hb_blake2b_params_fast(const struct hb_params *p, const uint8_t *data, size_t len,
                           uint8_t *out, size_t out_len);

/* Shared by the implementations (blake2_common.c): keyed / short-output
 * initialisation (key_len 0..32 / 0..64, out_len 1..32 / 1..64; the key
 * block is buffered, so no compress function is needed yet), the buffering
 * around a compress function, and the with_params one-shot. */
void hb_blake2s_init_param(hb_blake2s_ctx *c, const uint8_t *key, unsigned key_len,
                           unsigned out_len);
void hb_blake2s_update_with(hb_blake2s_ctx *c, const uint8_t *data, size_t len,
                            hb_blake2s_compress_fn compress);
void hb_blake2s_final_with(hb_blake2s_ctx *c, uint8_t *digest, hb_blake2s_compress_fn compress);
int hb_blake2s_params_with(const struct hb_params *p, const uint8_t *data, size_t len,
                           uint8_t *out, size_t out_len, hb_blake2s_compress_fn compress);
void hb_blake2b_init_param(hb_blake2b_ctx *c, const uint8_t *key, unsigned key_len,
                           unsigned out_len);
void hb_blake2b_update_with(hb_blake2b_ctx *c, const uint8_t *data, size_t len,
                            hb_blake2b_compress_fn compress);
void hb_blake2b_final_with(hb_blake2b_ctx *c, uint8_t *digest, hb_blake2b_compress_fn compress);
int hb_blake2b_params_with(const struct hb_params *p, const uint8_t *data, size_t len,
                           uint8_t *out, size_t out_len, hb_blake2b_compress_fn compress);

/* The initialisation vector (the SHA-256 / SHA-512 one) and the message
 * schedule SIGMA of RFC 7693 section 2.7 (BLAKE2b's rounds 10 and 11 reuse
 * rows 0 and 1). */
extern const uint32_t hb_blake2s_iv[8];
extern const hb_u64 hb_blake2b_iv[8];
extern const uint8_t hb_blake2_sigma[12][16];

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_BLAKE2_H */
