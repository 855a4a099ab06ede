/* MD5, portable: straight from RFC 1321 section 3.4.  Four rounds of 16
 * steps, each step a loop iteration with the table T[i] = floor(2^32 *
 * abs(sin(i + 1))), the per-round shift amounts and the per-round message
 * word order; the four registers rotate roles after every step. */
#include "hashbench/md.h"

/* Shift amounts: four per round, repeating every four steps. */
static const uint8_t md5_shift[4][4] = {
    { 7, 12, 17, 22 }, { 5, 9, 14, 20 }, { 4, 11, 16, 23 }, { 6, 10, 15, 21 }
};

/* The four auxiliary functions of RFC 1321 3.4. */
static uint32_t md5_f(uint32_t x, uint32_t y, uint32_t z) { return (x & y) | (~x & z); }
static uint32_t md5_g(uint32_t x, uint32_t y, uint32_t z) { return (x & z) | (y & ~z); }
static uint32_t md5_h(uint32_t x, uint32_t y, uint32_t z) { return x ^ y ^ z; }
static uint32_t md5_i(uint32_t x, uint32_t y, uint32_t z) { return y ^ (x | ~z); }

void hb_md5_compress_portable(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t x[16];
    uint32_t a, b, c, d, t;
    unsigned i, k, round;

    while (nblocks > 0) {
        for (i = 0; i < 16; i++)
            x[i] = HB_LOAD32_LE(blocks + 4 * i);
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];
        for (i = 0; i < 64; i++) {
            round = i >> 4;
            switch (round) {
            case 0:
                t = md5_f(b, c, d);
                k = i;
                break;
            case 1:
                t = md5_g(b, c, d);
                k = (5 * i + 1) & 15;
                break;
            case 2:
                t = md5_h(b, c, d);
                k = (3 * i + 5) & 15;
                break;
            default:
                t = md5_i(b, c, d);
                k = (7 * i) & 15;
                break;
            }
            t += a + x[k] + hb_md5_t[i];
            /* a = b + ((a + F(b,c,d) + X[k] + T[i]) <<< s), then the
             * registers rotate roles: [abcd] [dabc] [cdab] [bcda] */
            a = d;
            d = c;
            c = b;
            b = b + HB_ROTL32(t, md5_shift[round][i & 3]);
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        blocks += HB_MD_BLOCK;
        nblocks--;
    }
}

void hb_md5_update_portable(hb_md5_ctx *c, const uint8_t *data, size_t len)
{
    hb_md_block_update(&c->mb, c->h, data, len, hb_md5_compress_portable);
}

void hb_md5_final_portable(hb_md5_ctx *c, uint8_t *digest)
{
    unsigned i;

    hb_md_block_pad(&c->mb, c->h, 0, hb_md5_compress_portable);
    for (i = 0; i < 4; i++)
        HB_STORE32_LE(digest + 4 * i, c->h[i]);
}
