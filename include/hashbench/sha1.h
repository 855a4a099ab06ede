/* SHA-1 (FIPS 180-4).
 *
 * Uses the shared 64-byte block buffering and padding of
 * hashbench/md_block.h: each implementation is a compress function over
 * whole 64-byte blocks plus thin update/final wrappers.  The compress
 * functions are public so that instruction-set implementations (SHA-NI) and
 * HMAC-style users can drive the same context.  The digest is the five state
 * words, each big-endian. */
#ifndef HASHBENCH_SHA1_H
#define HASHBENCH_SHA1_H

#include "hashbench/common.h"
#include "hashbench/md_block.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HB_SHA1_DIGEST 20

typedef struct hb_sha1_ctx {
    uint32_t h[5];
    hb_md_block mb;
} hb_sha1_ctx;

void hb_sha1_init(hb_sha1_ctx *c);
void hb_sha1_compress_portable(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_sha1_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_sha1_update_portable(hb_sha1_ctx *c, const uint8_t *data, size_t len);
void hb_sha1_final_portable(hb_sha1_ctx *c, uint8_t *digest);
void hb_sha1_update_fast(hb_sha1_ctx *c, const uint8_t *data, size_t len);
void hb_sha1_final_fast(hb_sha1_ctx *c, uint8_t *digest);

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_SHA1_H */
