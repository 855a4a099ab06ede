/* Adler-32 (RFC 1950) with AVX2, 32 bytes per step: the method of
 * adler32_avx512.c on half the width.  Over a block of 32 bytes entered with
 * (s1, s2): s1' = s1 + sum b_i, s2' = s2 + 32 s1 + sum (32 - i) b_i.
 * vs1 (vpsadbw: four 64-bit lanes), vsum (vs1 before each block) and vs2
 * (vpmaddubsw with the weights 32..1, then vpmaddwd with ones: eight 32-bit
 * lanes) are reduced once per run.
 *
 * The main loop takes 128 bytes (four blocks) a step, as two pairs of 64
 * bytes with the weights 64..1: vsum64 gains vs1 once per pair (weight 64),
 * the first block of a pair is weighted 64..33 (vpmaddubsw pairs at most
 * 255 (64 + 63) = 32385, still a 16-bit word), and the two second blocks'
 * words (weights 32..1, at most 16065 each) are added as 16-bit words
 * before one vpmaddwd: 21 vector operations per 128 bytes instead of 24.
 * A 32-bit lane of vs2 gains at most 2 * 63750 + 2 * 31110 = 189720 per
 * step, so RUN_BLOCKS = 65536 blocks (16384 steps) stay below 2^32.
 * Updates shorter than a block, and the 1..31 bytes after the last block,
 * take the scalar loop: AVX2 has no masked byte load, and copying them
 * into a zeroed block (a variable-length memcpy) plus a second fold cost
 * more than 31 dependent additions (measured:
 * docs/impl-xxh3-adler-sha3.md). */
#include <immintrin.h>
#include "algorithms/adler/x86/adler_x86.h"

#define ADLER_BASE 65521u
#define RUN_BLOCKS 65536u

static const int8_t weights[64] = {
    64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49,
    48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33,
    32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
    16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1
};

static inline __m256i load(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

/* Folds a run of nblocks blocks into (s1, s2), both < BASE on entry and
 * exit.  The s2 part 32 vsum + 64 vsum64 + vs2 is summed lane-wise first
 * (64-bit lanes: vsum and vsum64 < 2^46, the vs2 halves < 2^32), and the
 * two horizontal sums share their shuffles, so a fold is about a dozen
 * vector instructions and two independent modulos (the run bounds keep
 * 32 nblocks s1 + b below 2^63). */
static inline void fold(uint32_t *s1, uint32_t *s2, __m256i vs1, __m256i vsum, __m256i vsum64,
                        __m256i vs2, uint64_t nblocks)
{
    __m256i t = _mm256_add_epi64(_mm256_add_epi64(_mm256_slli_epi64(vsum, 5), _mm256_slli_epi64(vsum64, 6)),
                                 _mm256_add_epi64(_mm256_and_si256(vs2, _mm256_set1_epi64x(0xFFFFFFFF)),
                                                  _mm256_srli_epi64(vs2, 32)));
    __m256i u = _mm256_add_epi64(_mm256_unpacklo_epi64(vs1, t), _mm256_unpackhi_epi64(vs1, t));
    __m128i x = _mm_add_epi64(_mm256_castsi256_si128(u), _mm256_extracti128_si256(u, 1));
    uint64_t a = (uint64_t)_mm_cvtsi128_si64(x), b = (uint64_t)_mm_extract_epi64(x, 1);
    uint64_t n2 = (*s2 + nblocks * 32u * *s1 + b) % ADLER_BASE;
    *s1 = (uint32_t)((*s1 + a) % ADLER_BASE);
    *s2 = (uint32_t)n2;
}

/* n < 32 bytes onto (s1, s2), both < BASE on entry and exit: s1 stays
 * below BASE + 31 * 255 < 2 BASE, s2 below 32 * 2 BASE, so one subtraction
 * and one modulo at the end. */
static inline void scalar_tail(uint32_t *s1, uint32_t *s2, const uint8_t *p, size_t n)
{
    uint32_t a = *s1, b = *s2;
    size_t i;
    for (i = 0; i < n; i++) {
        a += p[i];
        b += a;
    }
    *s1 = a >= ADLER_BASE ? a - ADLER_BASE : a;
    *s2 = b % ADLER_BASE;
}

void hb_adler32_update_avx2(hb_adler32_ctx *c, const uint8_t *data, size_t len)
{
    const __m256i whi = load((const uint8_t *)weights), wlo = load((const uint8_t *)weights + 32);
    const __m256i ones = _mm256_set1_epi16(1);
    const __m256i zero = _mm256_setzero_si256();
    uint32_t s1 = c->s1, s2 = c->s2;

    while (len >= 32) {
        size_t n = len / 32 < RUN_BLOCKS ? len / 32 : RUN_BLOCKS, i;
        __m256i vs1 = zero, vsum = zero, vsum64 = zero, vs2 = zero;
        for (i = 0; i + 4 <= n; i += 4) {
            const uint8_t *p = data + 32 * i;
            __m256i d0 = load(p), d1 = load(p + 32), d2 = load(p + 64), d3 = load(p + 96);
            /* one load per block: without this gcc loads three of them twice */
            __asm__("" : "+x"(d0), "+x"(d1), "+x"(d2), "+x"(d3));
            __m256i m13 = _mm256_add_epi16(_mm256_maddubs_epi16(d1, wlo), _mm256_maddubs_epi16(d3, wlo));
            __m256i m0 = _mm256_madd_epi16(_mm256_maddubs_epi16(d0, whi), ones);
            __m256i m2 = _mm256_madd_epi16(_mm256_maddubs_epi16(d2, whi), ones);
            vsum64 = _mm256_add_epi64(vsum64, vs1);
            vs1 = _mm256_add_epi64(vs1, _mm256_add_epi64(_mm256_sad_epu8(d0, zero), _mm256_sad_epu8(d1, zero)));
            vsum64 = _mm256_add_epi64(vsum64, vs1);
            vs1 = _mm256_add_epi64(vs1, _mm256_add_epi64(_mm256_sad_epu8(d2, zero), _mm256_sad_epu8(d3, zero)));
            vs2 = _mm256_add_epi32(vs2, _mm256_add_epi32(_mm256_add_epi32(m0, m2), _mm256_madd_epi16(m13, ones)));
        }
        for (; i < n; i++) {
            __m256i d = load(data + 32 * i);
            vsum = _mm256_add_epi64(vsum, vs1);
            vs1 = _mm256_add_epi64(vs1, _mm256_sad_epu8(d, zero));
            vs2 = _mm256_add_epi32(vs2, _mm256_madd_epi16(_mm256_maddubs_epi16(d, wlo), ones));
        }
        fold(&s1, &s2, vs1, vsum, vsum64, vs2, n);
        data += 32 * n;
        len -= 32 * n;
    }
    if (len > 0)
        scalar_tail(&s1, &s2, data, len);
    c->s1 = s1;
    c->s2 = s2;
}
