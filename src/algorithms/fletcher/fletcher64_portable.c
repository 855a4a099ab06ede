/* Fletcher-64, straight from the definition: the message is read as 32-bit
 * big-endian words (the tail zero-padded to 4 bytes), and after every word
 * a = (a + w) mod (2^32 - 1), b = (b + a) mod (2^32 - 1).
 *
 * No 64-bit arithmetic: the sum of two 32-bit values wraps at 2^32, and
 * 2^32 = 1 (mod 2^32 - 1), so a carry out is worth one in the low word (the
 * ones' complement "end-around carry"). */
#include "hashbench/fletcher.h"

#define F64_M 0xFFFFFFFFUL  /* 2^32 - 1 */

/* (x + y) mod (2^32 - 1) for x <= 2^32 - 2 and any 32-bit y; result <= 2^32 - 2 */
static uint32_t addmod(uint32_t x, uint32_t y)
{
    uint32_t s = x + y;

    if (s < y)
        s++;        /* end-around carry: 2^32 = 1 mod (2^32 - 1) */
    if (s == F64_M)
        s = 0;
    return s;
}

static void f64_word(hb_fletcher64_ctx *c, uint32_t w)
{
    c->a = addmod(c->a, w);
    c->b = addmod(c->b, c->a);
}

void hb_fletcher64_update_portable(hb_fletcher64_ctx *c, const uint8_t *data, size_t len)
{
    while (len > 0 && c->npend != 0) {      /* complete a word cut by the last call */
        c->pend[c->npend++] = *data++;
        len--;
        if (c->npend == 4) {
            f64_word(c, HB_LOAD32_BE(c->pend));
            c->npend = 0;
        }
    }
    while (len >= 4) {
        f64_word(c, HB_LOAD32_BE(data));
        data += 4;
        len -= 4;
    }
    while (len > 0) {                       /* keep the start of a cut word */
        c->pend[c->npend++] = *data++;
        len--;
    }
}

void hb_fletcher64_final_portable(hb_fletcher64_ctx *c, uint8_t *digest)
{
    if (c->npend) {
        while (c->npend < 4)
            c->pend[c->npend++] = 0;        /* zero-pad the tail */
        f64_word(c, HB_LOAD32_BE(c->pend));
        c->npend = 0;
    }
    HB_STORE32_BE(digest, c->b);
    HB_STORE32_BE(digest + 4, c->a);
}
