/* Fletcher-32 with deferred reduction (zlib's NMAX idea).
 *
 * Bound: a run starts with a <= 65534 and b <= 65534.  After n words of at
 * most 65535, a <= 65534 + 65535 n and
 *   b <= 65534 + sum_{k=1..n} (65534 + 65535 k)
 *     = 65534 + 65534 n + 65535 n (n + 1) / 2.
 * The largest n that keeps b <= 2^32 - 1 is 360 words (720 bytes): so 360
 * words are summed in 32-bit accumulators between two modulos. */
#include "hashbench/fletcher.h"

#define F32_NMAX 360u   /* words */

#define W(i)    (((uint32_t)p[2 * (i)] << 8) | p[2 * (i) + 1])
#define DO1(i)  a += W(i); b += a
#define DO4(i)  DO1(i); DO1((i) + 1); DO1((i) + 2); DO1((i) + 3)

void hb_fletcher32_update_fast(hb_fletcher32_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t a, b;
    const uint8_t *p = data;
    size_t words, run;

    if (len == 0)
        return;
    a = c->a;
    b = c->b;
    if (c->npend) {                 /* complete the word cut by the last call */
        a = (a + (((uint32_t)c->pend << 8) | *p)) % 65535UL;
        b = (b + a) % 65535UL;
        c->npend = 0;
        p++;
        len--;
    }
    words = len >> 1;
    while (words > 0) {
        run = words < F32_NMAX ? words : F32_NMAX;
        words -= run;
        while (run >= 8) {
            DO4(0);
            DO4(4);
            p += 16;
            run -= 8;
        }
        while (run > 0) {
            DO1(0);
            p += 2;
            run--;
        }
        a %= 65535UL;
        b %= 65535UL;
    }
    if (len & 1) {                  /* keep the first byte of a cut word */
        c->pend = *p;
        c->npend = 1;
    }
    c->a = a;
    c->b = b;
}

void hb_fletcher32_final_fast(hb_fletcher32_ctx *c, uint8_t *digest)
{
    if (c->npend) {
        c->a = (c->a + ((uint32_t)c->pend << 8)) % 65535UL;
        c->b = (c->b + c->a) % 65535UL;
        c->npend = 0;
    }
    HB_STORE16_BE(digest, c->b);
    HB_STORE16_BE(digest + 2, c->a);
}
