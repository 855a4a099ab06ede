/* Bob Jenkins' one-at-a-time hash (Dr. Dobb's 1997, "Hash functions"):
 * h = 0; per byte h += c; h += h << 10; h ^= h >> 6;
 * then the finaliser h += h << 3; h ^= h >> 11; h += h << 15 (in final).
 *
 * portable only: it is already shifts and adds, every step depending on
 * the previous one; nothing to defer or look ahead over. */
#include "hashbench/tiny.h"

void hb_oat_init(hb_oat_ctx *c)
{
    c->h = 0;
}

void hb_oat_update_portable(hb_oat_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h = c->h;
    size_t i;

    for (i = 0; i < len; i++) {
        h += data[i];
        h += h << 10;
        h ^= h >> 6;
    }
    c->h = h;
}

void hb_oat_final_portable(hb_oat_ctx *c, uint8_t *digest)
{
    uint32_t h = c->h;

    h += h << 3;
    h ^= h >> 11;
    h += h << 15;
    HB_STORE32_BE(digest, h);
}
