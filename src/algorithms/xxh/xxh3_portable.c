/* XXH3, portable: the specification's accumulate and scramble loops,
 * lane by lane (xxHash specification, doc/xxhash_spec.md, "XXH3 Algorithm
 * Description (for large inputs)", steps 2 and 3). */
#include "hashbench/xxh3.h"

/* spec: round_accumulate over n stripes, round_scramble after each block */
static void stripes_portable(hb_u64 *acc, uint8_t *stripes, const uint8_t *p, size_t n)
{
    while (n > 0) {
        hb_xxh3_accumulate_stripe(acc, p, hb_xxh3_default_secret + 8u * *stripes);
        p += HB_XXH3_STRIPE_LEN;
        n--;
        if (++*stripes == HB_XXH3_STRIPES_PER_BLOCK) {
            hb_xxh3_scramble(acc);
            *stripes = 0;
        }
    }
}

void hb_xxh3_64_update_portable(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len)
{
    hb_xxh3_update(c, data, len, stripes_portable, hb_xxh3_copy_bytes);
}

void hb_xxh3_64_final_portable(hb_xxh3_64_ctx *c, uint8_t *digest)
{
    hb_xxh3_final64(c, digest, stripes_portable);
}

void hb_xxh3_128_update_portable(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len)
{
    hb_xxh3_update(c, data, len, stripes_portable, hb_xxh3_copy_bytes);
}

void hb_xxh3_128_final_portable(hb_xxh3_128_ctx *c, uint8_t *digest)
{
    hb_xxh3_final128(c, digest, stripes_portable);
}
