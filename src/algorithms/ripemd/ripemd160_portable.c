/* RIPEMD-160, portable: straight from the algorithm's definition
 * (Dobbertin, Bosselaers, Preneel, "RIPEMD-160: A Strengthened Version of
 * RIPEMD", 1996, and the authors' pseudo-code).  Two parallel lines of 80
 * steps each; every step picks its function, constant, message word r(j) /
 * r'(j) and rotation s(j) / s'(j) from the tables below; the lines are
 * combined into the chaining value at the end of each block. */
#include "hashbench/ripemd.h"

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
            t = al + rmd_f(round, bl, cl, dl) + x[hb_rmd_r[j]] + rmd_k[round];
            t = HB_ROTL32(t, hb_rmd_s[j]) + el;
            al = el;
            el = dl;
            dl = HB_ROTL32(cl, 10);
            cl = bl;
            bl = t;
            /* right line */
            t = ar + rmd_f(4 - round, br, cr, dr) + x[hb_rmd_rp[j]] + rmd_kp[round];
            t = HB_ROTL32(t, hb_rmd_sp[j]) + er;
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
