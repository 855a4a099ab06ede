/* The code sha512_fast.c and sha512_compact.c share, linked with whichever of
 * the two a build takes (docs/writing-an-algorithm.md, "Compact forms"):
 * the streaming (update, final) around the compress function each form
 * defines in its own way. */
#include "hashbench/sha2.h"

void hb_sha512_update_fast(hb_sha512_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha512_update_with(c, data, len, hb_sha512_compress_fast);
}

void hb_sha512_final_fast(hb_sha512_ctx *c, uint8_t *digest)
{
    hb_sha512_final_with(c, digest, HB_SHA512_DIGEST, hb_sha512_compress_fast);
}

void hb_sha384_update_fast(hb_sha384_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha512_update_with(c, data, len, hb_sha512_compress_fast);
}

void hb_sha384_final_fast(hb_sha384_ctx *c, uint8_t *digest)
{
    hb_sha512_final_with(c, digest, HB_SHA384_DIGEST, hb_sha512_compress_fast);
}
