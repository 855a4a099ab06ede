/* MurmurHash3: seeding shared by the implementations, and the byte count
 * that murmur3-128's fast and x86 updates share. */
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

void hb_murmur3_128_count(hb_murmur3_128_ctx *c, size_t len)
{
    uint32_t high = (uint32_t)(len / 65536UL / 65536UL);

    HB_U64_ADD32(c->total, c->total, (uint32_t)len);
    if (high != 0) {
        hb_u64 t;
        HB_U64_SET(t, high, 0);
        HB_U64_ADD(c->total, c->total, t);
    }
}

void hb_murmur3_128_init(hb_murmur3_128_ctx *c)
{
    hb_murmur3_128_init_seed(c, 0);
}
