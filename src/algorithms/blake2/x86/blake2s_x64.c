/* BLAKE2s for x86-64 in plain C: the sixteen state words as named uint32_t
 * variables, the four G calls of each step side by side
 * (blake2_scalar_x86.h says why that beats the fast C).  No instruction-set
 * extension: it runs on every x86-64 CPU. */
#include "blake_x86.h"
#include "blake2_scalar_x86.h"

#define HB_B2X_ROTR(x, n) ((uint32_t)(((x) >> (n)) | ((x) << (32 - (n)))))
#define HB_B2X_R1 16
#define HB_B2X_R2 12
#define HB_B2X_R3 8
#define HB_B2X_R4 7

/* word i of the block, little-endian like x86 */
static inline uint32_t load32(const uint8_t *p)
{
    uint32_t w;

    memcpy(&w, p, 4);
    return w;
}
#define M(i) load32(blocks + 4 * (i))

void hb_blake2s_compress_x64(uint32_t *h, uint32_t *t, const uint8_t *blocks, size_t nblocks,
                             unsigned inc, int last)
{
    /* the 64-bit byte counter as one word */
    uint64_t count = ((uint64_t)t[1] << 32) | t[0];

    for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2S_BLOCK) {
        uint32_t v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3];
        uint32_t v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
        uint32_t v8 = hb_blake2s_iv[0], v9 = hb_blake2s_iv[1];
        uint32_t v10 = hb_blake2s_iv[2], v11 = hb_blake2s_iv[3];
        uint32_t v12, v13, v14, v15;

        count += inc;
        v12 = hb_blake2s_iv[4] ^ (uint32_t)count;
        v13 = hb_blake2s_iv[5] ^ (uint32_t)(count >> 32);
        v14 = hb_blake2s_iv[6] ^ (last ? 0xFFFFFFFFu : 0);
        v15 = hb_blake2s_iv[7];
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA0);
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA1);
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA2);
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA3);
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA4);
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA5);
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA6);
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA7);
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA8);
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA9);
        h[0] ^= v0 ^ v8; h[1] ^= v1 ^ v9; h[2] ^= v2 ^ v10; h[3] ^= v3 ^ v11;
        h[4] ^= v4 ^ v12; h[5] ^= v5 ^ v13; h[6] ^= v6 ^ v14; h[7] ^= v7 ^ v15;
    }
    t[0] = (uint32_t)count;
    t[1] = (uint32_t)(count >> 32);
}
