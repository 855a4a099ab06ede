/* RIPEMD-160 (Dobbertin, Bosselaers, Preneel, 1996).
 *
 * Uses the shared 64-byte block buffering and padding of
 * hashbench/md_block.h (MD-style: little-endian length): each implementation
 * is a compress function over whole 64-byte blocks plus thin update/final
 * wrappers.  The compress functions are public so that other implementations
 * and HMAC-style users can drive the same context.  The digest is the five
 * state words, each little-endian. */
#ifndef HASHBENCH_RIPEMD_H
#define HASHBENCH_RIPEMD_H

#include "hashbench/common.h"
#include "hashbench/md_block.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HB_RIPEMD160_DIGEST 20

typedef struct hb_ripemd160_ctx {
    uint32_t h[5];
    hb_md_block mb;
} hb_ripemd160_ctx;

void hb_ripemd160_init(hb_ripemd160_ctx *c);
/* each step's message word and rotation, left line and right line, shared
 * by the portable and compact forms (ripemd_common.c) */
extern const uint8_t hb_rmd_r[80], hb_rmd_rp[80], hb_rmd_s[80], hb_rmd_sp[80];
void hb_ripemd160_compress_portable(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_ripemd160_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_ripemd160_update_portable(hb_ripemd160_ctx *c, const uint8_t *data, size_t len);
void hb_ripemd160_final_portable(hb_ripemd160_ctx *c, uint8_t *digest);
void hb_ripemd160_update_fast(hb_ripemd160_ctx *c, const uint8_t *data, size_t len);
void hb_ripemd160_final_fast(hb_ripemd160_ctx *c, uint8_t *digest);

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_RIPEMD_H */
