/* SHA-2 (FIPS 180-4): SHA-256, SHA-384 and SHA-512.
 *
 * Each implementation supplies only a compress function over whole blocks;
 * buffering, the byte counter and the padding live once in the *_common.c
 * files:
 *   - SHA-256 uses the shared 64-byte block buffer (hashbench/md_block.h)
 *     and a hb_block32_fn;
 *   - SHA-512 and SHA-384 use a 128-byte block, a 128-bit byte counter and
 *     a hb_block64_fn over hb_u64 words.
 * The hb_*_update_with / hb_*_final_with functions take the compress
 * function, so an instruction-set implementation (SHA-NI, AVX2 ...) plugs in
 * by writing only its compress function and two one-line wrappers.  HMAC and
 * PBKDF2 (hashbench/mac.h) are built on the same calls.
 */
#ifndef HASHBENCH_SHA2_H
#define HASHBENCH_SHA2_H

#include "hashbench/common.h"
#include "hashbench/u64.h"
#include "hashbench/md_block.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HB_SHA256_DIGEST 32
#define HB_SHA256_BLOCK 64
#define HB_SHA384_DIGEST 48
#define HB_SHA512_DIGEST 64
#define HB_SHA512_BLOCK 128

/* ---- SHA-256 ---------------------------------------------------------- */

typedef struct hb_sha256_ctx {
    uint32_t state[8];
    hb_md_block blk;            /* partial block and byte counter */
} hb_sha256_ctx;

/* The 64 round constants and the initial hash value (FIPS 180-4 4.2.2,
 * 5.3.3), for every compress function. */
extern const uint32_t hb_sha256_k[64];
extern const uint32_t hb_sha256_iv[8];

void hb_sha256_init(hb_sha256_ctx *c);
/* Buffering and padding over any compress function. */
void hb_sha256_update_with(hb_sha256_ctx *c, const uint8_t *data, size_t len,
                           hb_block32_fn compress);
void hb_sha256_final_with(hb_sha256_ctx *c, uint8_t *digest, hb_block32_fn compress);

/* Compress functions: nblocks consecutive 64-byte blocks into state[8]. */
void hb_sha256_compress_portable(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_sha256_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks);

void hb_sha256_update_portable(hb_sha256_ctx *c, const uint8_t *data, size_t len);
void hb_sha256_final_portable(hb_sha256_ctx *c, uint8_t *digest);
void hb_sha256_update_fast(hb_sha256_ctx *c, const uint8_t *data, size_t len);
void hb_sha256_final_fast(hb_sha256_ctx *c, uint8_t *digest);

/* ---- SHA-512 and SHA-384 ---------------------------------------------- */

/* Compresses nblocks consecutive 128-byte blocks into state[8].  w points
 * at 80 words of scratch (the context's), so that no implementation needs
 * a 640-byte message schedule on the stack (cc65 indexes its stack with one
 * byte); an implementation that keeps its schedule elsewhere ignores it. */
typedef void (*hb_block64_fn)(hb_u64 *state, hb_u64 *w, const uint8_t *blocks,
                              size_t nblocks);

typedef struct hb_sha512_ctx {
    hb_u64 state[8];
    hb_u64 count_lo;            /* bytes absorbed so far: a 128-bit counter */
    hb_u64 count_hi;
    hb_u64 w[80];               /* message schedule scratch for compress */
    uint8_t buf[HB_SHA512_BLOCK];
    uint8_t used;               /* bytes in buf, 0..127 */
} hb_sha512_ctx;

typedef hb_sha512_ctx hb_sha384_ctx;

extern const hb_u64 hb_sha512_k[80];

void hb_sha512_init(hb_sha512_ctx *c);
void hb_sha384_init(hb_sha384_ctx *c);
void hb_sha512_update_with(hb_sha512_ctx *c, const uint8_t *data, size_t len,
                           hb_block64_fn compress);
/* Pads, compresses the last block(s) and writes the first out_len (<= 64)
 * bytes of the state, big-endian: 64 for SHA-512, 48 for SHA-384. */
void hb_sha512_final_with(hb_sha512_ctx *c, uint8_t *digest, unsigned out_len,
                          hb_block64_fn compress);

void hb_sha512_compress_portable(hb_u64 *state, hb_u64 *w, const uint8_t *blocks,
                                 size_t nblocks);
void hb_sha512_compress_fast(hb_u64 *state, hb_u64 *w, const uint8_t *blocks,
                             size_t nblocks);

void hb_sha512_update_portable(hb_sha512_ctx *c, const uint8_t *data, size_t len);
void hb_sha512_final_portable(hb_sha512_ctx *c, uint8_t *digest);
void hb_sha512_update_fast(hb_sha512_ctx *c, const uint8_t *data, size_t len);
void hb_sha512_final_fast(hb_sha512_ctx *c, uint8_t *digest);

void hb_sha384_update_portable(hb_sha384_ctx *c, const uint8_t *data, size_t len);
void hb_sha384_final_portable(hb_sha384_ctx *c, uint8_t *digest);
void hb_sha384_update_fast(hb_sha384_ctx *c, const uint8_t *data, size_t len);
void hb_sha384_final_fast(hb_sha384_ctx *c, uint8_t *digest);

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_SHA2_H */
