/* BLAKE3 with the state as rows for two or four inputs at once: a pair of
 * inputs per ymm, input i's rows a, b, c, d in 128-bit lane i, so each
 * operation is the row-wise compress of blake3_rows_avx512.c for two
 * blocks side by side; four inputs are two such sets, step by step side by
 * side.  hash_many uses them for two to four inputs (two chunks of 2 KiB,
 * the last parent levels of a tree) where the core's tuning picks the
 * row-wise compress.  On Zen 4, cycles a block (a harness on 1 KiB
 * chunks in L1): one input 242, two 243, four 294; the eight-lane kernel
 * takes 336 for two to eight.  (Four inputs in the lanes of one zmm took
 * 311: a zmm operation holds its unit for two cycles there.)
 *
 * Every shuffle stays within a 128-bit lane, so the inputs never mix.
 * The message words sit in the order the rounds read them, as in
 * blake3_rows_avx512.c, but in four registers of four slots each (S0, S1:
 * the column step's even and odd words; S2, S3: the diagonal step's,
 * turned by one lane):
 *   slot k of the next round is slot Q[k] of this one,
 *   Q = 1 5 7 2 | 3 10 0 15 | 12 4 11 13 | 9 14 6 8,
 * one in-lane vpermt2d per register, and a blend or a masked permute for
 * the word from a third register. */
#include <immintrin.h>
#include "algorithms/blake3/x86/blake3_x86.h"
#include "algorithms/common/keep_order_x86.h"

#define ROR(x, n) _mm256_ror_epi32((x), (n))
#define ADD(x, y) _mm256_add_epi32((x), (y))
#define XOR(x, y) _mm256_xor_si256((x), (y))
#define SHUF(x, imm) _mm256_shuffle_epi32((x), (imm))

/* each step for every set before the next, so that their chains overlap
 * (`sets` is a constant once rows() is inlined; the loops must unroll for
 * the arrays to stay in registers) */
#define BOTH(stmt)                                                           \
    do {                                                                     \
        unsigned k_;                                                         \
        _Pragma("GCC unroll 2")                                              \
        for (k_ = 0; k_ < sets; k_++) {                                         \
            stmt;                                                            \
        }                                                                    \
    } while (0)
#define G_HALF(m, r1, r2)                                                    \
    do {                                                                     \
        BOTH(a[k_] = ADD(a[k_], m[k_]));                                     \
        BOTH(HB_X86_PIN(a[k_]));                                             \
        BOTH(a[k_] = ADD(a[k_], b[k_]));                                     \
        BOTH(d[k_] = ROR(XOR(d[k_], a[k_]), r1));                            \
        BOTH(c[k_] = ADD(c[k_], d[k_]));                                     \
        BOTH(b[k_] = ROR(XOR(b[k_], c[k_]), r2));                            \
    } while (0)

/* the diagonal step rotates a, c and d (not b: see blake3_rows_avx512.c) */
#define ROUND()                                                              \
    do {                                                                     \
        G_HALF(s0, 16, 12);                                                  \
        G_HALF(s1, 8, 7);                                                    \
        BOTH(a[k_] = SHUF(a[k_], _MM_SHUFFLE(2, 1, 0, 3)));                  \
        BOTH(c[k_] = SHUF(c[k_], _MM_SHUFFLE(0, 3, 2, 1)));                  \
        BOTH(d[k_] = SHUF(d[k_], _MM_SHUFFLE(1, 0, 3, 2)));                  \
        G_HALF(s2, 16, 12);                                                  \
        G_HALF(s3, 8, 7);                                                    \
        BOTH(a[k_] = SHUF(a[k_], _MM_SHUFFLE(0, 3, 2, 1)));                  \
        BOTH(c[k_] = SHUF(c[k_], _MM_SHUFFLE(2, 1, 0, 3)));                  \
        BOTH(d[k_] = SHUF(d[k_], _MM_SHUFFLE(1, 0, 3, 2)));                  \
    } while (0)

/* in-lane word indices for vpermt2d: w picks word w of the lane in the
 * first source (0-3) or, as SECOND + w, in the second */
#define LANES(w0, w1, w2, w3)                                                \
    _mm256_setr_epi32(w0, w1, w2, w3, 4 + (w0), 4 + (w1), 4 + (w2), 4 + (w3))
#define SECOND 8

#define NEXT_SLOTS(k)                                                                        \
    do {                                                                                     \
        /* slots 1 5 7 2: S0[1] S1[1] S1[3] S0[2] */                                         \
        __m256i n0 = _mm256_permutex2var_epi32(s0[k], LANES(1, SECOND + 1, SECOND + 3, 2), s1[k]); \
        /* slots 3 10 0 15: S0[3] S2[2] S0[0] S3[3] */                                       \
        __m256i n1 = _mm256_permutex2var_epi32(s0[k], LANES(3, SECOND + 2, 0, 3), s2[k]);    \
        /* slots 12 4 11 13: S3[0] S1[0] S2[3] S3[1] */                                      \
        __m256i n2 = _mm256_permutex2var_epi32(s3[k], LANES(0, SECOND + 0, 2, 1), s1[k]);    \
        /* slots 9 14 6 8: S2[1] S3[2] S1[2] S2[0] */                                        \
        __m256i n3 = _mm256_permutex2var_epi32(s2[k], LANES(1, SECOND + 2, 2, 0), s3[k]);    \
        n1 = _mm256_mask_blend_epi32(0x88, n1, s3[k]);                                       \
        n2 = _mm256_mask_permutexvar_epi32(n2, 0x44, LANES(3, 3, 3, 3), s2[k]);              \
        n3 = _mm256_mask_blend_epi32(0x44, n3, s1[k]);                                       \
        s0[k] = n0;                                                                          \
        s1[k] = n1;                                                                          \
        s2[k] = n2;                                                                          \
        s3[k] = n3;                                                                          \
    } while (0)

#define LOAD16(p) _mm_loadu_si128((const __m128i *)(const void *)(p))

/* 16 bytes at `off` of inputs p and q, p's in the low lane */
static inline __m256i load2(const uint8_t *p, const uint8_t *q, size_t off)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(LOAD16(p + off)), LOAD16(q + off), 1);
}

/* shufps on integer vectors (a macro: the immediate must stay a constant) */
#define SHUFPS(x, y, imm)                                                    \
    _mm256_castps_si256(                                                     \
        _mm256_shuffle_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(y), (imm)))

/* 2 * sets inputs (a b3m_kernel_fn of blake3_many_x86.h, but for `sets`) */
static inline __attribute__((always_inline)) void
rows(unsigned sets, const uint8_t *const *in, size_t blocks, const uint32_t *key,
     const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags, unsigned flags_start,
     unsigned flags_end, uint8_t *out)
{
    const __m256i iv = _mm256_broadcastsi128_si256(LOAD16(hb_blake3_iv));
    __m256i a[2], b[2], d0[2];
    size_t blk;
    unsigned k, r;

#pragma GCC unroll 2
    for (k = 0; k < sets; k++) {
        a[k] = _mm256_broadcastsi128_si256(LOAD16(key));
        b[k] = _mm256_broadcastsi128_si256(LOAD16(key + 4));
        /* row d: counter low and high, block length, flags (per block) */
        d0[k] = _mm256_setr_epi32((int)ctr_lo[2 * k], (int)ctr_hi[2 * k], HB_BLAKE3_BLOCK_LEN, 0,
                                  (int)ctr_lo[2 * k + 1], (int)ctr_hi[2 * k + 1],
                                  HB_BLAKE3_BLOCK_LEN, 0);
    }
    for (blk = 0; blk < blocks; blk++) {
        const size_t off = blk * HB_BLAKE3_BLOCK_LEN;
        const unsigned f = flags | (blk == 0 ? flags_start : 0) |
                           (blk + 1 == blocks ? flags_end : 0);
        __m256i c[2], d[2], s0[2], s1[2], s2[2], s3[2];

    #pragma GCC unroll 2
    for (k = 0; k < sets; k++) {
            const uint8_t *p = in[2 * k], *q = in[2 * k + 1];
            const __m256i r0 = load2(p, q, off), r1 = load2(p, q, off + 16);
            const __m256i r2 = load2(p, q, off + 32), r3 = load2(p, q, off + 48);

            c[k] = iv;
            d[k] = _mm256_mask_blend_epi32(0x88, d0[k], _mm256_set1_epi32((int)f));
            /* round 0's slots: words 0 2 4 6 | 1 3 5 7 | 14 8 10 12 | 15 9 11 13 */
            s0[k] = SHUFPS(r0, r1, 0x88);
            s1[k] = SHUFPS(r0, r1, 0xDD);
            s2[k] = SHUF(SHUFPS(r2, r3, 0x88), _MM_SHUFFLE(2, 1, 0, 3));
            s3[k] = SHUF(SHUFPS(r2, r3, 0xDD), _MM_SHUFFLE(2, 1, 0, 3));
        }
#pragma GCC unroll 6
        for (r = 0; r < 6; r++) {
            ROUND();
            BOTH(NEXT_SLOTS(k_));
        }
        ROUND();
    #pragma GCC unroll 2
    for (k = 0; k < sets; k++) {
            a[k] = XOR(a[k], c[k]);
            b[k] = XOR(b[k], d[k]);
        }
    }
    /* input i's chaining value to out + 32 i (x86 is little-endian: the
     * words' bytes are the output's) */
#pragma GCC unroll 2
    for (k = 0; k < sets; k++) {
        uint8_t *o = out + 64 * k;
        _mm_storeu_si128((__m128i *)(void *)o, _mm256_castsi256_si128(a[k]));
        _mm_storeu_si128((__m128i *)(void *)(o + 16), _mm256_castsi256_si128(b[k]));
        _mm_storeu_si128((__m128i *)(void *)(o + 32), _mm256_extracti128_si256(a[k], 1));
        _mm_storeu_si128((__m128i *)(void *)(o + 48), _mm256_extracti128_si256(b[k], 1));
    }
}

void hb_blake3_two_rows_avx512(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                               const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags,
                               unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    rows(1, in, blocks, key, ctr_lo, ctr_hi, flags, flags_start, flags_end, out);
}

void hb_blake3_four_rows_avx512(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                                const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags,
                                unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    rows(2, in, blocks, key, ctr_lo, ctr_hi, flags, flags_start, flags_end, out);
}
