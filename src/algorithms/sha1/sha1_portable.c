/* SHA-1, portable: straight from FIPS 180-4 section 6.1.2.  The 80-word
 * message schedule W is built in full, then 80 rounds run as one loop with
 * the round function f_t and constant K_t picked by t (section 4.1.1 and
 * 4.2.1). */
#include "hashbench/sha1.h"

/* Ch, Parity and Maj of FIPS 180-4 4.1.1. */
static uint32_t sha1_ch(uint32_t x, uint32_t y, uint32_t z) { return (x & y) ^ (~x & z); }
static uint32_t sha1_parity(uint32_t x, uint32_t y, uint32_t z) { return x ^ y ^ z; }
static uint32_t sha1_maj(uint32_t x, uint32_t y, uint32_t z) { return (x & y) ^ (x & z) ^ (y & z); }

void hb_sha1_compress_portable(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    /* 320 bytes of locals: cc65 builds use -Cl (locals live in static
     * storage there), every other compiler has a real stack. */
    uint32_t w[80];
    uint32_t a, b, c, d, e, f, k, t;
    unsigned i;

    while (nblocks > 0) {
        /* 1. prepare the message schedule */
        for (i = 0; i < 16; i++)
            w[i] = HB_LOAD32_BE(blocks + 4 * i);
        for (i = 16; i < 80; i++) {
            t = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16];
            w[i] = HB_ROTL32(t, 1);
        }
        /* 2. initialise the working variables */
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];
        e = state[4];
        /* 3. eighty rounds */
        for (i = 0; i < 80; i++) {
            if (i < 20) {
                f = sha1_ch(b, c, d);
                k = 0x5A827999UL;
            } else if (i < 40) {
                f = sha1_parity(b, c, d);
                k = 0x6ED9EBA1UL;
            } else if (i < 60) {
                f = sha1_maj(b, c, d);
                k = 0x8F1BBCDCUL;
            } else {
                f = sha1_parity(b, c, d);
                k = 0xCA62C1D6UL;
            }
            t = HB_ROTL32(a, 5) + f + e + k + w[i];
            e = d;
            d = c;
            c = HB_ROTL32(b, 30);
            b = a;
            a = t;
        }
        /* 4. the intermediate hash value */
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        blocks += HB_MD_BLOCK;
        nblocks--;
    }
}

void hb_sha1_update_portable(hb_sha1_ctx *c, const uint8_t *data, size_t len)
{
    hb_md_block_update(&c->mb, c->h, data, len, hb_sha1_compress_portable);
}

void hb_sha1_final_portable(hb_sha1_ctx *c, uint8_t *digest)
{
    unsigned i;

    hb_md_block_pad(&c->mb, c->h, 1, hb_sha1_compress_portable);
    for (i = 0; i < 5; i++)
        HB_STORE32_BE(digest + 4 * i, c->h[i]);
}
