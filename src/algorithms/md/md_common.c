/* MD4 and MD5: the initial chaining values (RFC 1320 3.3, RFC 1321 3.3:
 * the same four words for both) and the shared context setup. */
#include "hashbench/md.h"

void hb_md4_init(hb_md4_ctx *c)
{
    c->h[0] = 0x67452301UL;
    c->h[1] = 0xEFCDAB89UL;
    c->h[2] = 0x98BADCFEUL;
    c->h[3] = 0x10325476UL;
    hb_md_block_init(&c->mb);
}

void hb_md5_init(hb_md5_ctx *c)
{
    c->h[0] = 0x67452301UL;
    c->h[1] = 0xEFCDAB89UL;
    c->h[2] = 0x98BADCFEUL;
    c->h[3] = 0x10325476UL;
    hb_md_block_init(&c->mb);
}
