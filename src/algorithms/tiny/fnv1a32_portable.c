/* FNV-1a, 32 bits (Fowler, Noll, Vo; http://www.isthe.com/chongo/tech/comp/fnv/):
 * h = offset basis 0x811C9DC5; per byte h ^= c; h *= FNV prime 0x01000193,
 * modulo 2^32.
 *
 * The multiply is written as a multiply; fnv1a32_fast.c has the
 * shift-and-add form that 8-bit CPUs prefer.
 */
#include "hashbench/tiny.h"

void hb_fnv1a32_init(hb_fnv1a32_ctx *c)
{
    c->h = 0x811C9DC5UL;
}

void hb_fnv1a32_update_portable(hb_fnv1a32_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h = c->h;
    size_t i;

    for (i = 0; i < len; i++) {
        h ^= data[i];
        h *= 0x01000193UL;
    }
    c->h = h;
}

void hb_fnv1a32_final_portable(hb_fnv1a32_ctx *c, uint8_t *digest)
{
    HB_STORE32_BE(digest, c->h);
}
