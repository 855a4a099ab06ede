/* DJB2 (Dan Bernstein, comp.lang.c 1991): h = 5381; h = h * 33 + c,
 * modulo 2^32. */
#include "hashbench/tiny.h"

void hb_djb2_init(hb_djb2_ctx *c)
{
    c->h = 5381;
}

void hb_djb2_update_portable(hb_djb2_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h = c->h;
    size_t i;

    for (i = 0; i < len; i++)
        h = h * 33u + data[i];
    c->h = h;
}

void hb_djb2_final_portable(hb_djb2_ctx *c, uint8_t *digest)
{
    HB_STORE32_BE(digest, c->h);
}
