/* XXH3, fast: the same accumulate and scramble (xxHash specification,
 * doc/xxhash_spec.md, "XXH3 Algorithm Description (for large inputs)"), with
 * the eight accumulators in locals for a whole run of stripes, the eight
 * lanes unrolled, the stripes read straight from the input (the streaming
 * layer hands over every whole stripe but the last 1..64 bytes), and the
 * secret pre-read as 64-bit words: stripe n of a block uses words n..n+7 and
 * the scramble words 16..23, all on 8-byte boundaries.
 *
 * The 8-bit consoles build xxh3_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms");
 * what the two forms share is in xxh3_fast_shared.c. */
#include "hashbench/xxh3.h"
#include "xxh3_fast_shared.h"

static const hb_u64 PRIME32_1 = HB_U64_INIT(0, 0x9E3779B1UL);

/* lane i: acc[i ^ 1] += d; acc[i] += lo32(d ^ key) * hi32(d ^ key) */
#define LANE(i, ai, aj)                                   \
    do {                                                  \
        HB_U64_LOAD_LE(d, p + 8u * (i));                  \
        HB_U64_XOR(k, d, sec[i]);                         \
        HB_U64_ADD(aj, aj, d);                            \
        HB_U64_MUL32(t, HB_U64_LO(k), HB_U64_HI(k));      \
        HB_U64_ADD(ai, ai, t);                            \
    } while (0)

#define SCRAMBLE(i, ai)                                   \
    do {                                                  \
        HB_U64_SHR(t, ai, 47);                            \
        HB_U64_XOR(ai, ai, t);                            \
        HB_U64_XOR(ai, ai, hb_xxh3_secret64[16 + (i)]);           \
        HB_U64_MUL(ai, ai, PRIME32_1);                    \
    } while (0)

void hb_xxh3_stripes_fast(hb_u64 *acc, uint8_t *stripes, const uint8_t *p, size_t n)
{
    hb_u64 a0, a1, a2, a3, a4, a5, a6, a7, d, k, t;
    const hb_u64 *sec;
    unsigned s = *stripes;
    size_t m;

    a0 = acc[0]; a1 = acc[1]; a2 = acc[2]; a3 = acc[3];
    a4 = acc[4]; a5 = acc[5]; a6 = acc[6]; a7 = acc[7];
    while (n > 0) {
        m = HB_XXH3_STRIPES_PER_BLOCK - s;      /* stripes left in this block */
        if (m > n)
            m = n;
        n -= m;
        sec = hb_xxh3_secret64 + s;
        s += (unsigned)m;
        while (m > 0) {
            LANE(0, a0, a1);
            LANE(1, a1, a0);
            LANE(2, a2, a3);
            LANE(3, a3, a2);
            LANE(4, a4, a5);
            LANE(5, a5, a4);
            LANE(6, a6, a7);
            LANE(7, a7, a6);
            p += HB_XXH3_STRIPE_LEN;
            sec++;
            m--;
        }
        if (s == HB_XXH3_STRIPES_PER_BLOCK) {
            SCRAMBLE(0, a0); SCRAMBLE(1, a1); SCRAMBLE(2, a2); SCRAMBLE(3, a3);
            SCRAMBLE(4, a4); SCRAMBLE(5, a5); SCRAMBLE(6, a6); SCRAMBLE(7, a7);
            s = 0;
        }
    }
    acc[0] = a0; acc[1] = a1; acc[2] = a2; acc[3] = a3;
    acc[4] = a4; acc[5] = a5; acc[6] = a6; acc[7] = a7;
    *stripes = (uint8_t)s;
}
