/* The code sha256_fast.c and sha256_compact.c share, linked with whichever of
 * the two a build takes (docs/writing-an-algorithm.md, "Compact forms"):
 * the streaming (update, final) around the compress function each form
 * defines in its own way. */
#include "hashbench/sha2.h"

void hb_sha256_update_fast(hb_sha256_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha256_update_with(c, data, len, hb_sha256_compress_fast);
}

void hb_sha256_final_fast(hb_sha256_ctx *c, uint8_t *digest)
{
    hb_sha256_final_with(c, digest, hb_sha256_compress_fast);
}
