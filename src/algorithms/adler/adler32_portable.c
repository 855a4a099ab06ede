/* Adler-32, straight from RFC 1950 (section 9's sample code): two sums
 * modulo 65521, each reduced after every byte. */
#include "hashbench/adler.h"

#define ADLER_BASE 65521UL  /* largest prime below 65536 */

void hb_adler32_update_portable(hb_adler32_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t s1 = c->s1, s2 = c->s2;
    size_t i;

    for (i = 0; i < len; i++) {
        s1 = (s1 + data[i]) % ADLER_BASE;
        s2 = (s2 + s1) % ADLER_BASE;
    }
    c->s1 = s1;
    c->s2 = s2;
}

void hb_adler32_final_portable(hb_adler32_ctx *c, uint8_t *digest)
{
    uint32_t v = (c->s2 << 16) | c->s1;
    HB_STORE32_BE(digest, v);
}
