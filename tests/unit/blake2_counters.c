/* BLAKE2 byte counters: the 64-bit counter of BLAKE2s (two 32-bit words)
 * and the 128-bit counter of BLAKE2b (two hb_u64) must carry between their
 * words, in every implementation -- inputs of 4 GiB / 2^64 bytes are out of
 * reach of a test, so the compress functions are driven directly. */
#include <stdio.h>
#include "hashbench.h"
#include "hashbench/blake2.h"
#include "unit.h"

static int same32(const uint32_t *a, const uint32_t *b, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static int same64(const hb_u64 *a, const hb_u64 *b, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        if (!HB_U64_EQ(a[i], b[i]))
            return 0;
    return 1;
}

int main(void)
{
    static uint8_t block[2 * HB_BLAKE2B_BLOCK];
    uint32_t hs[3][8], ts[3][2];
    hb_u64 hb[3][8], tb[3][2];
    unsigned i, k;

    for (i = 0; i < sizeof block; i++)
        block[i] = (uint8_t)(i * 13 + 5);

    /* BLAKE2s: t0 = 2^32 - 64, one 64-byte block -> t = (0, 1) */
    for (k = 0; k < 3; k++) {
        for (i = 0; i < 8; i++)
            hs[k][i] = hb_blake2s_iv[i];
        ts[k][0] = 0xFFFFFFC0UL;
        ts[k][1] = 0;
    }
    hb_blake2s_compress_portable(hs[0], ts[0], block, 1, HB_BLAKE2S_BLOCK, 0);
    hb_blake2s_compress_fast(hs[1], ts[1], block, 1, HB_BLAKE2S_BLOCK, 0);
    check(ts[0][0] == 0 && ts[0][1] == 1, "blake2s portable: t0 carries into t1");
    check(ts[1][0] == 0 && ts[1][1] == 1, "blake2s fast: t0 carries into t1");
    check(same32(hs[0], hs[1], 8), "blake2s portable and fast agree across the carry");
    /* the carried counter reaches the state: (0, 1) differs from (0, 0) */
    for (i = 0; i < 8; i++)
        hs[2][i] = hb_blake2s_iv[i];
    ts[2][0] = 0xFFFFFFC0UL;
    ts[2][1] = 0xFFFFFFFFUL;    /* wraps to (0, 0) */
    hb_blake2s_compress_portable(hs[2], ts[2], block, 1, HB_BLAKE2S_BLOCK, 0);
    check(ts[2][0] == 0 && ts[2][1] == 0 && !same32(hs[0], hs[2], 8),
          "blake2s: the counter's high word is hashed");
    /* two blocks across the boundary, and a final partial block */
    for (k = 0; k < 2; k++) {
        for (i = 0; i < 8; i++)
            hs[k][i] = hb_blake2s_iv[i];
        ts[k][0] = 0xFFFFFFA0UL;
        ts[k][1] = 7;
    }
    hb_blake2s_compress_portable(hs[0], ts[0], block, 2, HB_BLAKE2S_BLOCK, 0);
    hb_blake2s_compress_portable(hs[0], ts[0], block, 1, 33, 1);
    hb_blake2s_compress_fast(hs[1], ts[1], block, 2, HB_BLAKE2S_BLOCK, 0);
    hb_blake2s_compress_fast(hs[1], ts[1], block, 1, 33, 1);
    check(ts[0][0] == 0x41UL && ts[0][1] == 8 && ts[1][0] == 0x41UL && ts[1][1] == 8 &&
          same32(hs[0], hs[1], 8), "blake2s: multi-block carry, portable = fast");

    /* BLAKE2b: t = 2^64 - 128, one 128-byte block -> t = (0, 1) */
    for (k = 0; k < 3; k++) {
        for (i = 0; i < 8; i++)
            hb[k][i] = hb_blake2b_iv[i];
        HB_U64_SET(tb[k][0], 0xFFFFFFFFUL, 0xFFFFFF80UL);
        HB_U64_SET(tb[k][1], 0, 0);
    }
    hb_blake2b_compress_portable(hb[0], tb[0], block, 1, HB_BLAKE2B_BLOCK, 0);
    hb_blake2b_compress_fast(hb[1], tb[1], block, 1, HB_BLAKE2B_BLOCK, 0);
    check(HB_U64_IS_ZERO(tb[0][0]) && HB_U64_HI(tb[0][1]) == 0 && HB_U64_LO(tb[0][1]) == 1,
          "blake2b portable: t0 carries into t1");
    check(HB_U64_IS_ZERO(tb[1][0]) && HB_U64_HI(tb[1][1]) == 0 && HB_U64_LO(tb[1][1]) == 1,
          "blake2b fast: t0 carries into t1");
    check(same64(hb[0], hb[1], 8), "blake2b portable and fast agree across the carry");
    /* a carry out of the low 32 bits only stays inside t0 */
    for (k = 0; k < 2; k++) {
        for (i = 0; i < 8; i++)
            hb[k][i] = hb_blake2b_iv[i];
        HB_U64_SET(tb[k][0], 0, 0xFFFFFFC0UL);
        HB_U64_SET(tb[k][1], 0, 0);
    }
    hb_blake2b_compress_portable(hb[0], tb[0], block, 2, HB_BLAKE2B_BLOCK, 0);
    hb_blake2b_compress_fast(hb[1], tb[1], block, 2, HB_BLAKE2B_BLOCK, 0);
    check(HB_U64_HI(tb[0][0]) == 1 && HB_U64_LO(tb[0][0]) == 0xC0UL &&
          HB_U64_IS_ZERO(tb[0][1]) && HB_U64_HI(tb[1][0]) == 1 &&
          HB_U64_LO(tb[1][0]) == 0xC0UL && HB_U64_IS_ZERO(tb[1][1]) &&
          same64(hb[0], hb[1], 8), "blake2b: 32-bit carry inside t0, portable = fast");
    /* t1's high half is hashed as well */
    for (i = 0; i < 8; i++)
        hb[2][i] = hb_blake2b_iv[i];
    HB_U64_SET(tb[2][0], 0xFFFFFFFFUL, 0xFFFFFF80UL);
    HB_U64_SET(tb[2][1], 0x80000000UL, 0);
    hb_blake2b_compress_fast(hb[2], tb[2], block, 1, HB_BLAKE2B_BLOCK, 1);
    for (i = 0; i < 8; i++)
        hb[0][i] = hb_blake2b_iv[i];
    HB_U64_SET(tb[0][0], 0xFFFFFFFFUL, 0xFFFFFF80UL);
    HB_U64_SET(tb[0][1], 0x80000000UL, 0);
    hb_blake2b_compress_portable(hb[0], tb[0], block, 1, HB_BLAKE2B_BLOCK, 1);
    check(HB_U64_HI(tb[2][1]) == 0x80000000UL && HB_U64_LO(tb[2][1]) == 1 &&
          same64(hb[0], hb[2], 8),
          "blake2b: final block with a 128-bit counter, portable = fast");

    return unit_summary();
}
