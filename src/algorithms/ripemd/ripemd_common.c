/* RIPEMD-160: the initial chaining value (the same five words as SHA-1's)
 * and the shared context setup. */
#include "hashbench/ripemd.h"

void hb_ripemd160_init(hb_ripemd160_ctx *c)
{
    c->h[0] = 0x67452301UL;
    c->h[1] = 0xEFCDAB89UL;
    c->h[2] = 0x98BADCFEUL;
    c->h[3] = 0x10325476UL;
    c->h[4] = 0xC3D2E1F0UL;
    hb_md_block_init(&c->mb);
}
