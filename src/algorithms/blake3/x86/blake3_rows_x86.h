/* The BLAKE3 compression function for one block with the state as four rows
 * of four words in xmm registers: the column step's four G calls side by
 * side, the diagonal step after rotating rows b, c, d by one, two, three
 * lanes.  Used for the blocks of a lone chunk, the parents hash_many does
 * not take, and the root's extended output.
 *
 * The including file defines ROTR16/12/8/7 (xmm, 32-bit lanes) and
 * B3R_MSG(r, block, x0, y0, x1, y1): round r's message words in the
 * hb_b3_rows order, from the block at `block`. */
#ifndef HB_BLAKE3_ROWS_X86_H
#define HB_BLAKE3_ROWS_X86_H

#include <immintrin.h>
#include "blake3_schedule_x86.h"

#define B3R_HALF(a, b, c, d, x, R1, R2)                             \
    do {                                                            \
        a = _mm_add_epi32(_mm_add_epi32(a, x), b);                  \
        d = R1(_mm_xor_si128(d, a));                                \
        c = _mm_add_epi32(c, d);                                    \
        b = R2(_mm_xor_si128(b, c));                                \
    } while (0)

#define B3R_ROUND(r)                                                        \
    do {                                                                    \
        __m128i x0_, y0_, x1_, y1_;                                         \
        B3R_MSG(r, block, x0_, y0_, x1_, y1_);                              \
        B3R_HALF(a, b, c, d, x0_, ROTR16, ROTR12);                          \
        B3R_HALF(a, b, c, d, y0_, ROTR8, ROTR7);                            \
        b = _mm_shuffle_epi32(b, _MM_SHUFFLE(0, 3, 2, 1));                  \
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(1, 0, 3, 2));                  \
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(2, 1, 0, 3));                  \
        B3R_HALF(a, b, c, d, x1_, ROTR16, ROTR12);                          \
        B3R_HALF(a, b, c, d, y1_, ROTR8, ROTR7);                            \
        b = _mm_shuffle_epi32(b, _MM_SHUFFLE(2, 1, 0, 3));                  \
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(1, 0, 3, 2));                  \
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(0, 3, 2, 1));                  \
    } while (0)

/* the seven rounds on (a, b, c, d); the caller xors the halves */
static inline __attribute__((always_inline)) void
b3r_rounds(__m128i *ra, __m128i *rb, __m128i *rc, __m128i *rd, const uint8_t *block)
{
    __m128i a = *ra, b = *rb, c = *rc, d = *rd;

    B3R_ROUND(0); B3R_ROUND(1); B3R_ROUND(2); B3R_ROUND(3);
    B3R_ROUND(4); B3R_ROUND(5); B3R_ROUND(6);
    *ra = a; *rb = b; *rc = c; *rd = d;
}

/* defines compress(cv, block, ...) and compress_xof(cv, block, ..., out) */
#define B3R_DEFINE(compress, compress_xof)                                              \
    static inline __attribute__((always_inline)) void                                   \
    compress##_state(const uint32_t *cv, const uint8_t *block, uint32_t counter_lo,     \
                     uint32_t counter_hi, unsigned block_len, unsigned flags,           \
                     __m128i *a, __m128i *b, __m128i *c, __m128i *d)                    \
    {                                                                                   \
        *a = _mm_loadu_si128((const __m128i *)(const void *)cv);                        \
        *b = _mm_loadu_si128((const __m128i *)(const void *)(cv + 4));                  \
        *c = _mm_loadu_si128((const __m128i *)(const void *)hb_blake3_iv);              \
        *d = _mm_set_epi32((int)flags, (int)block_len, (int)counter_hi, (int)counter_lo); \
        b3r_rounds(a, b, c, d, block);                                                  \
    }                                                                                   \
    void compress(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,              \
                  uint32_t counter_hi, unsigned block_len, unsigned flags)              \
    {                                                                                   \
        __m128i a, b, c, d;                                                             \
        compress##_state(cv, block, counter_lo, counter_hi, block_len, flags,           \
                         &a, &b, &c, &d);                                               \
        _mm_storeu_si128((__m128i *)(void *)cv, _mm_xor_si128(a, c));                   \
        _mm_storeu_si128((__m128i *)(void *)(cv + 4), _mm_xor_si128(b, d));             \
    }                                                                                   \
    void compress_xof(const uint32_t *cv, const uint8_t *block, uint32_t counter_lo,    \
                      uint32_t counter_hi, unsigned block_len, unsigned flags,          \
                      uint8_t *out)                                                     \
    {                                                                                   \
        __m128i a, b, c, d;                                                             \
        compress##_state(cv, block, counter_lo, counter_hi, block_len, flags,           \
                         &a, &b, &c, &d);                                               \
        _mm_storeu_si128((__m128i *)(void *)out, _mm_xor_si128(a, c));                  \
        _mm_storeu_si128((__m128i *)(void *)(out + 16), _mm_xor_si128(b, d));           \
        _mm_storeu_si128((__m128i *)(void *)(out + 32), _mm_xor_si128(c,                \
            _mm_loadu_si128((const __m128i *)(const void *)cv)));                       \
        _mm_storeu_si128((__m128i *)(void *)(out + 48), _mm_xor_si128(d,                \
            _mm_loadu_si128((const __m128i *)(const void *)(cv + 4))));                 \
    }

#endif /* HB_BLAKE3_ROWS_X86_H */
