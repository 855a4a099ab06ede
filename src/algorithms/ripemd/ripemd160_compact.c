/* The compact form of ripemd160_fast.c: the same functions, for the 8-bit
 * consoles (docs/writing-an-algorithm.md, "Compact forms").  The fast code:
 * RIPEMD-160, fast portable C: both lines' 80 steps fully unrolled (the
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
 * This compact form (for the 8-bit consoles' builds, whose code
 * must fit a 16 KB bank) keeps the functions' forms, the constants folded
 * into each round and the two lines interleaved, but runs each round of 16
 * steps as a loop with the message word and rotation from tables and the
 * registers moved (five, the renaming's period, does not divide sixteen):
 * ten step bodies instead of 160, and no call to pick the function (the
 * portable code's switch). */
#include "hashbench/ripemd.h"

#define RMD_F1(x, y, z) ((x) ^ ((y) ^ (z)))
#define RMD_F2(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define RMD_F3(x, y, z) (((x) | ~(y)) ^ (z))
#define RMD_F4(x, y, z) (((y) & ~(z)) + ((x) & (z)))
#define RMD_F5(x, y, z) ((x) ^ ((y) | ~(z)))

/* one step, the registers moved along (t: the new b) */
#define RMD_MSTEP(f, a, b, c, d, e, xj, s, k)         \
    do {                                              \
        t = (a) + (xj) + (k);                         \
        t += RMD_F##f((b), (c), (d));                 \
        t = HB_ROTL32(t, (s)) + (e);                  \
        (a) = (e);                                    \
        (e) = (d);                                    \
        (d) = HB_ROTL32((c), 10);                     \
        (c) = (b);                                    \
        (b) = t;                                      \
    } while (0)

/* a round of sixteen steps of both lines: functions fl, fr, constants kl,
 * kr; each step's message word and rotation from the tables the portable
 * code reads (ripemd_common.c) */
#define RMD_ROUND(fl, kl, fr, kr)                                             \
    for (n = 0; n < 16; n++, j++) {                                           \
        RMD_MSTEP(fl, al, bl, cl, dl, el, x[hb_rmd_r[j]], hb_rmd_s[j], kl);   \
        RMD_MSTEP(fr, ar, br, cr, dr, er, x[hb_rmd_rp[j]], hb_rmd_sp[j], kr); \
    }

void hb_ripemd160_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t x[16];
    uint32_t al, bl, cl, dl, el, ar, br, cr, dr, er, t;
    unsigned j, n;

    while (nblocks > 0) {
        for (j = 0; j < 16; j++)
            x[j] = HB_LOAD32_LE(blocks + 4 * j);
        al = ar = state[0];
        bl = br = state[1];
        cl = cr = state[2];
        dl = dr = state[3];
        el = er = state[4];

        j = 0;
        RMD_ROUND(1, 0UL, 5, 0x50A28BE6UL)
        RMD_ROUND(2, 0x5A827999UL, 4, 0x5C4DD124UL)
        RMD_ROUND(3, 0x6ED9EBA1UL, 3, 0x6D703EF3UL)
        RMD_ROUND(4, 0x8F1BBCDCUL, 2, 0x7A6D76E9UL)
        RMD_ROUND(5, 0xA953FD4EUL, 1, 0UL)

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
