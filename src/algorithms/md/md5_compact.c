/* The compact form of md5_fast.c: the same functions, for the 8-bit
 * consoles (docs/writing-an-algorithm.md, "Compact forms").  The fast code:
 * MD5, fast portable C: the 64 steps fully unrolled with the constants and
 * shifts folded in, the registers renamed instead of moved, the message word
 * and constant added before the round function (off the critical path, which
 * runs through b, the register just computed), and each round function in
 * its cheapest form:
 *   F(b,c,d) = (b & c) | (~b & d)  ->  ((c ^ d) & b) ^ d
 *   G(b,c,d) = (b & d) | (c & ~d)  ->  (c & ~d) + (b & d): the two halves
 *              never overlap, and c & ~d does not wait for b
 *   H(b,c,d) = b ^ c ^ d
 *   I(b,c,d) = c ^ (b | ~d)
 * Same RFC 1321 algorithm as md5_portable.c.
 *
 * This compact form (for the Game Boy build, whose code must fit
 * a 16 KB ROM bank beside MD4's and the portable code) keeps the renaming
 * and the round functions but unrolls four steps, each round's four-step
 * body run four times over tables of the constants and message order. */
#include "hashbench/md.h"
#include "md5_fast_shared.h"

/* the message word of each step of rounds 2 to 4 (the step constants:
 * hb_md5_t, md_common.c) */
static const unsigned char md5_x[48] = {
    1, 6, 11, 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12,
    5, 8, 11, 14, 1, 4, 7, 10, 13, 0, 3, 6, 9, 12, 15, 2,
    0, 7, 14, 5, 12, 3, 10, 1, 8, 15, 6, 13, 4, 11, 2, 9
};

void hb_md5_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t x[16];
    uint32_t a, b, c, d;
    const uint32_t *t;
    const unsigned char *k;
    unsigned i;

    while (nblocks > 0) {
        for (i = 0; i < 16; i++)
            x[i] = HB_LOAD32_LE(blocks + 4 * i);
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];

        t = hb_md5_t;
        for (i = 0; i < 16; i += 4, t += 4) {
            MD5_STEP(F, a, b, c, d, x[i], t[0],  7);
            MD5_STEP(F, d, a, b, c, x[i + 1], t[1], 12);
            MD5_STEP(F, c, d, a, b, x[i + 2], t[2], 17);
            MD5_STEP(F, b, c, d, a, x[i + 3], t[3], 22);
        }
        k = md5_x;
        for (i = 0; i < 4; i++, t += 4, k += 4) {
            MD5_STEP_G(a, b, c, d, x[k[0]], t[0],  5);
            MD5_STEP_G(d, a, b, c, x[k[1]], t[1],  9);
            MD5_STEP_G(c, d, a, b, x[k[2]], t[2], 14);
            MD5_STEP_G(b, c, d, a, x[k[3]], t[3], 20);
        }
        for (i = 0; i < 4; i++, t += 4, k += 4) {
            MD5_STEP(H, a, b, c, d, x[k[0]], t[0],  4);
            MD5_STEP(H, d, a, b, c, x[k[1]], t[1], 11);
            MD5_STEP(H, c, d, a, b, x[k[2]], t[2], 16);
            MD5_STEP(H, b, c, d, a, x[k[3]], t[3], 23);
        }
        for (i = 0; i < 4; i++, t += 4, k += 4) {
            MD5_STEP(I, a, b, c, d, x[k[0]], t[0],  6);
            MD5_STEP(I, d, a, b, c, x[k[1]], t[1], 10);
            MD5_STEP(I, c, d, a, b, x[k[2]], t[2], 15);
            MD5_STEP(I, b, c, d, a, x[k[3]], t[3], 21);
        }

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        blocks += HB_MD_BLOCK;
        nblocks--;
    }
}
