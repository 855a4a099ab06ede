/* MD4, fast portable C: the 48 steps fully unrolled with the constants and
 * shifts folded in, the registers renamed instead of moved, the message word
 * and constant added before the round function (off the critical path, which
 * runs through b, the register just computed), and each round function in
 * its cheapest form:
 *   F(b,c,d) = (b & c) | (~b & d)           ->  ((c ^ d) & b) ^ d
 *   G(b,c,d) = (b & c) | (b & d) | (c & d)  ->  (b & (c ^ d)) + (c & d)
 *   H(b,c,d) = b ^ c ^ d
 * Same RFC 1320 algorithm as md4_portable.c.
 *
 * The 8-bit consoles build md4_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms");
 * what the two forms share is in md4_fast_shared.c. */
#include "hashbench/md.h"
#include "md4_fast_shared.h"

void hb_md4_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t x[16];
    uint32_t a, b, c, d;
    unsigned i;

    while (nblocks > 0) {
        for (i = 0; i < 16; i++)
            x[i] = HB_LOAD32_LE(blocks + 4 * i);
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];

        MD4_STEP1(a, b, c, d, x[ 0],  3);
        MD4_STEP1(d, a, b, c, x[ 1],  7);
        MD4_STEP1(c, d, a, b, x[ 2], 11);
        MD4_STEP1(b, c, d, a, x[ 3], 19);
        MD4_STEP1(a, b, c, d, x[ 4],  3);
        MD4_STEP1(d, a, b, c, x[ 5],  7);
        MD4_STEP1(c, d, a, b, x[ 6], 11);
        MD4_STEP1(b, c, d, a, x[ 7], 19);
        MD4_STEP1(a, b, c, d, x[ 8],  3);
        MD4_STEP1(d, a, b, c, x[ 9],  7);
        MD4_STEP1(c, d, a, b, x[10], 11);
        MD4_STEP1(b, c, d, a, x[11], 19);
        MD4_STEP1(a, b, c, d, x[12],  3);
        MD4_STEP1(d, a, b, c, x[13],  7);
        MD4_STEP1(c, d, a, b, x[14], 11);
        MD4_STEP1(b, c, d, a, x[15], 19);

        MD4_STEP2(a, b, c, d, x[ 0],  3);
        MD4_STEP2(d, a, b, c, x[ 4],  5);
        MD4_STEP2(c, d, a, b, x[ 8],  9);
        MD4_STEP2(b, c, d, a, x[12], 13);
        MD4_STEP2(a, b, c, d, x[ 1],  3);
        MD4_STEP2(d, a, b, c, x[ 5],  5);
        MD4_STEP2(c, d, a, b, x[ 9],  9);
        MD4_STEP2(b, c, d, a, x[13], 13);
        MD4_STEP2(a, b, c, d, x[ 2],  3);
        MD4_STEP2(d, a, b, c, x[ 6],  5);
        MD4_STEP2(c, d, a, b, x[10],  9);
        MD4_STEP2(b, c, d, a, x[14], 13);
        MD4_STEP2(a, b, c, d, x[ 3],  3);
        MD4_STEP2(d, a, b, c, x[ 7],  5);
        MD4_STEP2(c, d, a, b, x[11],  9);
        MD4_STEP2(b, c, d, a, x[15], 13);

        MD4_STEP3(a, b, c, d, x[ 0],  3);
        MD4_STEP3(d, a, b, c, x[ 8],  9);
        MD4_STEP3(c, d, a, b, x[ 4], 11);
        MD4_STEP3(b, c, d, a, x[12], 15);
        MD4_STEP3(a, b, c, d, x[ 2],  3);
        MD4_STEP3(d, a, b, c, x[10],  9);
        MD4_STEP3(c, d, a, b, x[ 6], 11);
        MD4_STEP3(b, c, d, a, x[14], 15);
        MD4_STEP3(a, b, c, d, x[ 1],  3);
        MD4_STEP3(d, a, b, c, x[ 9],  9);
        MD4_STEP3(c, d, a, b, x[ 5], 11);
        MD4_STEP3(b, c, d, a, x[13], 15);
        MD4_STEP3(a, b, c, d, x[ 3],  3);
        MD4_STEP3(d, a, b, c, x[11],  9);
        MD4_STEP3(c, d, a, b, x[ 7], 11);
        MD4_STEP3(b, c, d, a, x[15], 15);

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        blocks += HB_MD_BLOCK;
        nblocks--;
    }
}
