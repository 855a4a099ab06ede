/* The code blake2b_fast.c and blake2b_compact.c share, linked with whichever of
 * the two a build takes (docs/writing-an-algorithm.md, "Compact forms"):
 * the streaming (update, final) around the compress function each form
 * defines in its own way. */
#include "hashbench.h"
#include "hashbench/blake2.h"

void hb_blake2b_update_fast(hb_blake2b_ctx *c, const uint8_t *data, size_t len)
{
    hb_blake2b_update_with(c, data, len, hb_blake2b_compress_fast);
}

void hb_blake2b_final_fast(hb_blake2b_ctx *c, uint8_t *digest)
{
    hb_blake2b_final_with(c, digest, hb_blake2b_compress_fast);
}

int hb_blake2b_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                           uint8_t *out, size_t out_len)
{
    return hb_blake2b_params_with(p, data, len, out, out_len,
                                  hb_blake2b_compress_fast);
}
