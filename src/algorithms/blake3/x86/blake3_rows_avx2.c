/* BLAKE3 with the state as four rows of four 32-bit words (the paper's
 * section 5.3 for one block), for cores without AVX-512: one input in xmm,
 * two inputs side by side in the 128-bit lanes of a ymm, or four in two
 * such sets.  The single block compress (a lone chunk, the root, a lone
 * parent) and hash_many's one to four inputs of the avx2 implementation
 * (blake3_avx2.c).
 *
 * On Zen 3 a vector add, xor, shift, vpshufb or vpshufd takes one cycle
 * (Zen 5's two cycles are what made the scalar compress the better one
 * there, docs/impl-blake.md), so the chain of a half G is a += b, xor,
 * rotate by vpshufb, add, xor, rotate by two shifts and an or: 7 cycles,
 * a round 28, a block 196.  The scalar compress has four chains side by
 * side but more operations than the four ALUs issue in that time (291
 * cycles a block measured, this one 206).  As in blake3_rows_avx512.c:
 *   - a += b + m is (a + m) + b with a + m pinned, one add after b;
 *   - the diagonal step rotates rows a, c and d, not b (b is on the chain
 *     from one G to the next);
 *   - the message words sit in the order the rounds read them (slots) and
 *     move from round to round by one fixed permutation, here with in-lane
 *     shuffles only (next_slots), so two inputs in one ymm cost what one
 *     does.  (Each round's words picked from the block with two vpermd and
 *     a blend took 228 cycles a block for one input, 274 for two.)
 * And one of our own: the two shifts of a 12- or 7-bit rotate do not
 * always issue in the same cycle (a dependent chain of the rotate measured
 * 2.4 cycles), so b is kept as its two shifted halves too and a += b is
 * two adds, the first as soon as one shift is done (245 -> 233 cycles). */
#include <immintrin.h>
#include "algorithms/blake3/x86/blake3_x86.h"
#include "algorithms/common/keep_order_x86.h"

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

#define ROW_C _mm_loadu_si128((const __m128i *)(const void *)hb_blake3_iv)
#define ROW_D(lo, hi, len, flags) _mm_setr_epi32((int)(lo), (int)(hi), (int)(len), (int)(flags))
#define LOAD_ROW(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE_ROW(p, x) _mm_storeu_si128((__m128i *)(void *)(p), (x))

/* the slots of one input in xmm (load_slots and next_slots below, one
 * 128-bit lane) */
#define SHUFPS_X(x, y, imm)                                                  \
    _mm_castps_si128(_mm_shuffle_ps(_mm_castsi128_ps(x), _mm_castsi128_ps(y), (imm)))
static inline __attribute__((always_inline)) void
load_slots_x(const uint8_t *p, __m128i *s)
{
    const __m128i q0 = LOAD_ROW(p), q1 = LOAD_ROW(p + 16), q2 = LOAD_ROW(p + 32);
    const __m128i q3 = LOAD_ROW(p + 48);

    s[0] = SHUFPS_X(q0, q1, _MM_SHUFFLE(2, 0, 2, 0));
    s[1] = SHUFPS_X(q0, q1, _MM_SHUFFLE(3, 1, 3, 1));
    s[2] = _mm_shuffle_epi32(SHUFPS_X(q2, q3, _MM_SHUFFLE(2, 0, 2, 0)), _MM_SHUFFLE(2, 1, 0, 3));
    s[3] = _mm_shuffle_epi32(SHUFPS_X(q2, q3, _MM_SHUFFLE(3, 1, 3, 1)), _MM_SHUFFLE(2, 1, 0, 3));
}

static inline __attribute__((always_inline)) void
next_slots_x(__m128i *s)
{
    const __m128i r = _mm_shuffle_epi32(s[2], _MM_SHUFFLE(0, 3, 2, 1));
    const __m128i s0 = _mm_shuffle_epi32(SHUFPS_X(s[0], s[1], _MM_SHUFFLE(3, 1, 2, 1)),
                                         _MM_SHUFFLE(1, 3, 2, 0));
    const __m128i s1 = _mm_blend_epi32(
        _mm_shuffle_epi32(SHUFPS_X(s[0], s[3], _MM_SHUFFLE(3, 3, 0, 3)), _MM_SHUFFLE(2, 1, 0, 0)),
        r, 0x2);
    const __m128i s2 = _mm_blend_epi32(
        _mm_shuffle_epi32(SHUFPS_X(s[3], s[1], _MM_SHUFFLE(0, 0, 1, 0)), _MM_SHUFFLE(1, 0, 2, 0)),
        r, 0x4);
    const __m128i s3 = _mm_blend_epi32(r, SHUFPS_X(s[3], s[1], _MM_SHUFFLE(2, 2, 2, 2)), 0x6);

    s[0] = s0;
    s[1] = s1;
    s[2] = s2;
    s[3] = s3;
}

static inline __attribute__((always_inline)) void
rounds_x(__m128i *ra, __m128i *rb, __m128i *rc, __m128i *rd, const uint8_t *block)
{
    __m128i a = *ra, b = *rb, c = *rc, d = *rd, bs = b, bl = _mm_setzero_si128();
    __m128i sl[4];
    unsigned r;

    load_slots_x(block, sl);
#pragma GCC unroll 7
    for (r = 0; r < 7; r++) {
        HALFX(sl[0], R16X, 12);
        HALFX(sl[1], R8X, 7);
        a = _mm_shuffle_epi32(a, _MM_SHUFFLE(2, 1, 0, 3));
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(0, 3, 2, 1));
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2));
        HALFX(sl[2], R16X, 12);
        HALFX(sl[3], R8X, 7);
        a = _mm_shuffle_epi32(a, _MM_SHUFFLE(0, 3, 2, 1));
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(2, 1, 0, 3));
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2));
        if (r < 6)
            next_slots_x(sl);
    }
    *ra = a;
    *rb = b;
    *rc = c;
    *rd = d;
}


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

/* Two inputs' message slots, input i's in 128-bit lane i: S0, S1 the
 * column step's first and second words (the even and odd positions of
 * the schedule's row), S2, S3 the diagonal step's, turned by one lane.
 * The first round's from the block: quarters of both inputs side by side
 * (a load and an insert), even and odd words picked by shufps. */
static inline __attribute__((always_inline)) void
load_slots(const uint8_t *p0, const uint8_t *p1, __m256i *s)
{
    __m256 q[4];
    unsigned k;

    for (k = 0; k < 4; k++) {
        const __m128i lo = _mm_loadu_si128((const __m128i *)(const void *)(p0 + 16 * k));
        const __m128i hi = _mm_loadu_si128((const __m128i *)(const void *)(p1 + 16 * k));
        q[k] = _mm256_castsi256_ps(_mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1));
    }
    s[0] = _mm256_castps_si256(_mm256_shuffle_ps(q[0], q[1], _MM_SHUFFLE(2, 0, 2, 0)));
    s[1] = _mm256_castps_si256(_mm256_shuffle_ps(q[0], q[1], _MM_SHUFFLE(3, 1, 3, 1)));
    s[2] = _mm256_shuffle_epi32(_mm256_castps_si256(_mm256_shuffle_ps(q[2], q[3],
                                _MM_SHUFFLE(2, 0, 2, 0))), _MM_SHUFFLE(2, 1, 0, 3));
    s[3] = _mm256_shuffle_epi32(_mm256_castps_si256(_mm256_shuffle_ps(q[2], q[3],
                                _MM_SHUFFLE(3, 1, 3, 1))), _MM_SHUFFLE(2, 1, 0, 3));
}

/* the next round's slots: slot k becomes slot Q[k] of this round,
 * Q = 1 5 7 2 | 3 10 0 15 | 12 4 11 13 | 9 14 6 8 (the schedule's
 * permutation seen through the slot order), in-lane shuffles only:
 *   S0' = S0[1] S1[1] S1[3] S0[2]     S1' = S0[3] S2[2] S0[0] S3[3]
 *   S2' = S3[0] S1[0] S2[3] S3[1]     S3' = S2[1] S3[2] S1[2] S2[0]
 * with S2 turned once (r) serving three of them: 11 operations. */
#define SHUFPS(x, y, imm)                                                    \
    _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(x), _mm256_castsi256_ps(y), (imm)))
static inline __attribute__((always_inline)) void
next_slots(__m256i *s)
{
    const __m256i r = _mm256_shuffle_epi32(s[2], _MM_SHUFFLE(0, 3, 2, 1));
    const __m256i s0 = _mm256_shuffle_epi32(SHUFPS(s[0], s[1], _MM_SHUFFLE(3, 1, 2, 1)),
                                            _MM_SHUFFLE(1, 3, 2, 0));
    const __m256i s1 = _mm256_blend_epi32(
        _mm256_shuffle_epi32(SHUFPS(s[0], s[3], _MM_SHUFFLE(3, 3, 0, 3)), _MM_SHUFFLE(2, 1, 0, 0)),
        r, 0x22);
    const __m256i s2 = _mm256_blend_epi32(
        _mm256_shuffle_epi32(SHUFPS(s[3], s[1], _MM_SHUFFLE(0, 0, 1, 0)), _MM_SHUFFLE(1, 0, 2, 0)),
        r, 0x44);
    const __m256i s3 = _mm256_blend_epi32(r, SHUFPS(s[3], s[1], _MM_SHUFFLE(2, 2, 2, 2)), 0x66);

    s[0] = s0;
    s[1] = s1;
    s[2] = s2;
    s[3] = s3;
}

/* one step of half a G for every set (k_) */
#define EACH(stmt)                                                           \
    do {                                                                     \
        unsigned k_;                                                         \
        _Pragma("GCC unroll 2")                                              \
        for (k_ = 0; k_ < sets; k_++) {                                      \
            stmt;                                                            \
        }                                                                    \
    } while (0)
/* as HALFX, for each set; with two sets b is not split (on Zen 3 four
 * inputs took 316 cycles a block that way, 289 without: the two sets
 * already overlap, and the split's extra add and registers cost more) */
#define HALFY(slot, rd, n)                                                   \
    do {                                                                     \
        EACH(a[k_] = _mm256_add_epi32(a[k_], sl[k_][slot]));                 \
        EACH(HB_X86_PIN(a[k_]));                                             \
        if (sets == 1) {                                                     \
            EACH(a[k_] = _mm256_add_epi32(a[k_], bs[k_]));                   \
            EACH(HB_X86_PIN(a[k_]));                                         \
            EACH(a[k_] = _mm256_add_epi32(a[k_], bl[k_]));                   \
        } else {                                                             \
            EACH(a[k_] = _mm256_add_epi32(a[k_], b[k_]));                    \
        }                                                                    \
        EACH(d[k_] = rd(_mm256_xor_si256(d[k_], a[k_])));                    \
        EACH(c[k_] = _mm256_add_epi32(c[k_], d[k_]));                        \
        EACH(t[k_] = _mm256_xor_si256(b[k_], c[k_]));                        \
        EACH(bs[k_] = _mm256_srli_epi32(t[k_], n));                          \
        EACH(bl[k_] = _mm256_slli_epi32(t[k_], 32 - n));                     \
        EACH(b[k_] = _mm256_or_si256(bs[k_], bl[k_]));                       \
    } while (0)

#define LANES(x, y, sel) _mm256_permute2x128_si256((x), (y), (sel))

/* 2 * sets inputs, input 2k + i in lane i of set k */
static inline __attribute__((always_inline)) void
rows_y(const uint8_t *const *in, size_t blocks, const uint32_t *key, const uint32_t *ctr_lo,
       const uint32_t *ctr_hi, unsigned flags, unsigned flags_start, unsigned flags_end,
       uint8_t *out, const unsigned sets)
{
    __m256i a[2], b[2], c[2], d[2], bs[2], bl[2], t[2], sl[2][4];
    size_t i;
    unsigned r;

    EACH(a[k_] = _mm256_broadcastsi128_si256(LOAD_ROW(key)));
    EACH(b[k_] = _mm256_broadcastsi128_si256(LOAD_ROW(key + 4)));
    for (i = 0; i < blocks; i++) {
        const size_t off = i * HB_BLAKE3_BLOCK_LEN;
        const int f = (int)(flags | (i == 0 ? flags_start : 0) | (i + 1 == blocks ? flags_end : 0));

        EACH(c[k_] = _mm256_broadcastsi128_si256(ROW_C));
        EACH(d[k_] = _mm256_setr_epi32((int)ctr_lo[2 * k_], (int)ctr_hi[2 * k_],
                                       HB_BLAKE3_BLOCK_LEN, f, (int)ctr_lo[2 * k_ + 1],
                                       (int)ctr_hi[2 * k_ + 1], HB_BLAKE3_BLOCK_LEN, f));
        EACH(bs[k_] = b[k_]);
        EACH(bl[k_] = _mm256_setzero_si256());
        EACH(load_slots(in[2 * k_] + off, in[2 * k_ + 1] + off, sl[k_]));
#pragma GCC unroll 7
        for (r = 0; r < 7; r++) {
            HALFY(0, R16Y, 12);
            HALFY(1, R8Y, 7);
            EACH(a[k_] = _mm256_shuffle_epi32(a[k_], _MM_SHUFFLE(2, 1, 0, 3)));
            EACH(c[k_] = _mm256_shuffle_epi32(c[k_], _MM_SHUFFLE(0, 3, 2, 1)));
            EACH(d[k_] = _mm256_shuffle_epi32(d[k_], _MM_SHUFFLE(1, 0, 3, 2)));
            HALFY(2, R16Y, 12);
            HALFY(3, R8Y, 7);
            EACH(a[k_] = _mm256_shuffle_epi32(a[k_], _MM_SHUFFLE(0, 3, 2, 1)));
            EACH(c[k_] = _mm256_shuffle_epi32(c[k_], _MM_SHUFFLE(2, 1, 0, 3)));
            EACH(d[k_] = _mm256_shuffle_epi32(d[k_], _MM_SHUFFLE(1, 0, 3, 2)));
            if (r < 6)
                EACH(next_slots(sl[k_]));
        }
        EACH(a[k_] = _mm256_xor_si256(a[k_], c[k_]));
        EACH(b[k_] = _mm256_xor_si256(b[k_], d[k_]));
    }
    EACH(_mm256_storeu_si256((__m256i *)(void *)(out + 64 * k_), LANES(a[k_], b[k_], 0x20)));
    EACH(_mm256_storeu_si256((__m256i *)(void *)(out + 64 * k_ + 32), LANES(a[k_], b[k_], 0x31)));
}

HB_X86_KEEP_ORDER void hb_blake3_two_rows_avx2(const uint8_t *const *in, size_t blocks,
                                               const uint32_t *key, const uint32_t *ctr_lo,
                                               const uint32_t *ctr_hi, unsigned flags,
                                               unsigned flags_start, unsigned flags_end,
                                               uint8_t *out)
{
    rows_y(in, blocks, key, ctr_lo, ctr_hi, flags, flags_start, flags_end, out, 1);
}

HB_X86_KEEP_ORDER void hb_blake3_four_rows_avx2(const uint8_t *const *in, size_t blocks,
                                                const uint32_t *key, const uint32_t *ctr_lo,
                                                const uint32_t *ctr_hi, unsigned flags,
                                                unsigned flags_start, unsigned flags_end,
                                                uint8_t *out)
{
    rows_y(in, blocks, key, ctr_lo, ctr_hi, flags, flags_start, flags_end, out, 2);
}
