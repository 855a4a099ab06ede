/* BLAKE2s, portable: RFC 7693 as written -- the G function of section 3.1
 * and ten rounds that look the message words up in SIGMA (section 3.2). */
#include "hashbench.h"
#include "hashbench/blake2.h"

/* RFC 7693 section 2.1: BLAKE2s rotation constants R1..R4 */
#define R1 16u
#define R2 12u
#define R3 8u
#define R4 7u

static void g(uint32_t *v, unsigned a, unsigned b, unsigned c, unsigned d,
              uint32_t x, uint32_t y)
{
    v[a] = v[a] + v[b] + x;
    v[d] = HB_ROTR32(v[d] ^ v[a], R1);
    v[c] = v[c] + v[d];
    v[b] = HB_ROTR32(v[b] ^ v[c], R2);
    v[a] = v[a] + v[b] + y;
    v[d] = HB_ROTR32(v[d] ^ v[a], R3);
    v[c] = v[c] + v[d];
    v[b] = HB_ROTR32(v[b] ^ v[c], R4);
}

/* F of RFC 7693 section 3.2, once per block */
void hb_blake2s_compress_portable(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                                  size_t nblocks, unsigned inc, int last)
{
    uint32_t v[16], m[16];
    const uint8_t *s;
    unsigned i, r;

    for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2S_BLOCK) {
        /* byte counter, 64 bits as two words */
        t[0] += (uint32_t)inc;
        if (t[0] < (uint32_t)inc)
            t[1]++;
        for (i = 0; i < 16; i++)
            m[i] = HB_LOAD32_LE(blocks + 4 * i);
        for (i = 0; i < 8; i++) {
            v[i] = h[i];
            v[i + 8] = hb_blake2s_iv[i];
        }
        v[12] ^= t[0];
        v[13] ^= t[1];
        if (last)
            v[14] = ~v[14];
        for (r = 0; r < 10; r++) {
            s = hb_blake2_sigma[r];
            g(v, 0, 4,  8, 12, m[s[0]],  m[s[1]]);
            g(v, 1, 5,  9, 13, m[s[2]],  m[s[3]]);
            g(v, 2, 6, 10, 14, m[s[4]],  m[s[5]]);
            g(v, 3, 7, 11, 15, m[s[6]],  m[s[7]]);
            g(v, 0, 5, 10, 15, m[s[8]],  m[s[9]]);
            g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
            g(v, 2, 7,  8, 13, m[s[12]], m[s[13]]);
            g(v, 3, 4,  9, 14, m[s[14]], m[s[15]]);
        }
        for (i = 0; i < 8; i++)
            h[i] ^= v[i] ^ v[i + 8];
    }
}

void hb_blake2s_update_portable(hb_blake2s_ctx *c, const uint8_t *data, size_t len)
{
    hb_blake2s_update_with(c, data, len, hb_blake2s_compress_portable);
}

void hb_blake2s_final_portable(hb_blake2s_ctx *c, uint8_t *digest)
{
    hb_blake2s_final_with(c, digest, hb_blake2s_compress_portable);
}

int hb_blake2s_params_portable(const hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len)
{
    return hb_blake2s_params_with(p, data, len, out, out_len,
                                  hb_blake2s_compress_portable);
}
