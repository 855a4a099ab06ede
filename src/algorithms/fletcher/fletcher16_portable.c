/* Fletcher-16, straight from the definition: a = (a + byte) mod 255,
 * b = (b + a) mod 255 after every byte.  Both sums stay below 255, so
 * unsigned int (16 bits on cc65 and SDCC) holds every intermediate. */
#include "hashbench/fletcher.h"

void hb_fletcher16_update_portable(hb_fletcher16_ctx *c, const uint8_t *data, size_t len)
{
    unsigned a = c->a, b = c->b;
    size_t i;

    for (i = 0; i < len; i++) {
        a = (a + data[i]) % 255u;
        b = (b + a) % 255u;
    }
    c->a = (uint16_t)a;
    c->b = (uint16_t)b;
}

void hb_fletcher16_final_portable(hb_fletcher16_ctx *c, uint8_t *digest)
{
    digest[0] = (uint8_t)c->b;
    digest[1] = (uint8_t)c->a;
}
