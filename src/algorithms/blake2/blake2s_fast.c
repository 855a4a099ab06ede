/* BLAKE2s, fast portable C: the ten rounds unrolled, each reading the
 * message words straight from the block in that round's permuted order (no
 * SIGMA lookups at run time), the working state a local array the host
 * compilers keep in registers once the round functions are inlined.
 *
 * One function per round rather than one giant unrolled body: SDCC's
 * register allocator needs minutes on the latter, seconds on these.
 *
 * The 8-bit consoles build blake2s_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms");
 * what the two forms share is in blake2s_fast_shared.c. */
#include "hashbench.h"
#include "hashbench/blake2.h"
#include "blake2s_fast_shared.h"

/* message word i of the block b */
#define W(i) HB_LOAD32_LE(b + 4 * (i))

/* round r: columns, then diagonals, message words in SIGMA[r] order */
static void round0(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(0), W(1));
    G(v[1], v[5], v[9], v[13], W(2), W(3));
    G(v[2], v[6], v[10], v[14], W(4), W(5));
    G(v[3], v[7], v[11], v[15], W(6), W(7));
    G(v[0], v[5], v[10], v[15], W(8), W(9));
    G(v[1], v[6], v[11], v[12], W(10), W(11));
    G(v[2], v[7], v[8], v[13], W(12), W(13));
    G(v[3], v[4], v[9], v[14], W(14), W(15));
}

static void round1(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(14), W(10));
    G(v[1], v[5], v[9], v[13], W(4), W(8));
    G(v[2], v[6], v[10], v[14], W(9), W(15));
    G(v[3], v[7], v[11], v[15], W(13), W(6));
    G(v[0], v[5], v[10], v[15], W(1), W(12));
    G(v[1], v[6], v[11], v[12], W(0), W(2));
    G(v[2], v[7], v[8], v[13], W(11), W(7));
    G(v[3], v[4], v[9], v[14], W(5), W(3));
}

static void round2(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(11), W(8));
    G(v[1], v[5], v[9], v[13], W(12), W(0));
    G(v[2], v[6], v[10], v[14], W(5), W(2));
    G(v[3], v[7], v[11], v[15], W(15), W(13));
    G(v[0], v[5], v[10], v[15], W(10), W(14));
    G(v[1], v[6], v[11], v[12], W(3), W(6));
    G(v[2], v[7], v[8], v[13], W(7), W(1));
    G(v[3], v[4], v[9], v[14], W(9), W(4));
}

static void round3(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(7), W(9));
    G(v[1], v[5], v[9], v[13], W(3), W(1));
    G(v[2], v[6], v[10], v[14], W(13), W(12));
    G(v[3], v[7], v[11], v[15], W(11), W(14));
    G(v[0], v[5], v[10], v[15], W(2), W(6));
    G(v[1], v[6], v[11], v[12], W(5), W(10));
    G(v[2], v[7], v[8], v[13], W(4), W(0));
    G(v[3], v[4], v[9], v[14], W(15), W(8));
}

static void round4(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(9), W(0));
    G(v[1], v[5], v[9], v[13], W(5), W(7));
    G(v[2], v[6], v[10], v[14], W(2), W(4));
    G(v[3], v[7], v[11], v[15], W(10), W(15));
    G(v[0], v[5], v[10], v[15], W(14), W(1));
    G(v[1], v[6], v[11], v[12], W(11), W(12));
    G(v[2], v[7], v[8], v[13], W(6), W(8));
    G(v[3], v[4], v[9], v[14], W(3), W(13));
}

static void round5(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(2), W(12));
    G(v[1], v[5], v[9], v[13], W(6), W(10));
    G(v[2], v[6], v[10], v[14], W(0), W(11));
    G(v[3], v[7], v[11], v[15], W(8), W(3));
    G(v[0], v[5], v[10], v[15], W(4), W(13));
    G(v[1], v[6], v[11], v[12], W(7), W(5));
    G(v[2], v[7], v[8], v[13], W(15), W(14));
    G(v[3], v[4], v[9], v[14], W(1), W(9));
}

static void round6(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(12), W(5));
    G(v[1], v[5], v[9], v[13], W(1), W(15));
    G(v[2], v[6], v[10], v[14], W(14), W(13));
    G(v[3], v[7], v[11], v[15], W(4), W(10));
    G(v[0], v[5], v[10], v[15], W(0), W(7));
    G(v[1], v[6], v[11], v[12], W(6), W(3));
    G(v[2], v[7], v[8], v[13], W(9), W(2));
    G(v[3], v[4], v[9], v[14], W(8), W(11));
}

static void round7(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(13), W(11));
    G(v[1], v[5], v[9], v[13], W(7), W(14));
    G(v[2], v[6], v[10], v[14], W(12), W(1));
    G(v[3], v[7], v[11], v[15], W(3), W(9));
    G(v[0], v[5], v[10], v[15], W(5), W(0));
    G(v[1], v[6], v[11], v[12], W(15), W(4));
    G(v[2], v[7], v[8], v[13], W(8), W(6));
    G(v[3], v[4], v[9], v[14], W(2), W(10));
}

static void round8(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(6), W(15));
    G(v[1], v[5], v[9], v[13], W(14), W(9));
    G(v[2], v[6], v[10], v[14], W(11), W(3));
    G(v[3], v[7], v[11], v[15], W(0), W(8));
    G(v[0], v[5], v[10], v[15], W(12), W(2));
    G(v[1], v[6], v[11], v[12], W(13), W(7));
    G(v[2], v[7], v[8], v[13], W(1), W(4));
    G(v[3], v[4], v[9], v[14], W(10), W(5));
}

static void round9(uint32_t *v, const uint8_t *b)
{
    G(v[0], v[4], v[8], v[12], W(10), W(2));
    G(v[1], v[5], v[9], v[13], W(8), W(4));
    G(v[2], v[6], v[10], v[14], W(7), W(6));
    G(v[3], v[7], v[11], v[15], W(1), W(5));
    G(v[0], v[5], v[10], v[15], W(15), W(11));
    G(v[1], v[6], v[11], v[12], W(9), W(14));
    G(v[2], v[7], v[8], v[13], W(3), W(12));
    G(v[3], v[4], v[9], v[14], W(13), W(0));
}

void hb_blake2s_compress_fast(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last)
{
    uint32_t v[16];
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
        round0(v, blocks);
        round1(v, blocks);
        round2(v, blocks);
        round3(v, blocks);
        round4(v, blocks);
        round5(v, blocks);
        round6(v, blocks);
        round7(v, blocks);
        round8(v, blocks);
        round9(v, blocks);
        h[0] ^= v[0] ^ v[8];  h[1] ^= v[1] ^ v[9];
        h[2] ^= v[2] ^ v[10]; h[3] ^= v[3] ^ v[11];
        h[4] ^= v[4] ^ v[12]; h[5] ^= v[5] ^ v[13];
        h[6] ^= v[6] ^ v[14]; h[7] ^= v[7] ^ v[15];
    }
    t[0] = t0;
    t[1] = t1;
}
