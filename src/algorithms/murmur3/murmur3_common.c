/* MurmurHash3: seeding shared by the portable and fast implementations. */
#include "hashbench/murmur3.h"

void hb_murmur3_32_init_seed(hb_murmur3_32_ctx *c, uint32_t seed)
{
    c->h = seed;
    c->total = 0;
    c->used = 0;
}

void hb_murmur3_32_init(hb_murmur3_32_ctx *c)
{
    hb_murmur3_32_init_seed(c, 0);
}

void hb_murmur3_128_init_seed(hb_murmur3_128_ctx *c, uint32_t seed)
{
    /* MurmurHash3_x64_128: h1 = h2 = seed (a 32-bit seed, zero-extended) */
    HB_U64_SET(c->h1, 0, seed);
    HB_U64_SET(c->h2, 0, seed);
    HB_U64_SET(c->total, 0, 0);
    c->used = 0;
}

void hb_murmur3_128_init(hb_murmur3_128_ctx *c)
{
    hb_murmur3_128_init_seed(c, 0);
}
