/* Message loads for the lane kernels: block `off` bytes into each input,
 * transposed so that vector w holds word w of every input (lane j from
 * input j).  Three rounds of interleaving: 32-bit words, 64-bit pairs, then
 * 128-bit quarters across the register.  And the way back for the chaining
 * values, one input's 32 bytes after the other. */
#ifndef HB_BLAKE3_TRANSPOSE_X86_H
#define HB_BLAKE3_TRANSPOSE_X86_H

#include <immintrin.h>

/* the loops must be unrolled for the arrays to live in registers (gcc -O2
 * leaves them rolled, going through the stack) */
#define HB_B3T_UNROLL _Pragma("GCC unroll 16")

/* an 8x8 transpose of 32-bit words: out[c] word j = r[j] word c */
static inline __attribute__((always_inline)) void
b3t_transpose8(const __m256i *r, __m256i *out)
{
    __m256i t[8], u[8];
    unsigned j;

    HB_B3T_UNROLL
    for (j = 0; j < 8; j += 2) {
        t[j] = _mm256_unpacklo_epi32(r[j], r[j + 1]);
        t[j + 1] = _mm256_unpackhi_epi32(r[j], r[j + 1]);
    }
    /* u[4k + c], 128-bit lane L: word 4L + c of rows 4k .. 4k+3 */
    HB_B3T_UNROLL
    for (j = 0; j < 8; j += 4) {
        u[j] = _mm256_unpacklo_epi64(t[j], t[j + 2]);
        u[j + 1] = _mm256_unpackhi_epi64(t[j], t[j + 2]);
        u[j + 2] = _mm256_unpacklo_epi64(t[j + 1], t[j + 3]);
        u[j + 3] = _mm256_unpackhi_epi64(t[j + 1], t[j + 3]);
    }
    HB_B3T_UNROLL
    for (j = 0; j < 4; j++) {
        out[j] = _mm256_permute2x128_si256(u[j], u[j + 4], 0x20);
        out[j + 4] = _mm256_permute2x128_si256(u[j], u[j + 4], 0x31);
    }
}

/* eight inputs, ymm: each 64-byte block is two 8x8 transposes */
static inline __attribute__((always_inline)) void
b3t_load8(__m256i *m, const uint8_t *const *in, size_t off)
{
    __m256i r[8];
    unsigned half, j;

    HB_B3T_UNROLL
    for (half = 0; half < 2; half++) {
        HB_B3T_UNROLL
        for (j = 0; j < 8; j++)
            r[j] = _mm256_loadu_si256((const __m256i *)(const void *)(in[j] + off + 32 * half));
        b3t_transpose8(r, m + 8 * half);
    }
}

/* the chaining values back: h[i] holds word i of eight inputs; input j's
 * 32 bytes go to out + 32 j */
static inline __attribute__((always_inline)) void
b3t_store8(uint8_t *out, const __m256i *h)
{
    __m256i cv[8];
    unsigned j;

    b3t_transpose8(h, cv);
    HB_B3T_UNROLL
    for (j = 0; j < 8; j++)
        _mm256_storeu_si256((__m256i *)(void *)(out + 32 * j), cv[j]);
}

#ifdef __AVX512F__
/* sixteen inputs, zmm: each 32-byte half of the block is an 8x16
 * transpose, done in three steps (the same count of shuffles as a 16x16
 * transpose of whole rows, but only eight rows in registers at a time:
 * with sixteen, gcc spilled them to the stack and read them back).
 *   rows:    z[k] = input k's eight words | input k+8's eight words
 *   pairs:   64-bit interleave of rows k and k+1 (within 128-bit lanes)
 *   words:   shufps takes the even (or odd) words of two such pairs, so a
 *            128-bit lane holds one word of four inputs: lanes 0..3 are
 *            word c of inputs 0-3, word c+4 of 0-3, word c of 8-11,
 *            word c+4 of 8-11 (inputs 4-7 and 12-15 likewise)
 *   lanes:   vpermt2d puts the quarters of inputs 0-3, 4-7, 8-11, 12-15
 *            side by side, for word c and for word c+4. */
static inline __attribute__((always_inline)) void
b3t_load16(__m512i *m, const uint8_t *const *in, size_t off)
{
    const __m512i word_c = _mm512_setr_epi32(0, 1, 2, 3, 16, 17, 18, 19,
                                             8, 9, 10, 11, 24, 25, 26, 27);
    const __m512i word_c4 = _mm512_setr_epi32(4, 5, 6, 7, 20, 21, 22, 23,
                                              12, 13, 14, 15, 28, 29, 30, 31);
    unsigned half, k, c;

    HB_B3T_UNROLL
    for (half = 0; half < 2; half++) {
        __m512i z[8];
        __m512 p[8], w[8];
        const size_t at = off + 32 * half;

        HB_B3T_UNROLL
        for (k = 0; k < 8; k++) {
            const __m256i lo = _mm256_loadu_si256((const __m256i *)(const void *)(in[k] + at));
            const __m256i hi = _mm256_loadu_si256((const __m256i *)(const void *)(in[k + 8] + at));
            z[k] = _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
        }
        /* p[2g], p[2g+1]: words (0,1) / (2,3) of inputs 2g, 2g+1 (g = 0..3) */
        HB_B3T_UNROLL
        for (k = 0; k < 8; k += 2) {
            p[k] = _mm512_castsi512_ps(_mm512_unpacklo_epi64(z[k], z[k + 1]));
            p[k + 1] = _mm512_castsi512_ps(_mm512_unpackhi_epi64(z[k], z[k + 1]));
        }
        /* w[c] (inputs 0-3, 8-11) and w[4 + c] (inputs 4-7, 12-15):
         * word c and c+4, c = 0..3 */
        HB_B3T_UNROLL
        for (k = 0; k < 8; k += 4) {
            const unsigned g = k / 4 * 4;
            w[g + 0] = _mm512_shuffle_ps(p[k], p[k + 2], 0x88);
            w[g + 1] = _mm512_shuffle_ps(p[k], p[k + 2], 0xDD);
            w[g + 2] = _mm512_shuffle_ps(p[k + 1], p[k + 3], 0x88);
            w[g + 3] = _mm512_shuffle_ps(p[k + 1], p[k + 3], 0xDD);
        }
        HB_B3T_UNROLL
        for (c = 0; c < 4; c++) {
            const __m512i a = _mm512_castps_si512(w[c]), b = _mm512_castps_si512(w[4 + c]);
            m[8 * half + c] = _mm512_permutex2var_epi32(a, word_c, b);
            m[8 * half + 4 + c] = _mm512_permutex2var_epi32(a, word_c4, b);
        }
    }
}

/* sixteen inputs' chaining values: the two 8-lane halves of each h[i] */
static inline __attribute__((always_inline)) void
b3t_store16(uint8_t *out, const __m512i *h)
{
    __m256i lo[8], hi[8];
    unsigned i;

    HB_B3T_UNROLL
    for (i = 0; i < 8; i++) {
        lo[i] = _mm512_castsi512_si256(h[i]);
        hi[i] = _mm512_extracti64x4_epi64(h[i], 1);
    }
    b3t_store8(out, lo);
    b3t_store8(out + 8 * 32, hi);
}
#endif

#endif /* HB_BLAKE3_TRANSPOSE_X86_H */
