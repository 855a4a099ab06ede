/* BLAKE3 with the state as four rows of four 32-bit words (the paper's
 * section 5.3 for one block), for cores without AVX-512: one input in xmm,
 * or two inputs side by side in the 128-bit lanes of a ymm.  The single
 * block compress (a lone chunk, the root, a lone parent) and hash_many's
 * one or two inputs of the avx2 implementation (blake3_avx2.c).
 *
 * On Zen 3 a vector add, xor, shift, vpshufb or vpshufd takes one cycle
 * (Zen 5's two cycles are what made the scalar compress the better one
 * there, docs/impl-blake.md), so the chain of a half G is a += b, xor,
 * rotate by vpshufb, add, xor, rotate by two shifts and an or: 7 cycles,
 * a round 28, a block 196.  The scalar compress has four chains side by
 * side but more operations than the four ALUs issue in that time (240
 * cycles a block measured).  As in blake3_rows_avx512.c:
 *   - a += b + m is (a + m) + b with a + m pinned, one add after b;
 *   - the diagonal step rotates rows a, c and d, not b (b is on the chain
 *     from one G to the next);
 *   - each round's message words are put in the order the round reads
 *     them, before the rounds and off the chain: without vpermt2d, each
 *     eight-word group is two vpermd (one of each half of the block) and a
 *     vblendvps; the constants below hold the word index in their low bits
 *     (vpermd reads bits 0-2) and "from the block's second half" in the
 *     sign bit (vblendvps reads bit 31). */
#include <immintrin.h>
#include "algorithms/blake2/x86/blake_x86.h"
#include "arch/x86/keep_order_x86.h"

/* words of round r, slots: [0..3] the column step's first words (even
 * positions of the schedule's row), [4..7] its second (odd positions);
 * then the diagonal step's, turned by one lane (its lane 0 is G 3) */
#define H 0x80000000u
#define W(x) ((x) >= 8 ? (unsigned)((x) - 8) | H : (unsigned)(x))
#define ROW8(a, b, c, d, e, f, g, h) { W(a), W(b), W(c), W(d), W(e), W(f), W(g), W(h) }
static const uint32_t slots[7][2][8] __attribute__((aligned(32))) = {
    { ROW8(0, 2, 4, 6, 1, 3, 5, 7), ROW8(14, 8, 10, 12, 15, 9, 11, 13) },
    { ROW8(2, 3, 7, 4, 6, 10, 0, 13), ROW8(15, 1, 12, 9, 8, 11, 5, 14) },
    { ROW8(3, 10, 13, 7, 4, 12, 2, 14), ROW8(8, 6, 9, 11, 1, 5, 0, 15) },
    { ROW8(10, 12, 14, 13, 7, 9, 3, 15), ROW8(1, 4, 11, 5, 6, 0, 2, 8) },
    { ROW8(12, 9, 15, 14, 13, 11, 10, 8), ROW8(6, 7, 5, 0, 4, 2, 3, 1) },
    { ROW8(9, 11, 8, 15, 14, 5, 12, 1), ROW8(4, 13, 0, 2, 7, 3, 10, 6) },
    { ROW8(11, 5, 1, 8, 15, 0, 9, 6), ROW8(7, 14, 2, 3, 13, 10, 12, 4) },
};
#undef ROW8
#undef W
#undef H

/* the eight words `idx` names, from the block's halves w0 (words 0-7) and
 * w1 (8-15) */
static inline __attribute__((always_inline)) __m256i
pick(__m256i w0, __m256i w1, const uint32_t *idx)
{
    const __m256i i = _mm256_load_si256((const __m256i *)(const void *)idx);
    const __m256 a = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(w0, i));
    const __m256 b = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(w1, i));
    return _mm256_castps_si256(_mm256_blendv_ps(a, b, _mm256_castsi256_ps(i)));
}

/* every round's slots of one block: lo[r] the column step's, hi[r] the
 * diagonal step's */
static inline __attribute__((always_inline)) void
schedule(const uint8_t *block, __m256i *lo, __m256i *hi)
{
    const __m256i w0 = _mm256_loadu_si256((const __m256i *)(const void *)block);
    const __m256i w1 = _mm256_loadu_si256((const __m256i *)(const void *)(block + 32));
    unsigned r;

#pragma GCC unroll 7
    for (r = 0; r < 7; r++) {
        lo[r] = pick(w0, w1, slots[r][0]);
        hi[r] = pick(w0, w1, slots[r][1]);
    }
}

/* ---- one input: rows in xmm ---- */
#define R16X(x) _mm_shuffle_epi8((x), _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9,  \
                                                    14, 15, 12, 13))
#define R8X(x) _mm_shuffle_epi8((x), _mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8,    \
                                                   13, 14, 15, 12))

/* half a G; b is kept as its two shifted halves too (b = bs | bl), so
 * that a += b is two adds, the first as soon as one shift is done: the
 * two shifts of a rotate may not issue in the same cycle */
#define HALFX(m, rd, n)                                                      \
    do {                                                                     \
        __m128i t_;                                                          \
        a = _mm_add_epi32(a, m);                                             \
        HB_X86_PIN(a);                                                       \
        a = _mm_add_epi32(a, bs);                                            \
        HB_X86_PIN(a);                                                       \
        a = _mm_add_epi32(a, bl);                                            \
        d = rd(_mm_xor_si128(d, a));                                         \
        c = _mm_add_epi32(c, d);                                             \
        t_ = _mm_xor_si128(b, c);                                            \
        bs = _mm_srli_epi32(t_, n);                                          \
        bl = _mm_slli_epi32(t_, 32 - n);                                     \
        b = _mm_or_si128(bs, bl);                                            \
    } while (0)

#define ROUNDX(lo, hi)                                                       \
    do {                                                                     \
        HALFX(_mm256_castsi256_si128(lo), R16X, 12);                         \
        HALFX(_mm256_extracti128_si256(lo, 1), R8X, 7);                      \
        a = _mm_shuffle_epi32(a, _MM_SHUFFLE(2, 1, 0, 3));                   \
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(0, 3, 2, 1));                   \
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2));                   \
        HALFX(_mm256_castsi256_si128(hi), R16X, 12);                         \
        HALFX(_mm256_extracti128_si256(hi, 1), R8X, 7);                      \
        a = _mm_shuffle_epi32(a, _MM_SHUFFLE(0, 3, 2, 1));                   \
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(2, 1, 0, 3));                   \
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2));                   \
    } while (0)

static inline __attribute__((always_inline)) void
rounds_x(__m128i *ra, __m128i *rb, __m128i *rc, __m128i *rd, const uint8_t *block)
{
    __m128i a = *ra, b = *rb, c = *rc, d = *rd, bs = b, bl = _mm_setzero_si128();
    __m256i lo[7], hi[7];
    unsigned r;

    schedule(block, lo, hi);
#pragma GCC unroll 7
    for (r = 0; r < 7; r++)
        ROUNDX(lo[r], hi[r]);
    *ra = a;
    *rb = b;
    *rc = c;
    *rd = d;
}

#define ROW_C _mm_loadu_si128((const __m128i *)(const void *)hb_blake3_iv)
#define ROW_D(lo, hi, len, flags) _mm_setr_epi32((int)(lo), (int)(hi), (int)(len), (int)(flags))
#define LOAD_ROW(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE_ROW(p, x) _mm_storeu_si128((__m128i *)(void *)(p), (x))

HB_X86_KEEP_ORDER void hb_blake3_compress_rows_avx2(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                                  uint32_t counter_hi, unsigned block_len, unsigned flags)
{
    __m128i a = LOAD_ROW(cv), b = LOAD_ROW(cv + 4), c = ROW_C;
    __m128i d = ROW_D(counter_lo, counter_hi, block_len, flags);

    rounds_x(&a, &b, &c, &d, block);
    STORE_ROW(cv, _mm_xor_si128(a, c));
    STORE_ROW(cv + 4, _mm_xor_si128(b, d));
}

HB_X86_KEEP_ORDER void hb_blake3_compress_xof_rows_avx2(const uint32_t *cv, const uint8_t *block,
                                      uint32_t counter_lo, uint32_t counter_hi,
                                      unsigned block_len, unsigned flags, uint8_t *out)
{
    __m128i a = LOAD_ROW(cv), b = LOAD_ROW(cv + 4), c = ROW_C;
    __m128i d = ROW_D(counter_lo, counter_hi, block_len, flags);

    rounds_x(&a, &b, &c, &d, block);
    STORE_ROW(out, _mm_xor_si128(a, c));
    STORE_ROW(out + 16, _mm_xor_si128(b, d));
    STORE_ROW(out + 32, _mm_xor_si128(c, LOAD_ROW(cv)));
    STORE_ROW(out + 48, _mm_xor_si128(d, LOAD_ROW(cv + 4)));
}

/* `blocks` full blocks of one input (hash_many's lone input): the
 * chaining value stays in rows a and b from one block to the next */
HB_X86_KEEP_ORDER void hb_blake3_one_rows_avx2(const uint8_t *in, size_t blocks, const uint32_t *key,
                             uint32_t counter_lo, uint32_t counter_hi, unsigned flags,
                             unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    __m128i a = LOAD_ROW(key), b = LOAD_ROW(key + 4);
    size_t i;

    for (i = 0; i < blocks; i++, in += HB_BLAKE3_BLOCK_LEN) {
        unsigned f = flags | (i == 0 ? flags_start : 0) | (i + 1 == blocks ? flags_end : 0);
        __m128i c = ROW_C, d = ROW_D(counter_lo, counter_hi, HB_BLAKE3_BLOCK_LEN, f);

        rounds_x(&a, &b, &c, &d, in);
        a = _mm_xor_si128(a, c);
        b = _mm_xor_si128(b, d);
    }
    /* x86 is little-endian: the words' bytes are the output's */
    STORE_ROW(out, a);
    STORE_ROW(out + 16, b);
}

/* ---- two inputs: input i's rows in 128-bit lane i of a ymm ---- */
#define R16Y(x) _mm256_shuffle_epi8((x), _mm256_setr_epi8(                   \
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,                    \
    2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13))
#define R8Y(x) _mm256_shuffle_epi8((x), _mm256_setr_epi8(                    \
    1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12,                    \
    1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12))

/* as HALFX */
#define HALFY(m, rd, n)                                                      \
    do {                                                                     \
        __m256i t_;                                                          \
        a = _mm256_add_epi32(a, m);                                          \
        HB_X86_PIN(a);                                                       \
        a = _mm256_add_epi32(a, bs);                                         \
        HB_X86_PIN(a);                                                       \
        a = _mm256_add_epi32(a, bl);                                         \
        d = rd(_mm256_xor_si256(d, a));                                      \
        c = _mm256_add_epi32(c, d);                                          \
        t_ = _mm256_xor_si256(b, c);                                         \
        bs = _mm256_srli_epi32(t_, n);                                       \
        bl = _mm256_slli_epi32(t_, 32 - n);                                  \
        b = _mm256_or_si256(bs, bl);                                         \
    } while (0)

#define LANES(x, y, sel) _mm256_permute2x128_si256((x), (y), (sel))

HB_X86_KEEP_ORDER void hb_blake3_two_rows_avx2(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                             const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags,
                             unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    const __m256i k0 = _mm256_broadcastsi128_si256(LOAD_ROW(key));
    const __m256i k1 = _mm256_broadcastsi128_si256(LOAD_ROW(key + 4));
    __m256i a = k0, b = k1;
    size_t i;

    for (i = 0; i < blocks; i++) {
        const size_t off = i * HB_BLAKE3_BLOCK_LEN;
        unsigned f = flags | (i == 0 ? flags_start : 0) | (i + 1 == blocks ? flags_end : 0);
        __m256i c = _mm256_broadcastsi128_si256(ROW_C);
        __m256i d = _mm256_setr_epi32((int)ctr_lo[0], (int)ctr_hi[0], HB_BLAKE3_BLOCK_LEN, (int)f,
                                      (int)ctr_lo[1], (int)ctr_hi[1], HB_BLAKE3_BLOCK_LEN, (int)f);
        __m256i lo0[7], hi0[7], lo1[7], hi1[7], bs = b, bl = _mm256_setzero_si256();
        unsigned r;

        schedule(in[0] + off, lo0, hi0);
        schedule(in[1] + off, lo1, hi1);
#pragma GCC unroll 7
        for (r = 0; r < 7; r++) {
            HALFY(LANES(lo0[r], lo1[r], 0x20), R16Y, 12);
            HALFY(LANES(lo0[r], lo1[r], 0x31), R8Y, 7);
            a = _mm256_shuffle_epi32(a, _MM_SHUFFLE(2, 1, 0, 3));
            c = _mm256_shuffle_epi32(c, _MM_SHUFFLE(0, 3, 2, 1));
            d = _mm256_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2));
            HALFY(LANES(hi0[r], hi1[r], 0x20), R16Y, 12);
            HALFY(LANES(hi0[r], hi1[r], 0x31), R8Y, 7);
            a = _mm256_shuffle_epi32(a, _MM_SHUFFLE(0, 3, 2, 1));
            c = _mm256_shuffle_epi32(c, _MM_SHUFFLE(2, 1, 0, 3));
            d = _mm256_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2));
        }
        a = _mm256_xor_si256(a, c);
        b = _mm256_xor_si256(b, d);
    }
    _mm256_storeu_si256((__m256i *)(void *)out, LANES(a, b, 0x20));
    _mm256_storeu_si256((__m256i *)(void *)(out + 32), LANES(a, b, 0x31));
}
