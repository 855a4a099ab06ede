/* BLAKE2b, portable: RFC 7693 as written -- the G function of section 3.1
 * and twelve rounds that look the message words up in SIGMA (section 3.2),
 * all 64-bit arithmetic through hashbench/u64.h. */
#include "hashbench.h"
#include "hashbench/blake2.h"

/* RFC 7693 section 2.1: BLAKE2b rotation constants R1..R4 */
#define R1 32u
#define R2 24u
#define R3 16u
#define R4 63u

static void g(hb_u64 *v, unsigned a, unsigned b, unsigned c, unsigned d,
              const hb_u64 *x, const hb_u64 *y)
{
    HB_U64_ADD(v[a], v[a], v[b]);
    HB_U64_ADD(v[a], v[a], *x);
    HB_U64_XOR(v[d], v[d], v[a]);
    HB_U64_ROTR(v[d], v[d], R1);
    HB_U64_ADD(v[c], v[c], v[d]);
    HB_U64_XOR(v[b], v[b], v[c]);
    HB_U64_ROTR(v[b], v[b], R2);
    HB_U64_ADD(v[a], v[a], v[b]);
    HB_U64_ADD(v[a], v[a], *y);
    HB_U64_XOR(v[d], v[d], v[a]);
    HB_U64_ROTR(v[d], v[d], R3);
    HB_U64_ADD(v[c], v[c], v[d]);
    HB_U64_XOR(v[b], v[b], v[c]);
    HB_U64_ROTR(v[b], v[b], R4);
}

/* F of RFC 7693 section 3.2, once per block.  The message words are static:
 * v and m together would pass the ~200-byte frame cc65 indexes well. */
void hb_blake2b_compress_portable(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                                  size_t nblocks, unsigned inc, int last)
{
    hb_u64 m[16];
    hb_u64 v[16];
    const uint8_t *s;
    unsigned i, r;

    for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2B_BLOCK) {
        /* byte counter, 128 bits as two hb_u64: carry into t[1] */
        HB_U64_ADD32(t[0], t[0], inc);
        if (HB_U64_HI(t[0]) == 0 && HB_U64_LO(t[0]) < (uint32_t)inc)
            HB_U64_ADD32(t[1], t[1], 1);
        for (i = 0; i < 16; i++)
            HB_U64_LOAD_LE(m[i], blocks + 8 * i);
        for (i = 0; i < 8; i++) {
            v[i] = h[i];
            v[i + 8] = hb_blake2b_iv[i];
        }
        HB_U64_XOR(v[12], v[12], t[0]);
        HB_U64_XOR(v[13], v[13], t[1]);
        if (last)
            HB_U64_NOT(v[14], v[14]);
        for (r = 0; r < 12; r++) {
            s = hb_blake2_sigma[r];
            g(v, 0, 4,  8, 12, &m[s[0]],  &m[s[1]]);
            g(v, 1, 5,  9, 13, &m[s[2]],  &m[s[3]]);
            g(v, 2, 6, 10, 14, &m[s[4]],  &m[s[5]]);
            g(v, 3, 7, 11, 15, &m[s[6]],  &m[s[7]]);
            g(v, 0, 5, 10, 15, &m[s[8]],  &m[s[9]]);
            g(v, 1, 6, 11, 12, &m[s[10]], &m[s[11]]);
            g(v, 2, 7,  8, 13, &m[s[12]], &m[s[13]]);
            g(v, 3, 4,  9, 14, &m[s[14]], &m[s[15]]);
        }
        for (i = 0; i < 8; i++) {
            HB_U64_XOR(h[i], h[i], v[i]);
            HB_U64_XOR(h[i], h[i], v[i + 8]);
        }
    }
}

void hb_blake2b_update_portable(hb_blake2b_ctx *c, const uint8_t *data, size_t len)
{
    hb_blake2b_update_with(c, data, len, hb_blake2b_compress_portable);
}

void hb_blake2b_final_portable(hb_blake2b_ctx *c, uint8_t *digest)
{
    hb_blake2b_final_with(c, digest, hb_blake2b_compress_portable);
}

int hb_blake2b_params_portable(const hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len)
{
    return hb_blake2b_params_with(p, data, len, out, out_len,
                                  hb_blake2b_compress_portable);
}
