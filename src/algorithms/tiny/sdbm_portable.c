/* SDBM (the hash of Ozan Yigit's sdbm database library): h = 0;
 * h = c + h * 65599, modulo 2^32. */
#include "hashbench/tiny.h"

void hb_sdbm_init(hb_sdbm_ctx *c)
{
    c->h = 0;
}

void hb_sdbm_update_portable(hb_sdbm_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h = c->h;
    size_t i;

    for (i = 0; i < len; i++)
        h = data[i] + h * 65599UL;
    c->h = h;
}

void hb_sdbm_final_portable(hb_sdbm_ctx *c, uint8_t *digest)
{
    HB_STORE32_BE(digest, c->h);
}
