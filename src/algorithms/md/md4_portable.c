/* MD4, portable: straight from RFC 1320 section 3.4.  Three rounds of 16
 * steps, each step a loop iteration driven by tables of message-word order
 * and shift amounts; the four registers rotate roles after every step. */
#include "hashbench/md.h"

/* Message word used by step i of rounds 2 and 3 (round 1 takes them in order). */
static const uint8_t md4_order2[16] = { 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15 };
static const uint8_t md4_order3[16] = { 0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15 };
/* Shift amounts, repeating every four steps within a round. */
static const uint8_t md4_shift[3][4] = { { 3, 7, 11, 19 }, { 3, 5, 9, 13 }, { 3, 9, 11, 15 } };

/* The three auxiliary functions of RFC 1320 3.4. */
static uint32_t md4_f(uint32_t x, uint32_t y, uint32_t z) { return (x & y) | (~x & z); }
static uint32_t md4_g(uint32_t x, uint32_t y, uint32_t z) { return (x & y) | (x & z) | (y & z); }
static uint32_t md4_h(uint32_t x, uint32_t y, uint32_t z) { return x ^ y ^ z; }

void hb_md4_compress_portable(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t x[16];
    uint32_t a, b, c, d, t;
    unsigned i, k, s;

    while (nblocks > 0) {
        for (i = 0; i < 16; i++)
            x[i] = HB_LOAD32_LE(blocks + 4 * i);
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];
        for (i = 0; i < 48; i++) {
            if (i < 16) {
                k = i;
                s = md4_shift[0][i & 3];
                t = a + md4_f(b, c, d) + x[k];
            } else if (i < 32) {
                k = md4_order2[i - 16];
                s = md4_shift[1][i & 3];
                t = a + md4_g(b, c, d) + x[k] + 0x5A827999UL;
            } else {
                k = md4_order3[i - 32];
                s = md4_shift[2][i & 3];
                t = a + md4_h(b, c, d) + x[k] + 0x6ED9EBA1UL;
            }
            /* [abcd k s] then [dabc], [cdab], [bcda]: rotate the roles */
            a = d;
            d = c;
            c = b;
            b = HB_ROTL32(t, s);
        }
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        blocks += HB_MD_BLOCK;
        nblocks--;
    }
}

void hb_md4_update_portable(hb_md4_ctx *c, const uint8_t *data, size_t len)
{
    hb_md_block_update(&c->mb, c->h, data, len, hb_md4_compress_portable);
}

void hb_md4_final_portable(hb_md4_ctx *c, uint8_t *digest)
{
    unsigned i;

    hb_md_block_pad(&c->mb, c->h, 0, hb_md4_compress_portable);
    for (i = 0; i < 4; i++)
        HB_STORE32_LE(digest + 4 * i, c->h[i]);
}
