/* The code md5_fast.c and md5_compact.c share, linked with whichever of
 * the two a build takes (docs/writing-an-algorithm.md, "Compact forms"):
 * the streaming (update, final) around the compress function each form
 * defines in its own way. */
#include "hashbench/md.h"

void hb_md5_update_fast(hb_md5_ctx *c, const uint8_t *data, size_t len)
{
    hb_md_block_update(&c->mb, c->h, data, len, hb_md5_compress_fast);
}

void hb_md5_final_fast(hb_md5_ctx *c, uint8_t *digest)
{
    unsigned i;

    hb_md_block_pad(&c->mb, c->h, 0, hb_md5_compress_fast);
    for (i = 0; i < 4; i++)
        HB_STORE32_LE(digest + 4 * i, c->h[i]);
}
