/* The compact form of xxh3_fast.c: the same functions, for the 8-bit
 * consoles (docs/writing-an-algorithm.md, "Compact forms").  The fast code:
 * XXH3, fast: the same accumulate and scramble (xxHash specification,
 * doc/xxhash_spec.md, "XXH3 Algorithm Description (for large inputs)"), with
 * the eight accumulators in locals for a whole run of stripes, the eight
 * lanes unrolled, the stripes read straight from the input (the streaming
 * layer hands over every whole stripe but the last 1..64 bytes), and the
 * secret pre-read as 64-bit words: stripe n of a block uses words n..n+7 and
 * the scramble words 16..23, all on 8-byte boundaries.
 *
 * This compact form (for the 8-bit console builds, where XXH3's
 * shared code already fills most of a 16 KB ROM bank) keeps the pre-read
 * secret and the runs of stripes straight from the input, but loops over
 * the lanes, with the accumulators left in the caller's array. */
#include "hashbench/xxh3.h"
#include "xxh3_fast_shared.h"

static const hb_u64 PRIME32_1 = HB_U64_INIT(0, 0x9E3779B1UL);

void hb_xxh3_stripes_fast(hb_u64 *acc, uint8_t *stripes, const uint8_t *p, size_t n)
{
    hb_u64 d, k, t;
    const hb_u64 *sec;
    unsigned s = *stripes, i;
    size_t m;

    while (n > 0) {
        m = HB_XXH3_STRIPES_PER_BLOCK - s;      /* stripes left in this block */
        if (m > n)
            m = n;
        n -= m;
        sec = hb_xxh3_secret64 + s;
        s += (unsigned)m;
        while (m > 0) {
            for (i = 0; i < 8; i++) {
                HB_U64_LOAD_LE(d, p + 8u * i);
                HB_U64_XOR(k, d, sec[i]);
                HB_U64_ADD(acc[i ^ 1u], acc[i ^ 1u], d);
                HB_U64_MUL32(t, HB_U64_LO(k), HB_U64_HI(k));
                HB_U64_ADD(acc[i], acc[i], t);
            }
            p += HB_XXH3_STRIPE_LEN;
            sec++;
            m--;
        }
        if (s == HB_XXH3_STRIPES_PER_BLOCK) {
            for (i = 0; i < 8; i++) {
                HB_U64_SHR(t, acc[i], 47);
                HB_U64_XOR(acc[i], acc[i], t);
                HB_U64_XOR(acc[i], acc[i], hb_xxh3_secret64[16 + i]);
                HB_U64_MUL(acc[i], acc[i], PRIME32_1);
            }
            s = 0;
        }
    }
    *stripes = (uint8_t)s;
}
