/* The BLAKE3 compression function with the state as four rows of four
 * 32-bit words in xmm registers (the paper's section 5.3 for one block):
 * the four G of a column step side by side in the lanes, every rotate one
 * vprord (AVX-512VL).
 *
 * Three choices keep the chain through the rows short:
 *   - a += b + m is (a + m) + b, with a + m pinned (HB_X86_PIN): gcc had
 *     reassociated it into (b + m) + a, two adds after b where one will
 *     do (243 -> 230 cycles a block on Zen 4, against a bound of 226);
 *   - the diagonal step rotates rows a, c and d and leaves b: b is the
 *     last row a G writes and the first the next G reads (a += b + m), so
 *     a shuffle of b would sit on the chain, while a, c and d have
 *     finished a step earlier and their shuffles overlap;
 *   - the message words are kept in the order the rounds read them: 16
 *     slots in two ymm, slots 0-7 the column step's (even then odd words
 *     of the round's schedule), 8-15 the diagonal step's, turned by one
 *     lane because column 0 of the diagonal step is G7.  From one round to
 *     the next the slots move by one fixed permutation (the schedule's
 *     permutation seen through that order: two vpermt2d), so no round
 *     waits on a permute of the whole block.
 *
 * It is the single-block compress of the `avx512-rows` implementation
 * (blake3_avx512.c). */
#include <immintrin.h>
#include "algorithms/blake3/x86/blake3_x86.h"
#include "algorithms/common/keep_order_x86.h"

#define G_HALF(a, b, c, d, m, r1, r2)                                        \
    do {                                                                     \
        a = _mm_add_epi32(a, m);                                             \
        HB_X86_PIN(a);                                                       \
        a = _mm_add_epi32(a, b);                                             \
        d = _mm_ror_epi32(_mm_xor_si128(d, a), r1);                          \
        c = _mm_add_epi32(c, d);                                             \
        b = _mm_ror_epi32(_mm_xor_si128(b, c), r2);                          \
    } while (0)

#define G(a, b, c, d, x, y)                                                  \
    do {                                                                     \
        G_HALF(a, b, c, d, x, 16, 12);                                       \
        G_HALF(a, b, c, d, y, 8, 7);                                         \
    } while (0)

/* slot k of the next round is slot Q[k] of this one (Q derived from the
 * schedule's permutation and the slot order; the official vectors, run
 * under every tuning by the tests, check it) */
#define NEXT_SLOTS(lo, hi)                                                                     \
    do {                                                                                       \
        const __m256i qlo_ = _mm256_setr_epi32(1, 5, 7, 2, 3, 10, 0, 15);                      \
        const __m256i qhi_ = _mm256_setr_epi32(12, 4, 11, 13, 9, 14, 6, 8);                     \
        __m256i nlo_ = _mm256_permutex2var_epi32(lo, qlo_, hi);                                \
        hi = _mm256_permutex2var_epi32(lo, qhi_, hi);                                          \
        lo = nlo_;                                                                             \
    } while (0)

#define ROUND(a, b, c, d, lo, hi)                                                              \
    do {                                                                                       \
        G(a, b, c, d, _mm256_castsi256_si128(lo), _mm256_extracti128_si256(lo, 1));            \
        a = _mm_shuffle_epi32(a, _MM_SHUFFLE(2, 1, 0, 3));                                     \
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(0, 3, 2, 1));                                     \
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2));                                     \
        G(a, b, c, d, _mm256_castsi256_si128(hi), _mm256_extracti128_si256(hi, 1));            \
        a = _mm_shuffle_epi32(a, _MM_SHUFFLE(0, 3, 2, 1));                                     \
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(2, 1, 0, 3));                                     \
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(1, 0, 3, 2));                                     \
    } while (0)

/* the seven rounds of one block on rows a, b (the chaining value) and the
 * rows c, d they start from */
static inline __attribute__((always_inline)) void
rounds(__m128i *ra, __m128i *rb, __m128i *rc, __m128i *rd, const uint8_t *block)
{
    __m128i a = *ra, b = *rb, c = *rc, d = *rd;
    __m256i w0 = _mm256_loadu_si256((const __m256i *)(const void *)block);
    __m256i w1 = _mm256_loadu_si256((const __m256i *)(const void *)(block + 32));
    /* round 0: words 0 2 4 6 1 3 5 7, then 14 8 10 12 15 9 11 13 */
    __m256i lo = _mm256_permutexvar_epi32(_mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7), w0);
    __m256i hi = _mm256_permutexvar_epi32(_mm256_setr_epi32(6, 0, 2, 4, 7, 1, 3, 5), w1);

    __m256i slo[7], shi[7];
    unsigned r;

    /* every round's slots first, so that no permute of the message sits
     * among the rounds' rotates and shuffles (1 KiB: 1066 -> 1058 ns on
     * Zen 4); both loops unrolled (the rounds left a loop took 3 % longer:
     * 1162 against 1131-1140 ns) */
    slo[0] = lo;
    shi[0] = hi;
#pragma GCC unroll 6
    for (r = 1; r < 7; r++) {
        NEXT_SLOTS(lo, hi);
        slo[r] = lo;
        shi[r] = hi;
    }
#pragma GCC unroll 7
    for (r = 0; r < 7; r++)
        ROUND(a, b, c, d, slo[r], shi[r]);
    *ra = a;
    *rb = b;
    *rc = c;
    *rd = d;
}

/* rows c and d at the start of a compression */
#define ROW_C _mm_loadu_si128((const __m128i *)(const void *)hb_blake3_iv)
#define ROW_D(lo, hi, len, flags) _mm_setr_epi32((int)(lo), (int)(hi), (int)(len), (int)(flags))
#define LOAD_ROW(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STORE_ROW(p, x) _mm_storeu_si128((__m128i *)(void *)(p), (x))

void hb_blake3_compress_rows_avx512(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                                    uint32_t counter_hi, unsigned block_len, unsigned flags)
{
    __m128i a = LOAD_ROW(cv), b = LOAD_ROW(cv + 4), c = ROW_C;
    __m128i d = ROW_D(counter_lo, counter_hi, block_len, flags);

    rounds(&a, &b, &c, &d, block);
    STORE_ROW(cv, _mm_xor_si128(a, c));
    STORE_ROW(cv + 4, _mm_xor_si128(b, d));
}

void hb_blake3_compress_xof_rows_avx512(const uint32_t *cv, const uint8_t *block,
                                        uint32_t counter_lo, uint32_t counter_hi,
                                        unsigned block_len, unsigned flags, uint8_t *out)
{
    __m128i a = LOAD_ROW(cv), b = LOAD_ROW(cv + 4), c = ROW_C;
    __m128i d = ROW_D(counter_lo, counter_hi, block_len, flags);

    rounds(&a, &b, &c, &d, block);
    STORE_ROW(out, _mm_xor_si128(a, c));
    STORE_ROW(out + 16, _mm_xor_si128(b, d));
    STORE_ROW(out + 32, _mm_xor_si128(c, LOAD_ROW(cv)));
    STORE_ROW(out + 48, _mm_xor_si128(d, LOAD_ROW(cv + 4)));
}

/* `blocks` full blocks of one input (hash_many's lone input, a chunk's
 * blocks before its last): the chaining value stays in rows a and b from
 * one block to the next.  Through the compress above it went to memory
 * and back, with a call, between blocks (1 KiB on Zen 4: 1131 ns that way,
 * 1102 this way). */
void hb_blake3_one_rows_avx512(const uint8_t *in, size_t blocks, const uint32_t *key,
                               uint32_t counter_lo, uint32_t counter_hi, unsigned flags,
                               unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    __m128i a = LOAD_ROW(key), b = LOAD_ROW(key + 4);
    size_t i;

    for (i = 0; i < blocks; i++, in += HB_BLAKE3_BLOCK_LEN) {
        unsigned f = flags | (i == 0 ? flags_start : 0) | (i + 1 == blocks ? flags_end : 0);
        __m128i c = ROW_C, d = ROW_D(counter_lo, counter_hi, HB_BLAKE3_BLOCK_LEN, f);

        rounds(&a, &b, &c, &d, in);
        a = _mm_xor_si128(a, c);
        b = _mm_xor_si128(b, d);
    }
    /* x86 is little-endian: the words' bytes are the output's */
    STORE_ROW(out, a);
    STORE_ROW(out + 16, b);
}
