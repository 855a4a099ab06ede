/* Fletcher-64 with deferred reduction, still without 64-bit arithmetic.
 *
 * Instead of folding every carry back in (the portable end-around carry),
 * each sum is kept as a 32-bit low word plus a count of the carries out of
 * it: A = a + 2^32 ca, B = b + 2^32 cb.  Since 2^32 = 1 (mod 2^32 - 1),
 * A = a + ca and B = b + cb modulo 2^32 - 1, so one fold per run suffices.
 * Per word w:  a += w; ca += carry;  b += a; cb += ca + carry.
 *
 * Bound: a run starts with ca = cb = 0.  After n words ca <= n, and cb grows
 * by at most ca + 1 <= k + 1 at word k, so cb <= n (n + 3) / 2, which stays
 * below 2^32 up to n = 92680.  Runs are 8192 words (32 KiB): far inside the
 * bound, and a byte count that fits a 16-bit size_t. */
#include "hashbench/fletcher.h"

#define F64_M    0xFFFFFFFFUL   /* 2^32 - 1 */
#define F64_NMAX 8192u          /* words per run */

/* (lo + 2^32 hi) mod (2^32 - 1), any 32-bit lo and hi; result <= 2^32 - 2 */
static uint32_t fold(uint32_t lo, uint32_t hi)
{
    uint32_t s = lo + hi;

    if (s < hi)
        s++;
    if (s == F64_M)
        s = 0;
    return s;
}

#define DO1(i)  w = HB_LOAD32_BE(p + 4 * (i)); \
                a += w; ca += (a < w); b += a; cb += ca + (b < a)

void hb_fletcher64_update_fast(hb_fletcher64_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t a, b, ca, cb, w;
    const uint8_t *p = data;
    size_t words, run;

    while (len > 0 && c->npend != 0) {      /* complete a word cut by the last call */
        c->pend[c->npend++] = *p++;
        len--;
        if (c->npend == 4) {
            c->a = fold(c->a, HB_LOAD32_BE(c->pend));
            c->b = fold(c->b, c->a);
            c->npend = 0;
        }
    }
    a = c->a;
    b = c->b;
    words = len >> 2;
    while (words > 0) {
        run = words < F64_NMAX ? words : F64_NMAX;
        words -= run;
        ca = 0;
        cb = 0;
        while (run >= 4) {
            DO1(0);
            DO1(1);
            DO1(2);
            DO1(3);
            p += 16;
            run -= 4;
        }
        while (run > 0) {
            DO1(0);
            p += 4;
            run--;
        }
        a = fold(a, ca);
        b = fold(b, cb);
    }
    c->a = a;
    c->b = b;
    len &= 3;
    while (len > 0) {                       /* keep the start of a cut word */
        c->pend[c->npend++] = *p++;
        len--;
    }
}

void hb_fletcher64_final_fast(hb_fletcher64_ctx *c, uint8_t *digest)
{
    if (c->npend) {
        while (c->npend < 4)
            c->pend[c->npend++] = 0;        /* zero-pad the tail */
        c->a = fold(c->a, HB_LOAD32_BE(c->pend));
        c->b = fold(c->b, c->a);
        c->npend = 0;
    }
    HB_STORE32_BE(digest, c->b);
    HB_STORE32_BE(digest + 4, c->a);
}
