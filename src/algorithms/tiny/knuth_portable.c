/* Knuth's multiplicative hash (TAOCP vol. 3, 6.4; the golden-ratio
 * constant 2654435761 = 0x9E3779B1): h = 0; h = (h ^ c) * 0x9E3779B1,
 * modulo 2^32.
 *
 * portable only: each step is an xor then a multiply by a dense constant
 * (18 bits set), so neither a look-ahead (the xor is not linear over the
 * multiply) nor a shift-and-add form (18 terms) beats the plain multiply. */
#include "hashbench/tiny.h"

void hb_knuth_init(hb_knuth_ctx *c)
{
    c->h = 0;
}

void hb_knuth_update_portable(hb_knuth_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h = c->h;
    size_t i;

    for (i = 0; i < len; i++)
        h = (h ^ data[i]) * 0x9E3779B1UL;
    c->h = h;
}

void hb_knuth_final_portable(hb_knuth_ctx *c, uint8_t *digest)
{
    HB_STORE32_BE(digest, c->h);
}
