/* The compact form of md4_fast.c: the same functions, for the 8-bit
 * consoles (docs/writing-an-algorithm.md, "Compact forms").  The fast code:
 * MD4, fast portable C: the 48 steps fully unrolled with the constants and
 * shifts folded in, the registers renamed instead of moved, the message word
 * and constant added before the round function (off the critical path, which
 * runs through b, the register just computed), and each round function in
 * its cheapest form:
 *   F(b,c,d) = (b & c) | (~b & d)           ->  ((c ^ d) & b) ^ d
 *   G(b,c,d) = (b & c) | (b & d) | (c & d)  ->  (b & (c ^ d)) + (c & d)
 *   H(b,c,d) = b ^ c ^ d
 * Same RFC 1320 algorithm as md4_portable.c.
 *
 * This compact form (for the Game Boy build, whose code must fit
 * a 16 KB ROM bank beside MD5's and the portable code) keeps the renaming
 * and the round functions but unrolls four steps, each round's four-step
 * body run four times. */
#include "hashbench/md.h"
#include "md4_fast_shared.h"

/* the first message word of each four steps of round 3 */
static const unsigned char md4_r3[4] = { 0, 2, 1, 3 };

void hb_md4_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t x[16];
    uint32_t a, b, c, d;
    unsigned i, k;

    while (nblocks > 0) {
        for (i = 0; i < 16; i++)
            x[i] = HB_LOAD32_LE(blocks + 4 * i);
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];

        for (i = 0; i < 16; i += 4) {
            MD4_STEP1(a, b, c, d, x[i],  3);
            MD4_STEP1(d, a, b, c, x[i + 1],  7);
            MD4_STEP1(c, d, a, b, x[i + 2], 11);
            MD4_STEP1(b, c, d, a, x[i + 3], 19);
        }
        for (i = 0; i < 4; i++) {
            MD4_STEP2(a, b, c, d, x[i],  3);
            MD4_STEP2(d, a, b, c, x[i + 4],  5);
            MD4_STEP2(c, d, a, b, x[i + 8],  9);
            MD4_STEP2(b, c, d, a, x[i + 12], 13);
        }
        for (i = 0; i < 4; i++) {
            k = md4_r3[i];
            MD4_STEP3(a, b, c, d, x[k],  3);
            MD4_STEP3(d, a, b, c, x[k + 8],  9);
            MD4_STEP3(c, d, a, b, x[k + 4], 11);
            MD4_STEP3(b, c, d, a, x[k + 12], 15);
        }

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        blocks += HB_MD_BLOCK;
        nblocks--;
    }
}
