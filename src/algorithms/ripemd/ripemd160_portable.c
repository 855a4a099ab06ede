/* RIPEMD-160, portable: straight from the algorithm's definition
 * (Dobbertin, Bosselaers, Preneel, "RIPEMD-160: A Strengthened Version of
 * RIPEMD", 1996, and the authors' pseudo-code).  Two parallel lines of 80
 * steps each; every step picks its function, constant, message word r(j) /
 * r'(j) and rotation s(j) / s'(j) from the tables below; the lines are
 * combined into the chaining value at the end of each block. */
#include "hashbench/ripemd.h"

/* Message word selection, left line r(j) and right line r'(j). */
static const uint8_t rmd_r[80] = {
     0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15,
     7,  4, 13,  1, 10,  6, 15,  3, 12,  0,  9,  5,  2, 14, 11,  8,
     3, 10, 14,  4,  9, 15,  8,  1,  2,  7,  0,  6, 13, 11,  5, 12,
     1,  9, 11, 10,  0,  8, 12,  4, 13,  3,  7, 15, 14,  5,  6,  2,
     4,  0,  5,  9,  7, 12,  2, 10, 14,  1,  3,  8, 11,  6, 15, 13
};
static const uint8_t rmd_rp[80] = {
     5, 14,  7,  0,  9,  2, 11,  4, 13,  6, 15,  8,  1, 10,  3, 12,
     6, 11,  3,  7,  0, 13,  5, 10, 14, 15,  8, 12,  4,  9,  1,  2,
    15,  5,  1,  3,  7, 14,  6,  9, 11,  8, 12,  2, 10,  0,  4, 13,
     8,  6,  4,  1,  3, 11, 15,  0,  5, 12,  2, 13,  9,  7, 10, 14,
    12, 15, 10,  4,  1,  5,  8,  7,  6,  2, 13, 14,  0,  3,  9, 11
};
/* Rotation amounts, left line s(j) and right line s'(j). */
static const uint8_t rmd_s[80] = {
    11, 14, 15, 12,  5,  8,  7,  9, 11, 13, 14, 15,  6,  7,  9,  8,
     7,  6,  8, 13, 11,  9,  7, 15,  7, 12, 15,  9, 11,  7, 13, 12,
    11, 13,  6,  7, 14,  9, 13, 15, 14,  8, 13,  6,  5, 12,  7,  5,
    11, 12, 14, 15, 14, 15,  9,  8,  9, 14,  5,  6,  8,  6,  5, 12,
     9, 15,  5, 11,  6,  8, 13, 12,  5, 12, 13, 14, 11,  8,  5,  6
};
static const uint8_t rmd_sp[80] = {
     8,  9,  9, 11, 13, 15, 15,  5,  7,  7,  8, 11, 14, 14, 12,  6,
     9, 13, 15,  7, 12,  8,  9, 11,  7,  7, 12,  7,  6, 15, 13, 11,
     9,  7, 15, 11,  8,  6,  6, 14, 12, 13,  5, 14, 13, 13,  7,  5,
    15,  5,  8, 11, 14, 14,  6, 14,  6,  9, 12,  9, 12,  5, 15,  8,
     8,  5, 12,  9, 12,  5, 14,  6,  8, 13,  6,  5, 15, 13, 11, 11
};
/* Added constants per round of 16 steps, K(j) and K'(j). */
static const uint32_t rmd_k[5] = {
    0x00000000UL, 0x5A827999UL, 0x6ED9EBA1UL, 0x8F1BBCDCUL, 0xA953FD4EUL
};
static const uint32_t rmd_kp[5] = {
    0x50A28BE6UL, 0x5C4DD124UL, 0x6D703EF3UL, 0x7A6D76E9UL, 0x00000000UL
};

/* The five nonlinear functions f(j, x, y, z), by round 0..4 (j / 16).  The
 * left line uses them in order, the right line in reverse order. */
static uint32_t rmd_f(unsigned round, uint32_t x, uint32_t y, uint32_t z)
{
    switch (round) {
    case 0:
        return x ^ y ^ z;
    case 1:
        return (x & y) | (~x & z);
    case 2:
        return (x | ~y) ^ z;
    case 3:
        return (x & z) | (y & ~z);
    default:
        return x ^ (y | ~z);
    }
}

void hb_ripemd160_compress_portable(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t x[16];
    uint32_t al, bl, cl, dl, el, ar, br, cr, dr, er, t;
    unsigned j, round;

    while (nblocks > 0) {
        for (j = 0; j < 16; j++)
            x[j] = HB_LOAD32_LE(blocks + 4 * j);
        al = ar = state[0];
        bl = br = state[1];
        cl = cr = state[2];
        dl = dr = state[3];
        el = er = state[4];
        for (j = 0; j < 80; j++) {
            round = j >> 4;
            /* left line */
            t = al + rmd_f(round, bl, cl, dl) + x[rmd_r[j]] + rmd_k[round];
            t = HB_ROTL32(t, rmd_s[j]) + el;
            al = el;
            el = dl;
            dl = HB_ROTL32(cl, 10);
            cl = bl;
            bl = t;
            /* right line */
            t = ar + rmd_f(4 - round, br, cr, dr) + x[rmd_rp[j]] + rmd_kp[round];
            t = HB_ROTL32(t, rmd_sp[j]) + er;
            ar = er;
            er = dr;
            dr = HB_ROTL32(cr, 10);
            cr = br;
            br = t;
        }
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

void hb_ripemd160_update_portable(hb_ripemd160_ctx *c, const uint8_t *data, size_t len)
{
    hb_md_block_update(&c->mb, c->h, data, len, hb_ripemd160_compress_portable);
}

void hb_ripemd160_final_portable(hb_ripemd160_ctx *c, uint8_t *digest)
{
    unsigned i;

    hb_md_block_pad(&c->mb, c->h, 0, hb_ripemd160_compress_portable);
    for (i = 0; i < 5; i++)
        HB_STORE32_LE(digest + 4 * i, c->h[i]);
}
