/* MD4 (RFC 1320) and MD5 (RFC 1321).
 *
 * Both use the shared 64-byte block buffering and padding of
 * hashbench/md_block.h: each implementation is a compress function over
 * whole 64-byte blocks plus thin update/final wrappers.  The compress
 * functions are public so that instruction-set implementations and HMAC-style
 * users can drive the same context.  The digest is the four state words,
 * each little-endian. */
#ifndef HASHBENCH_MD_H
#define HASHBENCH_MD_H

#include "hashbench/common.h"
#include "hashbench/md_block.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HB_MD4_DIGEST 16
#define HB_MD5_DIGEST 16

typedef struct hb_md4_ctx {
    uint32_t h[4];
    hb_md_block mb;
} hb_md4_ctx;

typedef struct hb_md5_ctx {
    uint32_t h[4];
    hb_md_block mb;
} hb_md5_ctx;

/* MD4 */
void hb_md4_init(hb_md4_ctx *c);
void hb_md4_compress_portable(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_md4_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_md4_update_portable(hb_md4_ctx *c, const uint8_t *data, size_t len);
void hb_md4_final_portable(hb_md4_ctx *c, uint8_t *digest);
void hb_md4_update_fast(hb_md4_ctx *c, const uint8_t *data, size_t len);
void hb_md4_final_fast(hb_md4_ctx *c, uint8_t *digest);

/* MD5 */
void hb_md5_init(hb_md5_ctx *c);
/* the 64 step constants, shared by the portable and compact forms (md_common.c) */
extern const uint32_t hb_md5_t[64];
void hb_md5_compress_portable(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_md5_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_md5_update_portable(hb_md5_ctx *c, const uint8_t *data, size_t len);
void hb_md5_final_portable(hb_md5_ctx *c, uint8_t *digest);
void hb_md5_update_fast(hb_md5_ctx *c, const uint8_t *data, size_t len);
void hb_md5_final_fast(hb_md5_ctx *c, uint8_t *digest);

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_MD_H */
