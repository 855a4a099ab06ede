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
/* sixteen inputs, zmm: one 16x16 transpose */
static inline __attribute__((always_inline)) void
b3t_load16(__m512i *m, const uint8_t *const *in, size_t off)
{
    __m512i r[16], t[16], u[16];
    unsigned j, c;

    HB_B3T_UNROLL

    for (j = 0; j < 16; j++)
        r[j] = _mm512_loadu_si512((const void *)(in[j] + off));
    HB_B3T_UNROLL
    for (j = 0; j < 16; j += 2) {
        t[j] = _mm512_unpacklo_epi32(r[j], r[j + 1]);
        t[j + 1] = _mm512_unpackhi_epi32(r[j], r[j + 1]);
    }
    HB_B3T_UNROLL
    for (j = 0; j < 16; j += 4) {
        u[j] = _mm512_unpacklo_epi64(t[j], t[j + 2]);
        u[j + 1] = _mm512_unpackhi_epi64(t[j], t[j + 2]);
        u[j + 2] = _mm512_unpacklo_epi64(t[j + 1], t[j + 3]);
        u[j + 3] = _mm512_unpackhi_epi64(t[j + 1], t[j + 3]);
    }
    /* word 4L + c is quarter L of u[c], u[4 + c], u[8 + c], u[12 + c] */
    HB_B3T_UNROLL
    for (c = 0; c < 4; c++) {
        const __m512i a01 = _mm512_shuffle_i32x4(u[c], u[4 + c], 0x44);
        const __m512i a23 = _mm512_shuffle_i32x4(u[c], u[4 + c], 0xEE);
        const __m512i b01 = _mm512_shuffle_i32x4(u[8 + c], u[12 + c], 0x44);
        const __m512i b23 = _mm512_shuffle_i32x4(u[8 + c], u[12 + c], 0xEE);
        m[c] = _mm512_shuffle_i32x4(a01, b01, 0x88);
        m[4 + c] = _mm512_shuffle_i32x4(a01, b01, 0xDD);
        m[8 + c] = _mm512_shuffle_i32x4(a23, b23, 0x88);
        m[12 + c] = _mm512_shuffle_i32x4(a23, b23, 0xDD);
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
