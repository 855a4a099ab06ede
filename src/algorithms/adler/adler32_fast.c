/* Adler-32 with deferred reduction, the idea of zlib's adler32.c.
 *
 * Bound: at the start of a run s1 <= BASE - 1 and s2 <= BASE - 1.  After n
 * bytes of at most 255, s1 <= (BASE - 1) + 255 n and
 *   s2 <= (BASE - 1) + sum_{k=1..n} ((BASE - 1) + 255 k)
 *       = 255 n (n + 1) / 2 + (n + 1) (BASE - 1).
 * The largest n for which that is <= 2^32 - 1 is 5552 (zlib's NMAX), so a
 * run of 5552 bytes can be summed in 32-bit accumulators with a single
 * modulo at its end.  NMAX also fits a 16-bit size_t (cc65, SDCC). */
#include "hashbench/adler.h"

#define ADLER_BASE 65521UL
#define ADLER_NMAX 5552u

#define DO1(i)  s1 += p[i]; s2 += s1
#define DO4(i)  DO1(i); DO1((i) + 1); DO1((i) + 2); DO1((i) + 3)
#define DO16    DO4(0); DO4(4); DO4(8); DO4(12)

void hb_adler32_update_fast(hb_adler32_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t s1 = c->s1, s2 = c->s2;
    const uint8_t *p = data;
    size_t run;

    while (len > 0) {
        run = len < ADLER_NMAX ? len : ADLER_NMAX;
        len -= run;
        while (run >= 16) {
            DO16;
            p += 16;
            run -= 16;
        }
        while (run > 0) {
            s1 += *p++;
            s2 += s1;
            run--;
        }
        s1 %= ADLER_BASE;
        s2 %= ADLER_BASE;
    }
    c->s1 = s1;
    c->s2 = s2;
}

void hb_adler32_final_fast(hb_adler32_ctx *c, uint8_t *digest)
{
    uint32_t v = (c->s2 << 16) | c->s1;
    HB_STORE32_BE(digest, v);
}
