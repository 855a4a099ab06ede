/* Fletcher-32, straight from the definition: the message is read as 16-bit
 * big-endian words (an odd last byte padded with one zero byte), and after
 * every word a = (a + w) mod 65535, b = (b + a) mod 65535. */
#include "hashbench/fletcher.h"

static void f32_word(hb_fletcher32_ctx *c, uint32_t w)
{
    c->a = (c->a + w) % 65535UL;
    c->b = (c->b + c->a) % 65535UL;
}

void hb_fletcher32_update_portable(hb_fletcher32_ctx *c, const uint8_t *data, size_t len)
{
    size_t i;

    for (i = 0; i < len; i++) {
        if (c->npend) {
            f32_word(c, ((uint32_t)c->pend << 8) | data[i]);
            c->npend = 0;
        } else {
            c->pend = data[i];
            c->npend = 1;
        }
    }
}

void hb_fletcher32_final_portable(hb_fletcher32_ctx *c, uint8_t *digest)
{
    if (c->npend) {
        f32_word(c, (uint32_t)c->pend << 8);    /* pad with one zero byte */
        c->npend = 0;
    }
    HB_STORE16_BE(digest, c->b);
    HB_STORE16_BE(digest + 2, c->a);
}
