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
 * as in crc_fold_vpclmul.c; and from 16 KiB crc32c also runs three CRC32
 * streams beside the folding, crc32c_fused below).  Constants:
 * tools/gen_clmul_constants.py. */
#include "crc_x86.h"
#include "crc_fold_xmm.h"
#include "crc32c_words.h"

#include <string.h>

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

/* ---- crc32c on long input: folding and the CRC32 instruction at once ----
 *
 * As crc_fold_vpclmul.c's crc32c_fused (the derivation is there), on ymm:
 * the fold is bound by the multiplier (8 bytes/cycle on Zen 3), the CRC32
 * instruction runs on the integer side, one 8-byte step a cycle, so each
 * trip folds 160 bytes (10 products, 20 cycles on Zen 3) while three CRC32
 * streams take 40 bytes each (15 instructions): 280 bytes a trip.  In a
 * stand-alone loop on Zen 3 at 1 MiB: fold alone 25.7 GB/s, with the
 * three 40-byte streams 31.9; the kernel itself 38.2 GB/s at 64 KiB
 * against 25.7 for plain folding (docs/impl-crc.md).  Over m trips the first
 * 160 m bytes are folded and three blocks of d = 40 m bytes after them
 * are each a stream from register 0, joined by linearity:
 *     crc(reg, F S1 S2 S3) = shift(shift(shift(F') ^ s1) ^ s2) ^ s3,
 * shift = multiplication by x^(8d) mod P (mulmod33 by crc32c_xpow(8d)). */

/* From measurement on Zen 3 (one-shot, hot loop, best of 40): fused
 * against plain folding 23.9 against 25.2 GB/s at 2 KiB, 26.7/25.5 at
 * 3 KiB, 28.9/25.6 at 4 KiB, 35.5/25.8 at 16 KiB; the set-up
 * (crc32c_xpow) and the three joins are the cost. */
#define CRC32C_FUSE_MIN 4096
#define CRC32C_FUSE_TRIP 280    /* bytes a trip: 160 folded, 3 x 40 streamed */

/* a * b * x^33 mod P, for a, b of degree < 32 (bit-reflected) */
static inline uint32_t mulmod33(uint32_t a, uint32_t b)
{
    __m128i p = _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)b), 0x00);
    return (uint32_t)_mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(p));
}

/* g(bits) = x^(bits - 33) mod P, bits a positive multiple of 64 */
static uint32_t crc32c_xpow(uint64_t bits)
{
    uint32_t sq = 1, acc = 0;   /* sq = g(64 * 2^i) */
    int have = 0;
    for (bits >>= 6; bits != 0; bits >>= 1) {
        if (bits & 1) {
            acc = have ? mulmod33(acc, sq) : sq;
            have = 1;
        }
        if (bits > 1)
            sq = mulmod33(sq, sq);
    }
    return acc;
}

HB_CRC_INLINE uint64_t load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

/* five CRC32 r64 steps over 40 bytes at p */
HB_CRC_INLINE uint64_t crc32c_40(uint64_t r, const uint8_t *p)
{
    r = _mm_crc32_u64(r, load64(p));
    r = _mm_crc32_u64(r, load64(p + 8));
    r = _mm_crc32_u64(r, load64(p + 16));
    r = _mm_crc32_u64(r, load64(p + 24));
    return _mm_crc32_u64(r, load64(p + 32));
}

/* The register after 280 m bytes at p (m >= 1), from reg. */
static uint32_t crc32c_fused(uint32_t reg, const uint8_t *p, size_t m)
{
    const hb_crc_clmul_consts *K = &hb_crc32c_clmul;
    size_t d = 40 * m, i;
    const uint8_t *s = p + 160 * m;
    __m256i k10 = _mm256_broadcastsi128_si256(hb_crc_fold_const(K, 10));
    __m256i a0 = _mm256_xor_si256(load256(p, 1),
                                  _mm256_zextsi128_si256(hb_crc_inject128(reg, 1, 32)));
    __m256i a1 = load256(p + 32, 1), a2 = load256(p + 64, 1), a3 = load256(p + 96, 1);
    __m256i a4 = load256(p + 128, 1), acc;
    uint64_t a = 0, b = 0, c = 0;
    uint32_t f, k;

    for (i = 1; i < m; i++) {
        p += 160;
        a0 = fold256(a0, k10, load256(p, 1));
        a1 = fold256(a1, k10, load256(p + 32, 1));
        a2 = fold256(a2, k10, load256(p + 64, 1));
        a3 = fold256(a3, k10, load256(p + 96, 1));
        a4 = fold256(a4, k10, load256(p + 128, 1));
        a = crc32c_40(a, s);
        b = crc32c_40(b, s + d);
        c = crc32c_40(c, s + 2 * d);
        s += 40;
    }
    a = crc32c_40(a, s);
    b = crc32c_40(b, s + d);
    c = crc32c_40(c, s + 2 * d);
    acc = fold256(a0, merge_const256(K, 8), _mm256_setzero_si256());
    acc = fold256(a1, merge_const256(K, 6), acc);
    acc = fold256(a2, merge_const256(K, 4), acc);
    acc = fold256(a3, merge_const256(K, 2), acc);
    acc = fold256(a4, merge_const256(K, 0), acc);
    f = (uint32_t)finish(K, 1, 32, acc, _mm_setzero_si128());
    k = crc32c_xpow(8 * (uint64_t)d);
    f = mulmod33(f, k) ^ (uint32_t)a;
    f = mulmod33(f, k) ^ (uint32_t)b;
    return mulmod33(f, k) ^ (uint32_t)c;
}

#define CRC32C_BIG(reg, data, len)                                     \
    do {                                                               \
        if ((len) >= CRC32C_FUSE_MIN) {                                \
            size_t m_ = (len) / CRC32C_FUSE_TRIP;                      \
            (reg) = crc32c_fused((reg), (data), m_);                   \
            (data) += CRC32C_FUSE_TRIP * m_;                           \
            (len) -= CRC32C_FUSE_TRIP * m_;                            \
        }                                                              \
    } while (0)

HB_CRC_FOLD_UPDATES(vpclmul256)
