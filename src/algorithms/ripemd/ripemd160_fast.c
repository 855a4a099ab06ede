/* RIPEMD-160, fast portable C: both lines' 80 steps fully unrolled (the
 * left and right steps interleaved, so a wide CPU runs the two independent
 * lines in parallel), the registers renamed instead of moved, message word,
 * rotation and constant folded into each step, the message word and constant
 * added before the nonlinear function (off the critical path, which runs
 * through b, the register just computed), and the functions in forms that
 * do the least work after b is known:
 *   f1(x,y,z) = x ^ y ^ z           ->  x ^ (y ^ z)
 *   f2(x,y,z) = (x & y) | (~x & z)  ->  ((y ^ z) & x) ^ z
 *   f4(x,y,z) = (x & z) | (y & ~z)  ->  (y & ~z) + (x & z): the halves never
 *                                       overlap, and y & ~z does not wait for x
 * Same algorithm as ripemd160_portable.c.
 *
 * The 8-bit consoles build ripemd160_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms");
 * what the two forms share is in ripemd160_fast_shared.c. */
#include "hashbench/ripemd.h"

#define RMD_F1(x, y, z) ((x) ^ ((y) ^ (z)))
#define RMD_F2(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define RMD_F3(x, y, z) (((x) | ~(y)) ^ (z))
#define RMD_F4(x, y, z) (((y) & ~(z)) + ((x) & (z)))
#define RMD_F5(x, y, z) ((x) ^ ((y) | ~(z)))

#define RMD_STEP(f, a, b, c, d, e, xj, s, k)          \
    do {                                              \
        (a) += (xj) + (k);                            \
        (a) += RMD_F##f((b), (c), (d));               \
        (a) = HB_ROTL32((a), (s)) + (e);              \
        (c) = HB_ROTL32((c), 10);                     \
    } while (0)

/* left line: f1..f5 with K = 0, 5A827999, 6ED9EBA1, 8F1BBCDC, A953FD4E */
#define RMD_L1(a, b, c, d, e, xj, s) RMD_STEP(1, a, b, c, d, e, xj, s, 0UL)
#define RMD_L2(a, b, c, d, e, xj, s) RMD_STEP(2, a, b, c, d, e, xj, s, 0x5A827999UL)
#define RMD_L3(a, b, c, d, e, xj, s) RMD_STEP(3, a, b, c, d, e, xj, s, 0x6ED9EBA1UL)
#define RMD_L4(a, b, c, d, e, xj, s) RMD_STEP(4, a, b, c, d, e, xj, s, 0x8F1BBCDCUL)
#define RMD_L5(a, b, c, d, e, xj, s) RMD_STEP(5, a, b, c, d, e, xj, s, 0xA953FD4EUL)
/* right line: f5..f1 with K' = 50A28BE6, 5C4DD124, 6D703EF3, 7A6D76E9, 0 */
#define RMD_R1(a, b, c, d, e, xj, s) RMD_STEP(5, a, b, c, d, e, xj, s, 0x50A28BE6UL)
#define RMD_R2(a, b, c, d, e, xj, s) RMD_STEP(4, a, b, c, d, e, xj, s, 0x5C4DD124UL)
#define RMD_R3(a, b, c, d, e, xj, s) RMD_STEP(3, a, b, c, d, e, xj, s, 0x6D703EF3UL)
#define RMD_R4(a, b, c, d, e, xj, s) RMD_STEP(2, a, b, c, d, e, xj, s, 0x7A6D76E9UL)
#define RMD_R5(a, b, c, d, e, xj, s) RMD_STEP(1, a, b, c, d, e, xj, s, 0UL)

void hb_ripemd160_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t x[16];
    uint32_t al, bl, cl, dl, el, ar, br, cr, dr, er, t;
    unsigned j;

    while (nblocks > 0) {
        for (j = 0; j < 16; j++)
            x[j] = HB_LOAD32_LE(blocks + 4 * j);
        al = ar = state[0];
        bl = br = state[1];
        cl = cr = state[2];
        dl = dr = state[3];
        el = er = state[4];

        RMD_L1(al, bl, cl, dl, el, x[ 0], 11);
        RMD_R1(ar, br, cr, dr, er, x[ 5],  8);
        RMD_L1(el, al, bl, cl, dl, x[ 1], 14);
        RMD_R1(er, ar, br, cr, dr, x[14],  9);
        RMD_L1(dl, el, al, bl, cl, x[ 2], 15);
        RMD_R1(dr, er, ar, br, cr, x[ 7],  9);
        RMD_L1(cl, dl, el, al, bl, x[ 3], 12);
        RMD_R1(cr, dr, er, ar, br, x[ 0], 11);
        RMD_L1(bl, cl, dl, el, al, x[ 4],  5);
        RMD_R1(br, cr, dr, er, ar, x[ 9], 13);
        RMD_L1(al, bl, cl, dl, el, x[ 5],  8);
        RMD_R1(ar, br, cr, dr, er, x[ 2], 15);
        RMD_L1(el, al, bl, cl, dl, x[ 6],  7);
        RMD_R1(er, ar, br, cr, dr, x[11], 15);
        RMD_L1(dl, el, al, bl, cl, x[ 7],  9);
        RMD_R1(dr, er, ar, br, cr, x[ 4],  5);
        RMD_L1(cl, dl, el, al, bl, x[ 8], 11);
        RMD_R1(cr, dr, er, ar, br, x[13],  7);
        RMD_L1(bl, cl, dl, el, al, x[ 9], 13);
        RMD_R1(br, cr, dr, er, ar, x[ 6],  7);
        RMD_L1(al, bl, cl, dl, el, x[10], 14);
        RMD_R1(ar, br, cr, dr, er, x[15],  8);
        RMD_L1(el, al, bl, cl, dl, x[11], 15);
        RMD_R1(er, ar, br, cr, dr, x[ 8], 11);
        RMD_L1(dl, el, al, bl, cl, x[12],  6);
        RMD_R1(dr, er, ar, br, cr, x[ 1], 14);
        RMD_L1(cl, dl, el, al, bl, x[13],  7);
        RMD_R1(cr, dr, er, ar, br, x[10], 14);
        RMD_L1(bl, cl, dl, el, al, x[14],  9);
        RMD_R1(br, cr, dr, er, ar, x[ 3], 12);
        RMD_L1(al, bl, cl, dl, el, x[15],  8);
        RMD_R1(ar, br, cr, dr, er, x[12],  6);

        RMD_L2(el, al, bl, cl, dl, x[ 7],  7);
        RMD_R2(er, ar, br, cr, dr, x[ 6],  9);
        RMD_L2(dl, el, al, bl, cl, x[ 4],  6);
        RMD_R2(dr, er, ar, br, cr, x[11], 13);
        RMD_L2(cl, dl, el, al, bl, x[13],  8);
        RMD_R2(cr, dr, er, ar, br, x[ 3], 15);
        RMD_L2(bl, cl, dl, el, al, x[ 1], 13);
        RMD_R2(br, cr, dr, er, ar, x[ 7],  7);
        RMD_L2(al, bl, cl, dl, el, x[10], 11);
        RMD_R2(ar, br, cr, dr, er, x[ 0], 12);
        RMD_L2(el, al, bl, cl, dl, x[ 6],  9);
        RMD_R2(er, ar, br, cr, dr, x[13],  8);
        RMD_L2(dl, el, al, bl, cl, x[15],  7);
        RMD_R2(dr, er, ar, br, cr, x[ 5],  9);
        RMD_L2(cl, dl, el, al, bl, x[ 3], 15);
        RMD_R2(cr, dr, er, ar, br, x[10], 11);
        RMD_L2(bl, cl, dl, el, al, x[12],  7);
        RMD_R2(br, cr, dr, er, ar, x[14],  7);
        RMD_L2(al, bl, cl, dl, el, x[ 0], 12);
        RMD_R2(ar, br, cr, dr, er, x[15],  7);
        RMD_L2(el, al, bl, cl, dl, x[ 9], 15);
        RMD_R2(er, ar, br, cr, dr, x[ 8], 12);
        RMD_L2(dl, el, al, bl, cl, x[ 5],  9);
        RMD_R2(dr, er, ar, br, cr, x[12],  7);
        RMD_L2(cl, dl, el, al, bl, x[ 2], 11);
        RMD_R2(cr, dr, er, ar, br, x[ 4],  6);
        RMD_L2(bl, cl, dl, el, al, x[14],  7);
        RMD_R2(br, cr, dr, er, ar, x[ 9], 15);
        RMD_L2(al, bl, cl, dl, el, x[11], 13);
        RMD_R2(ar, br, cr, dr, er, x[ 1], 13);
        RMD_L2(el, al, bl, cl, dl, x[ 8], 12);
        RMD_R2(er, ar, br, cr, dr, x[ 2], 11);

        RMD_L3(dl, el, al, bl, cl, x[ 3], 11);
        RMD_R3(dr, er, ar, br, cr, x[15],  9);
        RMD_L3(cl, dl, el, al, bl, x[10], 13);
        RMD_R3(cr, dr, er, ar, br, x[ 5],  7);
        RMD_L3(bl, cl, dl, el, al, x[14],  6);
        RMD_R3(br, cr, dr, er, ar, x[ 1], 15);
        RMD_L3(al, bl, cl, dl, el, x[ 4],  7);
        RMD_R3(ar, br, cr, dr, er, x[ 3], 11);
        RMD_L3(el, al, bl, cl, dl, x[ 9], 14);
        RMD_R3(er, ar, br, cr, dr, x[ 7],  8);
        RMD_L3(dl, el, al, bl, cl, x[15],  9);
        RMD_R3(dr, er, ar, br, cr, x[14],  6);
        RMD_L3(cl, dl, el, al, bl, x[ 8], 13);
        RMD_R3(cr, dr, er, ar, br, x[ 6],  6);
        RMD_L3(bl, cl, dl, el, al, x[ 1], 15);
        RMD_R3(br, cr, dr, er, ar, x[ 9], 14);
        RMD_L3(al, bl, cl, dl, el, x[ 2], 14);
        RMD_R3(ar, br, cr, dr, er, x[11], 12);
        RMD_L3(el, al, bl, cl, dl, x[ 7],  8);
        RMD_R3(er, ar, br, cr, dr, x[ 8], 13);
        RMD_L3(dl, el, al, bl, cl, x[ 0], 13);
        RMD_R3(dr, er, ar, br, cr, x[12],  5);
        RMD_L3(cl, dl, el, al, bl, x[ 6],  6);
        RMD_R3(cr, dr, er, ar, br, x[ 2], 14);
        RMD_L3(bl, cl, dl, el, al, x[13],  5);
        RMD_R3(br, cr, dr, er, ar, x[10], 13);
        RMD_L3(al, bl, cl, dl, el, x[11], 12);
        RMD_R3(ar, br, cr, dr, er, x[ 0], 13);
        RMD_L3(el, al, bl, cl, dl, x[ 5],  7);
        RMD_R3(er, ar, br, cr, dr, x[ 4],  7);
        RMD_L3(dl, el, al, bl, cl, x[12],  5);
        RMD_R3(dr, er, ar, br, cr, x[13],  5);

        RMD_L4(cl, dl, el, al, bl, x[ 1], 11);
        RMD_R4(cr, dr, er, ar, br, x[ 8], 15);
        RMD_L4(bl, cl, dl, el, al, x[ 9], 12);
        RMD_R4(br, cr, dr, er, ar, x[ 6],  5);
        RMD_L4(al, bl, cl, dl, el, x[11], 14);
        RMD_R4(ar, br, cr, dr, er, x[ 4],  8);
        RMD_L4(el, al, bl, cl, dl, x[10], 15);
        RMD_R4(er, ar, br, cr, dr, x[ 1], 11);
        RMD_L4(dl, el, al, bl, cl, x[ 0], 14);
        RMD_R4(dr, er, ar, br, cr, x[ 3], 14);
        RMD_L4(cl, dl, el, al, bl, x[ 8], 15);
        RMD_R4(cr, dr, er, ar, br, x[11], 14);
        RMD_L4(bl, cl, dl, el, al, x[12],  9);
        RMD_R4(br, cr, dr, er, ar, x[15],  6);
        RMD_L4(al, bl, cl, dl, el, x[ 4],  8);
        RMD_R4(ar, br, cr, dr, er, x[ 0], 14);
        RMD_L4(el, al, bl, cl, dl, x[13],  9);
        RMD_R4(er, ar, br, cr, dr, x[ 5],  6);
        RMD_L4(dl, el, al, bl, cl, x[ 3], 14);
        RMD_R4(dr, er, ar, br, cr, x[12],  9);
        RMD_L4(cl, dl, el, al, bl, x[ 7],  5);
        RMD_R4(cr, dr, er, ar, br, x[ 2], 12);
        RMD_L4(bl, cl, dl, el, al, x[15],  6);
        RMD_R4(br, cr, dr, er, ar, x[13],  9);
        RMD_L4(al, bl, cl, dl, el, x[14],  8);
        RMD_R4(ar, br, cr, dr, er, x[ 9], 12);
        RMD_L4(el, al, bl, cl, dl, x[ 5],  6);
        RMD_R4(er, ar, br, cr, dr, x[ 7],  5);
        RMD_L4(dl, el, al, bl, cl, x[ 6],  5);
        RMD_R4(dr, er, ar, br, cr, x[10], 15);
        RMD_L4(cl, dl, el, al, bl, x[ 2], 12);
        RMD_R4(cr, dr, er, ar, br, x[14],  8);

        RMD_L5(bl, cl, dl, el, al, x[ 4],  9);
        RMD_R5(br, cr, dr, er, ar, x[12],  8);
        RMD_L5(al, bl, cl, dl, el, x[ 0], 15);
        RMD_R5(ar, br, cr, dr, er, x[15],  5);
        RMD_L5(el, al, bl, cl, dl, x[ 5],  5);
        RMD_R5(er, ar, br, cr, dr, x[10], 12);
        RMD_L5(dl, el, al, bl, cl, x[ 9], 11);
        RMD_R5(dr, er, ar, br, cr, x[ 4],  9);
        RMD_L5(cl, dl, el, al, bl, x[ 7],  6);
        RMD_R5(cr, dr, er, ar, br, x[ 1], 12);
        RMD_L5(bl, cl, dl, el, al, x[12],  8);
        RMD_R5(br, cr, dr, er, ar, x[ 5],  5);
        RMD_L5(al, bl, cl, dl, el, x[ 2], 13);
        RMD_R5(ar, br, cr, dr, er, x[ 8], 14);
        RMD_L5(el, al, bl, cl, dl, x[10], 12);
        RMD_R5(er, ar, br, cr, dr, x[ 7],  6);
        RMD_L5(dl, el, al, bl, cl, x[14],  5);
        RMD_R5(dr, er, ar, br, cr, x[ 6],  8);
        RMD_L5(cl, dl, el, al, bl, x[ 1], 12);
        RMD_R5(cr, dr, er, ar, br, x[ 2], 13);
        RMD_L5(bl, cl, dl, el, al, x[ 3], 13);
        RMD_R5(br, cr, dr, er, ar, x[13],  6);
        RMD_L5(al, bl, cl, dl, el, x[ 8], 14);
        RMD_R5(ar, br, cr, dr, er, x[14],  5);
        RMD_L5(el, al, bl, cl, dl, x[11], 11);
        RMD_R5(er, ar, br, cr, dr, x[ 0], 15);
        RMD_L5(dl, el, al, bl, cl, x[ 6],  8);
        RMD_R5(dr, er, ar, br, cr, x[ 3], 13);
        RMD_L5(cl, dl, el, al, bl, x[15],  5);
        RMD_R5(cr, dr, er, ar, br, x[ 9], 11);
        RMD_L5(bl, cl, dl, el, al, x[13],  6);
        RMD_R5(br, cr, dr, er, ar, x[11], 11);

        /* combine the two lines */
        t = state[1] + cl + dr;
        state[1] = state[2] + dl + er;
        state[2] = state[3] + el + ar;
        state[3] = state[4] + al + br;
        state[4] = state[0] + bl + cr;
        state[0] = t;
        blocks += HB_MD_BLOCK;
        nblocks--;
    }
}
