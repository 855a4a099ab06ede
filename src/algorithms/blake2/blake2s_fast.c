/* BLAKE2s, fast portable C: the ten rounds unrolled, the message words
 * named in each round's permuted order (no SIGMA lookups at run time) and
 * the whole working state in locals the compiler keeps in registers. */
#include "hashbench.h"
#include "hashbench/blake2.h"

#define G(a, b, c, d, x, y)                                          \
    do {                                                             \
        a += b + x; d = HB_ROTR32(d ^ a, 16);                        \
        c += d;     b = HB_ROTR32(b ^ c, 12);                        \
        a += b + y; d = HB_ROTR32(d ^ a, 8);                         \
        c += d;     b = HB_ROTR32(b ^ c, 7);                         \
    } while (0)

/* one round: columns, then diagonals, with the message words x0..x15 in the
 * order SIGMA gives that round */
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

void hb_blake2s_compress_fast(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last)
{
    uint32_t v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    uint32_t m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15;
    uint32_t h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3];
    uint32_t h4 = h[4], h5 = h[5], h6 = h[6], h7 = h[7];
    uint32_t t0 = t[0], t1 = t[1];
    uint32_t f0 = last ? 0xFFFFFFFFUL : 0;

    for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2S_BLOCK) {
        t0 += (uint32_t)inc;
        if (t0 < (uint32_t)inc)
            t1++;
        m0 = HB_LOAD32_LE(blocks);       m1 = HB_LOAD32_LE(blocks + 4);
        m2 = HB_LOAD32_LE(blocks + 8);   m3 = HB_LOAD32_LE(blocks + 12);
        m4 = HB_LOAD32_LE(blocks + 16);  m5 = HB_LOAD32_LE(blocks + 20);
        m6 = HB_LOAD32_LE(blocks + 24);  m7 = HB_LOAD32_LE(blocks + 28);
        m8 = HB_LOAD32_LE(blocks + 32);  m9 = HB_LOAD32_LE(blocks + 36);
        m10 = HB_LOAD32_LE(blocks + 40); m11 = HB_LOAD32_LE(blocks + 44);
        m12 = HB_LOAD32_LE(blocks + 48); m13 = HB_LOAD32_LE(blocks + 52);
        m14 = HB_LOAD32_LE(blocks + 56); m15 = HB_LOAD32_LE(blocks + 60);
        v0 = h0; v1 = h1; v2 = h2; v3 = h3; v4 = h4; v5 = h5; v6 = h6; v7 = h7;
        v8 = 0x6A09E667UL;  v9 = 0xBB67AE85UL;  v10 = 0x3C6EF372UL; v11 = 0xA54FF53AUL;
        v12 = 0x510E527FUL ^ t0; v13 = 0x9B05688CUL ^ t1;
        v14 = 0x1F83D9ABUL ^ f0; v15 = 0x5BE0CD19UL;
        ROUND(m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15);  /* round 0 */
        ROUND(m14, m10, m4, m8, m9, m15, m13, m6, m1, m12, m0, m2, m11, m7, m5, m3);  /* round 1 */
        ROUND(m11, m8, m12, m0, m5, m2, m15, m13, m10, m14, m3, m6, m7, m1, m9, m4);  /* round 2 */
        ROUND(m7, m9, m3, m1, m13, m12, m11, m14, m2, m6, m5, m10, m4, m0, m15, m8);  /* round 3 */
        ROUND(m9, m0, m5, m7, m2, m4, m10, m15, m14, m1, m11, m12, m6, m8, m3, m13);  /* round 4 */
        ROUND(m2, m12, m6, m10, m0, m11, m8, m3, m4, m13, m7, m5, m15, m14, m1, m9);  /* round 5 */
        ROUND(m12, m5, m1, m15, m14, m13, m4, m10, m0, m7, m6, m3, m9, m2, m8, m11);  /* round 6 */
        ROUND(m13, m11, m7, m14, m12, m1, m3, m9, m5, m0, m15, m4, m8, m6, m2, m10);  /* round 7 */
        ROUND(m6, m15, m14, m9, m11, m3, m0, m8, m12, m2, m13, m7, m1, m4, m10, m5);  /* round 8 */
        ROUND(m10, m2, m8, m4, m7, m6, m1, m5, m15, m11, m9, m14, m3, m12, m13, m0);  /* round 9 */
        h0 ^= v0 ^ v8;  h1 ^= v1 ^ v9;  h2 ^= v2 ^ v10; h3 ^= v3 ^ v11;
        h4 ^= v4 ^ v12; h5 ^= v5 ^ v13; h6 ^= v6 ^ v14; h7 ^= v7 ^ v15;
    }
    h[0] = h0; h[1] = h1; h[2] = h2; h[3] = h3;
    h[4] = h4; h[5] = h5; h[6] = h6; h[7] = h7;
    t[0] = t0;
    t[1] = t1;
}

void hb_blake2s_update_fast(hb_blake2s_ctx *c, const uint8_t *data, size_t len)
{
    hb_blake2s_update_with(c, data, len, hb_blake2s_compress_fast);
}

void hb_blake2s_final_fast(hb_blake2s_ctx *c, uint8_t *digest)
{
    hb_blake2s_final_with(c, digest, hb_blake2s_compress_fast);
}

int hb_blake2s_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                           uint8_t *out, size_t out_len)
{
    return hb_blake2s_params_with(p, data, len, out, out_len,
                                  hb_blake2s_compress_fast);
}
