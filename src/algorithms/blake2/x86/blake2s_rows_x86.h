/* The BLAKE2s compress function with the state as four rows of four 32-bit
 * words, one xmm register each (RFC 7693 section 3.2): the four G calls of a
 * column step run side by side in the lanes; the diagonal step is the same
 * code after rotating rows b, c and d by one, two and three lanes (pshufd),
 * which is undone afterwards.
 *
 * The including file defines, for its instruction set:
 *   ROTR16(x), ROTR12(x), ROTR8(x), ROTR7(x)   rotate each 32-bit lane right
 *   B2S_MSG(r, m, x0, y0, x1, y1)   the message words of round r, from the
 *       block in the zmm / two ymm `m` (B2S_MSG_T, loaded by B2S_LOAD):
 *       x0 = words SIGMA[r][0, 2, 4, 6], y0 = [1, 3, 5, 7] (column step),
 *       x1 = [8, 10, 12, 14], y1 = [9, 11, 13, 15] (diagonal step)
 * and then defines the compress function with B2S_DEFINE_COMPRESS(name).
 *
 * Every round is a serial chain through the four rows: per half G an add,
 * an xor, a rotate, an add, an xor, a rotate; the message loads and
 * permutations are off that chain. */
#ifndef HB_BLAKE2S_ROWS_X86_H
#define HB_BLAKE2S_ROWS_X86_H

#include <immintrin.h>
#include "blake2_sigma_x86.h"

/* half a G on all four columns: a += b + x; d = (d ^ a) >>> r1; c += d;
 * b = (b ^ c) >>> r2 */
#define B2S_HALF(a, b, c, d, x, R1, R2)                             \
    do {                                                            \
        a = _mm_add_epi32(_mm_add_epi32(a, x), b);                  \
        d = R1(_mm_xor_si128(d, a));                                \
        c = _mm_add_epi32(c, d);                                    \
        b = R2(_mm_xor_si128(b, c));                                \
    } while (0)

#define B2S_G(a, b, c, d, x, y)                                     \
    do {                                                            \
        B2S_HALF(a, b, c, d, x, ROTR16, ROTR12);                    \
        B2S_HALF(a, b, c, d, y, ROTR8, ROTR7);                      \
    } while (0)

/* the diagonals (0,5,10,15) (1,6,11,12) (2,7,8,13) (3,4,9,14) become columns */
#define B2S_DIAG(b, c, d)                                           \
    do {                                                            \
        b = _mm_shuffle_epi32(b, _MM_SHUFFLE(0, 3, 2, 1));          \
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(1, 0, 3, 2));          \
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(2, 1, 0, 3));          \
    } while (0)
#define B2S_UNDIAG(b, c, d)                                         \
    do {                                                            \
        b = _mm_shuffle_epi32(b, _MM_SHUFFLE(2, 1, 0, 3));          \
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(1, 0, 3, 2));          \
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(0, 3, 2, 1));          \
    } while (0)

#define B2S_ROUND(r)                                                \
    do {                                                            \
        __m128i x0_, y0_, x1_, y1_;                                 \
        B2S_MSG(r, m, x0_, y0_, x1_, y1_);                          \
        B2S_G(a, b, c, d, x0_, y0_);                                \
        B2S_DIAG(b, c, d);                                          \
        B2S_G(a, b, c, d, x1_, y1_);                                \
        B2S_UNDIAG(b, c, d);                                        \
    } while (0)

#define B2S_DEFINE_COMPRESS(name)                                                       \
    void name(uint32_t *h, uint32_t *t, const uint8_t *blocks, size_t nblocks,          \
              unsigned inc, int last)                                                   \
    {                                                                                   \
        const __m128i iv_lo = _mm_loadu_si128((const __m128i *)(const void *)hb_blake2s_iv); \
        const __m128i iv_hi =                                                           \
            _mm_loadu_si128((const __m128i *)(const void *)(hb_blake2s_iv + 4));        \
        __m128i h0 = _mm_loadu_si128((const __m128i *)(void *)h);                       \
        __m128i h1 = _mm_loadu_si128((const __m128i *)(void *)(h + 4));                 \
        uint32_t t0 = t[0], t1 = t[1];                                                  \
        const uint32_t f0 = last ? 0xFFFFFFFFu : 0;                                     \
                                                                                        \
        for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2S_BLOCK) {                    \
            __m128i a = h0, b = h1, c = iv_lo, d;                                       \
            B2S_MSG_T m;                                                                \
            t0 += inc;                                                                  \
            if (t0 < inc)                                                               \
                t1++;                                                                   \
            d = _mm_xor_si128(iv_hi, _mm_set_epi32(0, (int)f0, (int)t1, (int)t0));      \
            B2S_LOAD(m, blocks);                                                        \
            B2S_ROUND(0); B2S_ROUND(1); B2S_ROUND(2); B2S_ROUND(3); B2S_ROUND(4);       \
            B2S_ROUND(5); B2S_ROUND(6); B2S_ROUND(7); B2S_ROUND(8); B2S_ROUND(9);       \
            h0 = _mm_xor_si128(h0, _mm_xor_si128(a, c));                                \
            h1 = _mm_xor_si128(h1, _mm_xor_si128(b, d));                                \
        }                                                                               \
        _mm_storeu_si128((__m128i *)(void *)h, h0);                                     \
        _mm_storeu_si128((__m128i *)(void *)(h + 4), h1);                               \
        t[0] = t0;                                                                      \
        t[1] = t1;                                                                      \
    }

#endif /* HB_BLAKE2S_ROWS_X86_H */
