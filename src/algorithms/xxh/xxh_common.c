/* XXH32 and XXH64: the seeding both implementations share
 * (xxHash specification, doc/xxhash_spec.md, "Step 1. Initialize internal
 * accumulators"). */
#include "hashbench/xxh.h"

#define XXH_PRIME32_1 ((uint32_t)0x9E3779B1UL)
#define XXH_PRIME32_2 ((uint32_t)0x85EBCA77UL)

static const hb_u64 xxh_prime64_1 = HB_U64_INIT(0x9E3779B1UL, 0x85EBCA87UL);
static const hb_u64 xxh_prime64_2 = HB_U64_INIT(0xC2B2AE3DUL, 0x27D4EB4FUL);

void hb_xxh32_init_seed(hb_xxh32_ctx *c, uint32_t seed)
{
    c->seed = seed;
    c->v[0] = seed + XXH_PRIME32_1;
    c->v[0] += XXH_PRIME32_2;
    c->v[1] = seed + XXH_PRIME32_2;
    c->v[2] = seed;
    c->v[3] = seed - XXH_PRIME32_1;
    c->total = 0;
    c->large = 0;
    c->used = 0;
}

void hb_xxh32_init(hb_xxh32_ctx *c)
{
    hb_xxh32_init_seed(c, 0);
}

void hb_xxh64_init_seed(hb_xxh64_ctx *c, uint32_t seed_hi, uint32_t seed_lo)
{
    HB_U64_SET(c->seed, seed_hi, seed_lo);
    HB_U64_ADD(c->v[0], c->seed, xxh_prime64_1);
    HB_U64_ADD(c->v[0], c->v[0], xxh_prime64_2);
    HB_U64_ADD(c->v[1], c->seed, xxh_prime64_2);
    c->v[2] = c->seed;
    HB_U64_SUB(c->v[3], c->seed, xxh_prime64_1);
    HB_U64_SET(c->total, 0, 0);
    c->used = 0;
}

void hb_xxh64_init(hb_xxh64_ctx *c)
{
    hb_xxh64_init_seed(c, 0, 0);
}
