/* Fletcher-16 with deferred reduction (zlib's NMAX idea).
 *
 * Bound: a run starts with a <= 254 and b <= 254.  After n bytes of at most
 * 255, a <= 254 + 255 n and
 *   b <= 254 + sum_{k=1..n} (254 + 255 k) = 254 + 254 n + 255 n (n + 1) / 2.
 * The largest n that keeps b <= 2^32 - 1 is 5802 (a is then about 1.5e6),
 * so 5802 bytes are summed in 32-bit accumulators between two modulos.
 * F16_NMAX also fits a 16-bit size_t. */
#include "hashbench/fletcher.h"

#define F16_NMAX 5802u

#define DO1(i)  a += p[i]; b += a
#define DO4(i)  DO1(i); DO1((i) + 1); DO1((i) + 2); DO1((i) + 3)
#define DO16    DO4(0); DO4(4); DO4(8); DO4(12)

void hb_fletcher16_update_fast(hb_fletcher16_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t a = c->a, b = c->b;
    const uint8_t *p = data;
    size_t run;

    while (len > 0) {
        run = len < F16_NMAX ? len : F16_NMAX;
        len -= run;
        while (run >= 16) {
            DO16;
            p += 16;
            run -= 16;
        }
        while (run > 0) {
            a += *p++;
            b += a;
            run--;
        }
        a %= 255u;
        b %= 255u;
    }
    c->a = (uint16_t)a;
    c->b = (uint16_t)b;
}

void hb_fletcher16_final_fast(hb_fletcher16_ctx *c, uint8_t *digest)
{
    digest[0] = (uint8_t)c->b;
    digest[1] = (uint8_t)c->a;
}
