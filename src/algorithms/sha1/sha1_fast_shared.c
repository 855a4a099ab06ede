/* The code sha1_fast.c and sha1_compact.c share, linked with whichever of
 * the two a build takes (docs/writing-an-algorithm.md, "Compact forms"):
 * the streaming (update, final) around the compress function each form
 * defines in its own way. */
#include "hashbench/sha1.h"

void hb_sha1_update_fast(hb_sha1_ctx *c, const uint8_t *data, size_t len)
{
    hb_md_block_update(&c->mb, c->h, data, len, hb_sha1_compress_fast);
}

void hb_sha1_final_fast(hb_sha1_ctx *c, uint8_t *digest)
{
    unsigned i;

    hb_md_block_pad(&c->mb, c->h, 1, hb_sha1_compress_fast);
    for (i = 0; i < 5; i++)
        HB_STORE32_BE(digest + 4 * i, c->h[i]);
}
