/* SHA-1: the initial hash value H(0) of FIPS 180-4 section 5.3.1 and the
 * shared context setup. */
#include "hashbench/sha1.h"

void hb_sha1_init(hb_sha1_ctx *c)
{
    c->h[0] = 0x67452301UL;
    c->h[1] = 0xEFCDAB89UL;
    c->h[2] = 0x98BADCFEUL;
    c->h[3] = 0x10325476UL;
    c->h[4] = 0xC3D2E1F0UL;
    hb_md_block_init(&c->mb);
}
