/* The compact form of blake2s_fast.c: the same functions, for the 8-bit
 * consoles (docs/writing-an-algorithm.md, "Compact forms").  The fast code:
 * BLAKE2s, fast portable C: the ten rounds unrolled, each reading the
 * message words straight from the block in that round's permuted order (no
 * SIGMA lookups at run time), the working state a local array the host
 * compilers keep in registers once the round functions are inlined.
 *
 * One function per round rather than one giant unrolled body: SDCC's
 * register allocator needs minutes on the latter, seconds on these.
 *
 * This compact form (for the 8-bit consoles' builds, whose code
 * must fit a 16 KB bank) keeps the G steps inlined on fixed state words and
 * the inlined IV, counter and finalisation, but runs one round body ten
 * times, its message words read into m once per block and picked through
 * SIGMA (the portable code calls G with state indices instead). */
#include "hashbench.h"
#include "hashbench/blake2.h"
#include "blake2s_fast_shared.h"

/* any round: columns, then diagonals, message words in the order s */
static void round_sigma(uint32_t *v, const uint32_t *m, const uint8_t *s)
{
    G(v[0], v[4], v[8], v[12], m[s[0]], m[s[1]]);
    G(v[1], v[5], v[9], v[13], m[s[2]], m[s[3]]);
    G(v[2], v[6], v[10], v[14], m[s[4]], m[s[5]]);
    G(v[3], v[7], v[11], v[15], m[s[6]], m[s[7]]);
    G(v[0], v[5], v[10], v[15], m[s[8]], m[s[9]]);
    G(v[1], v[6], v[11], v[12], m[s[10]], m[s[11]]);
    G(v[2], v[7], v[8], v[13], m[s[12]], m[s[13]]);
    G(v[3], v[4], v[9], v[14], m[s[14]], m[s[15]]);
}

void hb_blake2s_compress_fast(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last)
{
    uint32_t v[16];
    uint32_t m[16];
    unsigned i;
    uint32_t t0 = t[0], t1 = t[1];
    uint32_t f0 = last ? 0xFFFFFFFFUL : 0;

    for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2S_BLOCK) {
        t0 += (uint32_t)inc;
        if (t0 < (uint32_t)inc)
            t1++;
        v[0] = h[0]; v[1] = h[1]; v[2] = h[2]; v[3] = h[3];
        v[4] = h[4]; v[5] = h[5]; v[6] = h[6]; v[7] = h[7];
        v[8] = 0x6A09E667UL;  v[9] = 0xBB67AE85UL;
        v[10] = 0x3C6EF372UL; v[11] = 0xA54FF53AUL;
        v[12] = 0x510E527FUL ^ t0; v[13] = 0x9B05688CUL ^ t1;
        v[14] = 0x1F83D9ABUL ^ f0; v[15] = 0x5BE0CD19UL;
        for (i = 0; i < 16; i++)
            m[i] = HB_LOAD32_LE(blocks + 4 * i);
        for (i = 0; i < 10; i++)
            round_sigma(v, m, hb_blake2_sigma[i]);
        h[0] ^= v[0] ^ v[8];  h[1] ^= v[1] ^ v[9];
        h[2] ^= v[2] ^ v[10]; h[3] ^= v[3] ^ v[11];
        h[4] ^= v[4] ^ v[12]; h[5] ^= v[5] ^ v[13];
        h[6] ^= v[6] ^ v[14]; h[7] ^= v[7] ^ v[15];
    }
    t[0] = t0;
    t[1] = t1;
}
