/* PJW hash (P. J. Weinberger; the ELF symbol hash of the System V ABI):
 * h = 0; per byte h = (h << 4) + c; g = h & 0xF0000000;
 * if g != 0: h ^= g >> 24; h &= ~g.
 *
 * portable only: shifts, masks and a branch per byte, each step feeding the
 * next; there is no multiply to replace and nothing to defer. */
#include "hashbench/tiny.h"

void hb_pjw_init(hb_pjw_ctx *c)
{
    c->h = 0;
}

void hb_pjw_update_portable(hb_pjw_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h = c->h, g;
    size_t i;

    for (i = 0; i < len; i++) {
        h = (h << 4) + data[i];
        g = h & 0xF0000000UL;
        if (g != 0) {
            h ^= g >> 24;
            h &= ~g;
        }
    }
    c->h = h;
}

void hb_pjw_final_portable(hb_pjw_ctx *c, uint8_t *digest)
{
    HB_STORE32_BE(digest, c->h);
}
