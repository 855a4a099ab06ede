/* BLAKE2b for x86-64 in plain C: the sixteen state words as named uint64_t
 * variables, the four G calls of each step side by side
 * (blake2_scalar_x86.h says why that beats the fast C).  No instruction-set
 * extension: it runs on every x86-64 CPU (built at the baseline; gcc
 * already turns each rotate into one ror). */
#include "blake_x86.h"
#include "blake2_scalar_x86.h"
#include "algorithms/common/keep_order_x86.h"

#define HB_B2X_ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define HB_B2X_R1 32
#define HB_B2X_R2 24
#define HB_B2X_R3 16
#define HB_B2X_R4 63

/* word i of the block, little-endian like x86 (memcpy: any alignment, one
 * load the compiler folds into the add) */
static inline uint64_t load64(const uint8_t *p)
{
    uint64_t w;

    memcpy(&w, p, 8);
    return w;
}
#define M(i) load64(blocks + 8 * (i))

/* hb_u64 (a struct under -DHB_U64_PAIR) to and from uint64_t */
static inline uint64_t get64(hb_u64 x)
{
    return ((uint64_t)HB_U64_HI(x) << 32) | HB_U64_LO(x);
}

/* in the source's order (the four Gs side by side): gcc's post-RA
 * scheduling made it slower on Zen 4 (64 B one-shot 147.6 -> 129.2 ns
 * without it, 1 MiB 922 -> 882 us).  BLAKE2s measured no better without
 * it (64 B 110 -> 115 ns), so blake2s_x64.c keeps the pass. */
HB_X86_KEEP_ORDER
void hb_blake2b_compress_x64(hb_u64 *hp, hb_u64 *tp, const uint8_t *blocks, size_t nblocks,
                             unsigned inc, int last)
{
    uint64_t h[8], t0 = get64(tp[0]), t1 = get64(tp[1]);
    unsigned i;

    if (nblocks == 0)
        return;
    for (i = 0; i < 8; i++)
        h[i] = get64(hp[i]);
    for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2B_BLOCK) {
        uint64_t v0 = h[0], v1 = h[1], v2 = h[2], v3 = h[3];
        uint64_t v4 = h[4], v5 = h[5], v6 = h[6], v7 = h[7];
        uint64_t v8 = get64(hb_blake2b_iv[0]), v9 = get64(hb_blake2b_iv[1]);
        uint64_t v10 = get64(hb_blake2b_iv[2]), v11 = get64(hb_blake2b_iv[3]);
        uint64_t v12, v13, v14, v15;

        t0 += inc;                      /* the 128-bit byte counter */
        t1 += t0 < inc;
        v12 = get64(hb_blake2b_iv[4]) ^ t0;
        v13 = get64(hb_blake2b_iv[5]) ^ t1;
        v14 = get64(hb_blake2b_iv[6]) ^ (last ? ~(uint64_t)0 : 0);
        v15 = get64(hb_blake2b_iv[7]);
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
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA0);    /* rounds 10 and 11 repeat rows 0 and 1 */
        HB_B2X_ROUND_ROW(HB_B2X_SIGMA1);
        h[0] ^= v0 ^ v8; h[1] ^= v1 ^ v9; h[2] ^= v2 ^ v10; h[3] ^= v3 ^ v11;
        h[4] ^= v4 ^ v12; h[5] ^= v5 ^ v13; h[6] ^= v6 ^ v14; h[7] ^= v7 ^ v15;
    }
    for (i = 0; i < 8; i++)
        HB_U64_SET(hp[i], (uint32_t)(h[i] >> 32), (uint32_t)h[i]);
    HB_U64_SET(tp[0], (uint32_t)(t0 >> 32), (uint32_t)t0);
    HB_U64_SET(tp[1], (uint32_t)(t1 >> 32), (uint32_t)t1);
}
