/* Adler-32: what both implementations share. */
#include "hashbench/adler.h"

void hb_adler32_init(hb_adler32_ctx *c)
{
    c->s1 = 1;      /* RFC 1950 8.2: s1 starts at 1, s2 at 0 */
    c->s2 = 0;
}
