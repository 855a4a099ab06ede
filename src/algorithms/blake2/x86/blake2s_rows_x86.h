/* The BLAKE2s compress function with the state as four rows of four 32-bit
 * words, one xmm register each (RFC 7693 section 3.2): the four G calls of a
 * column step run side by side in the lanes; the diagonal step is the same
 * code after rotating rows a, c and d by three, one and two lanes (pshufd),
 * which is undone afterwards.
 *
 * The including file defines, for its instruction set:
 *   ROTR16(x), ROTR12(x), ROTR8(x), ROTR7(x)   rotate each 32-bit lane right
 *   B2S_MSG(r, m, x0, y0, x1, y1)   the message words of round r, from the
 *       block in the zmm / two ymm `m` (B2S_MSG_T, loaded by B2S_LOAD):
 *       x0 = words SIGMA[r][0, 2, 4, 6], y0 = [1, 3, 5, 7] (column step),
 *       x1 = [14, 8, 10, 12], y1 = [15, 9, 11, 13] (diagonal step, in
 *       the order of b's lanes: G7, G4, G5, G6)
 * and then defines the compress function with B2S_DEFINE_COMPRESS(name).
 *
 * Every round is a serial chain through the four rows: per half G an add,
 * an xor, a rotate, an add, an xor, a rotate; the message loads and
 * permutations are off that chain.  Two things keep it that short:
 *   - `a += b + x` is (a + x) + b, pinned (HB_X86_PIN) so that gcc does
 *     not reassociate it into (b + x) + a: b arrives last, and one add
 *     after it is all the chain needs;
 *   - row b stays where it is in the diagonal step and a, c, d turn: b is
 *     the last row a G writes and the first the next one reads, while a,
 *     c and d were written earlier and their shuffles overlap the chain.
 * On Zen 4 the two took BLAKE2s avx512 from 1836 to 1562 us a MiB,
 * BLAKE2b avx2 from 1196 to 928 (docs/impl-blake.md). */
#ifndef HB_BLAKE2S_ROWS_X86_H
#define HB_BLAKE2S_ROWS_X86_H

#include <immintrin.h>
#include "blake2_sigma_x86.h"
#include "algorithms/common/keep_order_x86.h"

/* half a G on all four columns: a += x + b (in that order); d = (d ^ a)
 * >>> r1; c += d; b = (b ^ c) >>> r2 */
#define B2S_HALF(a, b, c, d, x, R1, R2)                             \
    do {                                                            \
        a = _mm_add_epi32(a, x);                                    \
        HB_X86_PIN(a);                                              \
        a = _mm_add_epi32(a, b);                                    \
        d = R1(_mm_xor_si128(d, a));                                \
        c = _mm_add_epi32(c, d);                                    \
        b = R2(_mm_xor_si128(b, c));                                \
    } while (0)

#define B2S_G(a, b, c, d, x, y)                                     \
    do {                                                            \
        B2S_HALF(a, b, c, d, x, ROTR16, ROTR12);                    \
        B2S_HALF(a, b, c, d, y, ROTR8, ROTR7);                      \
    } while (0)

/* the diagonals (0,5,10,15) (1,6,11,12) (2,7,8,13) (3,4,9,14) become
 * columns with b where it is: lane j holds the G that reads b[j] (G7, G4,
 * G5, G6), so a, c and d turn (by 3, 1 and 2 lanes) and the message words
 * come in that order (blake2_sigma_x86.h) */
#define B2S_DIAG(a, c, d)                                           \
    do {                                                            \
        a = _mm_shuffle_epi32(a, _MM_SHUFFLE(2, 1, 0, 3));          \
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(0, 3, 2, 1));          \
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2));          \
    } while (0)
#define B2S_UNDIAG(a, c, d)                                         \
    do {                                                            \
        a = _mm_shuffle_epi32(a, _MM_SHUFFLE(0, 3, 2, 1));          \
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(2, 1, 0, 3));          \
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2));          \
    } while (0)

#define B2S_ROUND(r)                                                \
    do {                                                            \
        __m128i x0_, y0_, x1_, y1_;                                 \
        B2S_MSG(r, m, x0_, y0_, x1_, y1_);                          \
        B2S_G(a, b, c, d, x0_, y0_);                                \
        B2S_DIAG(a, c, d);                                          \
        B2S_G(a, b, c, d, x1_, y1_);                                \
        B2S_UNDIAG(a, c, d);                                        \
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
