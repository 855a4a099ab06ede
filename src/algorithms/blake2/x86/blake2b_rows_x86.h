/* The BLAKE2b compress function with the state as four rows of four 64-bit
 * words, one ymm register each (RFC 7693 section 3.2): the four G calls of a
 * column step run side by side in the lanes; the diagonal step is the same
 * code after rotating rows a, c and d by three, one and two lanes (vpermq),
 * which is undone afterwards.  Row b stays: it is the last row a G writes
 * and the first the next one reads, so a shuffle of b would sit on the
 * chain (blake2s_rows_x86.h says more).
 *
 * The including file defines, for its instruction set:
 *   ROTR32(x), ROTR24(x), ROTR16(x), ROTR63(x)  rotate each 64-bit lane right
 *   B2B_MSG_T, B2B_LOAD(m, p)      the block as the kernel keeps it
 *   B2B_MSG(r, m, x0, y0, x1, y1)  the message words of round r (0..9):
 *       x0 = words SIGMA[r][0, 2, 4, 6], y0 = [1, 3, 5, 7] (column step),
 *       x1 = [14, 8, 10, 12], y1 = [15, 9, 11, 13] (diagonal step, in
 *       the order of b's lanes: G7, G4, G5, G6)
 * and then defines the compress function with B2B_DEFINE_COMPRESS(name). */
#ifndef HB_BLAKE2B_ROWS_X86_H
#define HB_BLAKE2B_ROWS_X86_H

#include <immintrin.h>
#include "blake2_sigma_x86.h"
#include "algorithms/common/keep_order_x86.h"

/* hb_u64 to and from plain 64-bit words: a copy in the two-word build
 * (-DHB_U64_PAIR), which the optimiser removes in the native one */
static inline uint64_t b2b_word(const hb_u64 *a)
{
    return ((uint64_t)HB_U64_HI(*a) << 32) | HB_U64_LO(*a);
}

static inline void b2b_set_word(hb_u64 *a, uint64_t w)
{
    HB_U64_SET(*a, (uint32_t)(w >> 32), (uint32_t)w);
}

#define B2B_HALF(a, b, c, d, x, R1, R2)                             \
    do {                                                            \
        a = _mm256_add_epi64(a, x);                                 \
        HB_X86_PIN(a);                                              \
        a = _mm256_add_epi64(a, b);                                 \
        d = R1(_mm256_xor_si256(d, a));                             \
        c = _mm256_add_epi64(c, d);                                 \
        b = R2(_mm256_xor_si256(b, c));                             \
    } while (0)

#define B2B_G(a, b, c, d, x, y)                                     \
    do {                                                            \
        B2B_HALF(a, b, c, d, x, ROTR32, ROTR24);                    \
        B2B_HALF(a, b, c, d, y, ROTR16, ROTR63);                    \
    } while (0)

/* the diagonals become columns with b where it is, as in
 * blake2s_rows_x86.h: a, c and d turn by 3, 1 and 2 lanes */
#define B2B_DIAG(a, c, d)                                               \
    do {                                                                \
        a = _mm256_permute4x64_epi64(a, _MM_SHUFFLE(2, 1, 0, 3));       \
        c = _mm256_permute4x64_epi64(c, _MM_SHUFFLE(0, 3, 2, 1));       \
        d = _mm256_permute4x64_epi64(d, _MM_SHUFFLE(1, 0, 3, 2));       \
    } while (0)
#define B2B_UNDIAG(a, c, d)                                             \
    do {                                                                \
        a = _mm256_permute4x64_epi64(a, _MM_SHUFFLE(0, 3, 2, 1));       \
        c = _mm256_permute4x64_epi64(c, _MM_SHUFFLE(2, 1, 0, 3));       \
        d = _mm256_permute4x64_epi64(d, _MM_SHUFFLE(1, 0, 3, 2));       \
    } while (0)

#define B2B_ROUND(r)                                                \
    do {                                                            \
        __m256i x0_, y0_, x1_, y1_;                                 \
        B2B_MSG(r, m, x0_, y0_, x1_, y1_);                          \
        B2B_G(a, b, c, d, x0_, y0_);                                \
        B2B_DIAG(a, c, d);                                          \
        B2B_G(a, b, c, d, x1_, y1_);                                \
        B2B_UNDIAG(a, c, d);                                        \
    } while (0)

#define B2B_DEFINE_COMPRESS(name)                                                       \
    void name(hb_u64 *h, hb_u64 *t, const uint8_t *blocks, size_t nblocks,              \
              unsigned inc, int last)                                                   \
    {                                                                                   \
        const __m256i iv_lo = _mm256_set_epi64x(                                        \
            (long long)b2b_word(&hb_blake2b_iv[3]), (long long)b2b_word(&hb_blake2b_iv[2]), \
            (long long)b2b_word(&hb_blake2b_iv[1]), (long long)b2b_word(&hb_blake2b_iv[0])); \
        const __m256i iv_hi = _mm256_set_epi64x(                                        \
            (long long)b2b_word(&hb_blake2b_iv[7]), (long long)b2b_word(&hb_blake2b_iv[6]), \
            (long long)b2b_word(&hb_blake2b_iv[5]), (long long)b2b_word(&hb_blake2b_iv[4])); \
        __m256i h0 = _mm256_set_epi64x((long long)b2b_word(&h[3]), (long long)b2b_word(&h[2]), \
                                       (long long)b2b_word(&h[1]), (long long)b2b_word(&h[0])); \
        __m256i h1 = _mm256_set_epi64x((long long)b2b_word(&h[7]), (long long)b2b_word(&h[6]), \
                                       (long long)b2b_word(&h[5]), (long long)b2b_word(&h[4])); \
        uint64_t t0 = b2b_word(&t[0]), t1 = b2b_word(&t[1]);                            \
        const uint64_t f0 = last ? ~(uint64_t)0 : 0;                                    \
        uint64_t out[8];                                                                \
        unsigned i;                                                                     \
                                                                                        \
        for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2B_BLOCK) {                    \
            __m256i a = h0, b = h1, c = iv_lo, d;                                       \
            B2B_MSG_T m;                                                                \
            t0 += inc;                                                                  \
            if (t0 < inc)                                                               \
                t1++;                                                                   \
            d = _mm256_xor_si256(iv_hi, _mm256_set_epi64x(0, (long long)f0, (long long)t1, \
                                                          (long long)t0));              \
            B2B_LOAD(m, blocks);                                                        \
            B2B_ROUND(0); B2B_ROUND(1); B2B_ROUND(2); B2B_ROUND(3); B2B_ROUND(4);       \
            B2B_ROUND(5); B2B_ROUND(6); B2B_ROUND(7); B2B_ROUND(8); B2B_ROUND(9);       \
            B2B_ROUND(0); B2B_ROUND(1);                                                 \
            h0 = _mm256_xor_si256(h0, _mm256_xor_si256(a, c));                          \
            h1 = _mm256_xor_si256(h1, _mm256_xor_si256(b, d));                          \
        }                                                                               \
        _mm256_storeu_si256((__m256i *)(void *)out, h0);                                \
        _mm256_storeu_si256((__m256i *)(void *)(out + 4), h1);                          \
        for (i = 0; i < 8; i++)                                                         \
            b2b_set_word(&h[i], out[i]);                                                \
        b2b_set_word(&t[0], t0);                                                        \
        b2b_set_word(&t[1], t1);                                                        \
    }

#endif /* HB_BLAKE2B_ROWS_X86_H */
