/* MD5, portable: straight from RFC 1321 section 3.4.  Four rounds of 16
 * steps, each step a loop iteration with the table T[i] = floor(2^32 *
 * abs(sin(i + 1))), the per-round shift amounts and the per-round message
 * word order; the four registers rotate roles after every step. */
#include "hashbench/md.h"

static const uint32_t md5_t[64] = {
    0xD76AA478UL, 0xE8C7B756UL, 0x242070DBUL, 0xC1BDCEEEUL,
    0xF57C0FAFUL, 0x4787C62AUL, 0xA8304613UL, 0xFD469501UL,
    0x698098D8UL, 0x8B44F7AFUL, 0xFFFF5BB1UL, 0x895CD7BEUL,
    0x6B901122UL, 0xFD987193UL, 0xA679438EUL, 0x49B40821UL,
    0xF61E2562UL, 0xC040B340UL, 0x265E5A51UL, 0xE9B6C7AAUL,
    0xD62F105DUL, 0x02441453UL, 0xD8A1E681UL, 0xE7D3FBC8UL,
    0x21E1CDE6UL, 0xC33707D6UL, 0xF4D50D87UL, 0x455A14EDUL,
    0xA9E3E905UL, 0xFCEFA3F8UL, 0x676F02D9UL, 0x8D2A4C8AUL,
    0xFFFA3942UL, 0x8771F681UL, 0x6D9D6122UL, 0xFDE5380CUL,
    0xA4BEEA44UL, 0x4BDECFA9UL, 0xF6BB4B60UL, 0xBEBFBC70UL,
    0x289B7EC6UL, 0xEAA127FAUL, 0xD4EF3085UL, 0x04881D05UL,
    0xD9D4D039UL, 0xE6DB99E5UL, 0x1FA27CF8UL, 0xC4AC5665UL,
    0xF4292244UL, 0x432AFF97UL, 0xAB9423A7UL, 0xFC93A039UL,
    0x655B59C3UL, 0x8F0CCC92UL, 0xFFEFF47DUL, 0x85845DD1UL,
    0x6FA87E4FUL, 0xFE2CE6E0UL, 0xA3014314UL, 0x4E0811A1UL,
    0xF7537E82UL, 0xBD3AF235UL, 0x2AD7D2BBUL, 0xEB86D391UL
};

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
            t += a + x[k] + md5_t[i];
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
