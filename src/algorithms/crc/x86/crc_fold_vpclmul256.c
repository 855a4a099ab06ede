/* crc32, crc32c, crc64, crc64-xz, crc16 by VPCLMULQDQ folding on ymm
 * registers: AVX2 + VPCLMULQDQ, no AVX-512 (Zen 3, Ice Lake and Alder Lake
 * clients and later; on AVX-512 cores crc_fold_vpclmul.c ranks above).
 *
 * A ymm register holds two 128-bit lanes and one VPCLMULQDQ multiplies
 * both, so a ymm fold costs what an xmm fold costs in crc_fold_clmul.c for
 * twice the bytes.  Zen 3 issues one VPCLMULQDQ (xmm or ymm alike) every
 * 2 cycles, latency 4: the multiplier bounds any fold there, at 16 bytes
 * per 2 products, 4 cycles, i.e. 8 bytes/cycle (0.125 cycles/byte; the
 * xmm fold's bound is 0.25).  A chain step (two products, two XORs) takes
 * about 6 cycles on Zen 3 and 9 on Ice Lake / Alder Lake (latency 6, one a
 * cycle): llvm-mca-14 puts four ymm accumulators at the bound on znver3
 * (16 cycles a 128-byte trip) but at 9 cycles for 8 on icelake-client and
 * alderlake; five (10 lanes, 160 bytes a trip, fold by x^1280) reach it on
 * all three (20 and 10 cycles).  More accumulators cost nothing at the end:
 * the final merge takes one product per lane, as a fold does; and five
 * keep every merge distance within the table (k <= 9 + 9).
 *
 * Every lane still held at the end (the accumulators' and the 0..9 whole
 * lanes left over) is multiplied at once by the power of x that moves it
 * to the end and starts the reduction (K->merge, two lanes per ymm: the
 * constants of neighbouring lanes are neighbours in the table), the sum
 * goes to the 64-bit Barrett reduction (crc_fold_xmm.h).  Updates of
 * 32..159 bytes are merged that way directly, without accumulators; 16..31
 * bytes take the xmm code; the last 0..15 bytes go to the table code
 * (crc32c: the crc32 instruction, which also takes updates under 96 bytes,
 * as in crc_fold_vpclmul.c).  Constants:
 * tools/gen_clmul_constants.py. */
#include "crc_x86.h"
#include "crc_fold_xmm.h"
#include "crc32c_words.h"

#define CRC32C_NO_FOLD(len) ((len) < 96)
#define crc32c_words hb_crc32c_words

/* the byte reversal of each 128-bit lane (crc64, crc16: not reflected) */
static const uint8_t bswap_lanes[32] __attribute__((aligned(32))) = {
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
};

HB_CRC_INLINE __m256i load256(const uint8_t *p, int reflected)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)p);
    if (!reflected)
        v = _mm256_shuffle_epi8(v, _mm256_load_si256((const __m256i *)bswap_lanes));
    return v;
}

/* a moved on by k (one constant pair per lane), plus c */
HB_CRC_INLINE __m256i fold256(__m256i a, __m256i k, __m256i c)
{
    __m256i lo = _mm256_clmulepi64_epi128(a, k, 0x00);
    __m256i hi = _mm256_clmulepi64_epi128(a, k, 0x11);
    return _mm256_xor_si256(_mm256_xor_si256(lo, c), hi);
}

/* The merge constants of two neighbouring lanes, the first k + 1 and the
 * second k lanes before the end: K->merge[17 - k], K->merge[18 - k]. */
HB_CRC_INLINE __m256i merge_const256(const hb_crc_clmul_consts *K, unsigned k)
{
    return _mm256_loadu_si256((const __m256i *)K->merge[17 - k]);
}

/* n lanes at p (the first lane's value given as first, already loaded),
 * lane i merged by k = n - 1 - i + left, added onto acc: independent
 * products, only the XORs chain. */
HB_CRC_INLINE __m256i merge_run(const hb_crc_clmul_consts *K, int reflected, __m256i acc,
                                __m256i first, const uint8_t *p, size_t n)
{
    size_t i;
    acc = fold256(first, merge_const256(K, (unsigned)(n - 2)), acc);
    for (i = 2; i + 1 < n; i += 2)
        acc = fold256(load256(p + 16 * i, reflected), merge_const256(K, (unsigned)(n - 2 - i)),
                      acc);
    return acc;
}

/* a ymm's two lanes added, the sum to the register */
HB_CRC_INLINE uint64_t finish(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                              __m256i acc, __m128i x)
{
    __m128i r = _mm_xor_si128(_mm_xor_si128(_mm256_castsi256_si128(acc),
                                            _mm256_extracti128_si256(acc, 1)),
                              x);
    return hb_crc_barrett(r, K, reflected, width);
}

/* The last lane of an odd run (k = 0), or zero. */
HB_CRC_INLINE __m128i last_lane(const hb_crc_clmul_consts *K, int reflected, const uint8_t *p,
                                size_t n)
{
    if (n & 1)
        return hb_crc_fold128(hb_crc_load128(p + 16 * (n - 1), reflected),
                              hb_crc_merge_const(K, 0), _mm_setzero_si128());
    return _mm_setzero_si128();
}

HB_CRC_INLINE uint64_t fold_lanes(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                  uint64_t reg, const uint8_t *p, size_t n)
{
    __m256i inj, a0, a1, a2, a3, a4, k10, acc;
    __m128i x;
    unsigned left;

    if (n < 2)
        return hb_crc_lanes_short(K, reflected, width, reg, p, n);
    inj = _mm256_zextsi128_si256(hb_crc_inject128(reg, reflected, width));
    if (n < 10) {
        /* 2..9 lanes: merged at once */
        x = last_lane(K, reflected, p, n);
        acc = merge_run(K, reflected, _mm256_setzero_si256(),
                        _mm256_xor_si256(load256(p, reflected), inj), p, n);
        return finish(K, reflected, width, acc, x);
    }
    a0 = _mm256_xor_si256(load256(p, reflected), inj);
    a1 = load256(p + 32, reflected);
    a2 = load256(p + 64, reflected);
    a3 = load256(p + 96, reflected);
    a4 = load256(p + 128, reflected);
    p += 160;
    n -= 10;
    k10 = _mm256_broadcastsi128_si256(hb_crc_fold_const(K, 10));
    for (; n >= 10; n -= 10, p += 160) {
        a0 = fold256(a0, k10, load256(p, reflected));
        a1 = fold256(a1, k10, load256(p + 32, reflected));
        a2 = fold256(a2, k10, load256(p + 64, reflected));
        a3 = fold256(a3, k10, load256(p + 96, reflected));
        a4 = fold256(a4, k10, load256(p + 128, reflected));
    }
    /* accumulator j's lanes are 9 - 2j and 8 - 2j lanes before the last
     * of them, which is `left` (0..9) lanes before the end: k <= 18 */
    left = (unsigned)n;
    acc = fold256(a0, merge_const256(K, 8 + left), _mm256_setzero_si256());
    acc = fold256(a1, merge_const256(K, 6 + left), acc);
    acc = fold256(a2, merge_const256(K, 4 + left), acc);
    acc = fold256(a3, merge_const256(K, 2 + left), acc);
    acc = fold256(a4, merge_const256(K, left), acc);
    if (left >= 2)
        acc = merge_run(K, reflected, acc, load256(p, reflected), p, left);
    x = last_lane(K, reflected, p, left);
    return finish(K, reflected, width, acc, x);
}

/* crc32c's long updates: no CRC32 streams beside the folding here (the
 * fused kernel on ymm is crc32c_fused_vpclmul256.c, `fused256`, which
 * measured faster on Zen 3 from 1 KiB up and ranks above this one) */
#define CRC32C_BIG(reg, data, len) ((void)0)

HB_CRC_FOLD_UPDATES(vpclmul256)
