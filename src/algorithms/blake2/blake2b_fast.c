/* BLAKE2b, fast portable C: the twelve rounds unrolled, the message words
 * named in each round's permuted order (no SIGMA lookups at run time) and
 * the working state in locals.  64-bit arithmetic goes through
 * hashbench/u64.h, so the two-word build (cc65) runs the same source.
 * The message words are a static array (constant indices only): with the
 * sixteen state words as well they would pass the ~200-byte stack frame
 * cc65 can index. */
#include "hashbench.h"
#include "hashbench/blake2.h"

#define G(a, b, c, d, x, y)                                          \
    do {                                                             \
        HB_U64_ADD(a, a, b); HB_U64_ADD(a, a, x);                    \
        HB_U64_XOR(d, d, a); HB_U64_ROTR(d, d, 32);                  \
        HB_U64_ADD(c, c, d);                                         \
        HB_U64_XOR(b, b, c); HB_U64_ROTR(b, b, 24);                  \
        HB_U64_ADD(a, a, b); HB_U64_ADD(a, a, y);                    \
        HB_U64_XOR(d, d, a); HB_U64_ROTR(d, d, 16);                  \
        HB_U64_ADD(c, c, d);                                         \
        HB_U64_XOR(b, b, c); HB_U64_ROTR(b, b, 63);                  \
    } while (0)

#define ROUND(x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15) \
    do {                                                             \
        G(v0, v4, v8,  v12, x0,  x1);                                \
        G(v1, v5, v9,  v13, x2,  x3);                                \
        G(v2, v6, v10, v14, x4,  x5);                                \
        G(v3, v7, v11, v15, x6,  x7);                                \
        G(v0, v5, v10, v15, x8,  x9);                                \
        G(v1, v6, v11, v12, x10, x11);                               \
        G(v2, v7, v8,  v13, x12, x13);                               \
        G(v3, v4, v9,  v14, x14, x15);                               \
    } while (0)

void hb_blake2b_compress_fast(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last)
{
    hb_u64 m[16];
    hb_u64 v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    unsigned i;

    for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2B_BLOCK) {
        HB_U64_ADD32(t[0], t[0], inc);
        if (HB_U64_HI(t[0]) == 0 && HB_U64_LO(t[0]) < (uint32_t)inc)
            HB_U64_ADD32(t[1], t[1], 1);
        for (i = 0; i < 16; i++)
            HB_U64_LOAD_LE(m[i], blocks + 8 * i);
        v0 = h[0]; v1 = h[1]; v2 = h[2]; v3 = h[3];
        v4 = h[4]; v5 = h[5]; v6 = h[6]; v7 = h[7];
        v8 = hb_blake2b_iv[0];  v9 = hb_blake2b_iv[1];
        v10 = hb_blake2b_iv[2]; v11 = hb_blake2b_iv[3];
        v12 = hb_blake2b_iv[4]; v13 = hb_blake2b_iv[5];
        v14 = hb_blake2b_iv[6]; v15 = hb_blake2b_iv[7];
        HB_U64_XOR(v12, v12, t[0]);
        HB_U64_XOR(v13, v13, t[1]);
        if (last)
            HB_U64_NOT(v14, v14);
        ROUND(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7],
              m[8], m[9], m[10], m[11], m[12], m[13], m[14], m[15]);  /* round 0 */
        ROUND(m[14], m[10], m[4], m[8], m[9], m[15], m[13], m[6],
              m[1], m[12], m[0], m[2], m[11], m[7], m[5], m[3]);  /* round 1 */
        ROUND(m[11], m[8], m[12], m[0], m[5], m[2], m[15], m[13],
              m[10], m[14], m[3], m[6], m[7], m[1], m[9], m[4]);  /* round 2 */
        ROUND(m[7], m[9], m[3], m[1], m[13], m[12], m[11], m[14],
              m[2], m[6], m[5], m[10], m[4], m[0], m[15], m[8]);  /* round 3 */
        ROUND(m[9], m[0], m[5], m[7], m[2], m[4], m[10], m[15],
              m[14], m[1], m[11], m[12], m[6], m[8], m[3], m[13]);  /* round 4 */
        ROUND(m[2], m[12], m[6], m[10], m[0], m[11], m[8], m[3],
              m[4], m[13], m[7], m[5], m[15], m[14], m[1], m[9]);  /* round 5 */
        ROUND(m[12], m[5], m[1], m[15], m[14], m[13], m[4], m[10],
              m[0], m[7], m[6], m[3], m[9], m[2], m[8], m[11]);  /* round 6 */
        ROUND(m[13], m[11], m[7], m[14], m[12], m[1], m[3], m[9],
              m[5], m[0], m[15], m[4], m[8], m[6], m[2], m[10]);  /* round 7 */
        ROUND(m[6], m[15], m[14], m[9], m[11], m[3], m[0], m[8],
              m[12], m[2], m[13], m[7], m[1], m[4], m[10], m[5]);  /* round 8 */
        ROUND(m[10], m[2], m[8], m[4], m[7], m[6], m[1], m[5],
              m[15], m[11], m[9], m[14], m[3], m[12], m[13], m[0]);  /* round 9 */
        ROUND(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7],
              m[8], m[9], m[10], m[11], m[12], m[13], m[14], m[15]);  /* round 10 */
        ROUND(m[14], m[10], m[4], m[8], m[9], m[15], m[13], m[6],
              m[1], m[12], m[0], m[2], m[11], m[7], m[5], m[3]);  /* round 11 */
        HB_U64_XOR(v0, v0, v8);   HB_U64_XOR(h[0], h[0], v0);
        HB_U64_XOR(v1, v1, v9);   HB_U64_XOR(h[1], h[1], v1);
        HB_U64_XOR(v2, v2, v10);  HB_U64_XOR(h[2], h[2], v2);
        HB_U64_XOR(v3, v3, v11);  HB_U64_XOR(h[3], h[3], v3);
        HB_U64_XOR(v4, v4, v12);  HB_U64_XOR(h[4], h[4], v4);
        HB_U64_XOR(v5, v5, v13);  HB_U64_XOR(h[5], h[5], v5);
        HB_U64_XOR(v6, v6, v14);  HB_U64_XOR(h[6], h[6], v6);
        HB_U64_XOR(v7, v7, v15);  HB_U64_XOR(h[7], h[7], v7);
    }
}

void hb_blake2b_update_fast(hb_blake2b_ctx *c, const uint8_t *data, size_t len)
{
    hb_blake2b_update_with(c, data, len, hb_blake2b_compress_fast);
}

void hb_blake2b_final_fast(hb_blake2b_ctx *c, uint8_t *digest)
{
    hb_blake2b_final_with(c, digest, hb_blake2b_compress_fast);
}

int hb_blake2b_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                           uint8_t *out, size_t out_len)
{
    return hb_blake2b_params_with(p, data, len, out, out_len,
                                  hb_blake2b_compress_fast);
}
