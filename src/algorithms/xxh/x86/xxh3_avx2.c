/* XXH3 long-input loop with AVX2 (xxHash specification, doc/xxhash_spec.md,
 * "XXH3 Algorithm Description (for large inputs)"): the eight 64-bit
 * accumulators are two ymm registers, four lanes each.  Per 32 bytes: one
 * load, one XOR with the secret, one vpmuludq (lo32 * hi32 of each lane is
 * vpmuludq of the value and the value shifted right by 32), one vpshufd
 * that swaps the 64-bit words of each 128-bit lane (input word i joins
 * accumulator i ^ 1, and the pairs never cross a 128-bit lane) and two
 * adds.  With 16 ymm registers the secret is read from memory as a source
 * operand, which L1 serves for free.  The streaming layer, the short
 * inputs and the final merge are xxh3_x86_stream.h's, built here around
 * the pair of ymm registers. */
#include <immintrin.h>
#include "algorithms/xxh/x86/vector_x86.h"
#include "algorithms/xxh/x86/xxh3_x86_scalar.h"

#define PRIME32_1 0x9E3779B1u

static inline __m256i load(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

/* acc += (d ^ key).lo32 * (d ^ key).hi32 + swap64(d) */
static inline __m256i accumulate(__m256i acc, const uint8_t *p, const uint8_t *key)
{
    __m256i d = load(p);
    __m256i k;
    /* one load feeding both the XOR and the shuffle: without this GCC folds
     * the load into each of them, and the loads are what limits the loop */
    __asm__("" : "+x"(d));
    k = _mm256_xor_si256(d, load(key));
    __m256i prod = _mm256_mul_epu32(k, _mm256_srli_epi64(k, 32));
    __m256i sw = _mm256_shuffle_epi32(d, 0x4E);
    return _mm256_add_epi64(acc, _mm256_add_epi64(prod, sw));
}

/* acc = (acc ^ (acc >> 47) ^ key) * PRIME32_1, from two vpmuludq */
static inline __m256i scramble(__m256i acc, const uint8_t *key)
{
    __m256i prime = _mm256_set1_epi64x(PRIME32_1);
    __m256i a = _mm256_xor_si256(_mm256_xor_si256(acc, _mm256_srli_epi64(acc, 47)), load(key));
    __m256i lo = _mm256_mul_epu32(a, prime);
    __m256i hi = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), prime);
    return _mm256_add_epi64(lo, _mm256_slli_epi64(hi, 32));
}

/* ---- what xxh3_x86_stream.h builds on ----------------------------------- */

/* the eight accumulators: lanes 0-3 and 4-7 */
typedef struct hb_x3_acc {
    __m256i lo, hi;
} hb_x3_acc;

static inline hb_x3_acc hb_x3_acc_load(const uint64_t w[8])
{
    hb_x3_acc a;
    a.lo = load((const uint8_t *)w);
    a.hi = load((const uint8_t *)(w + 4));
    return a;
}

static inline void hb_x3_acc_store(uint64_t w[8], hb_x3_acc a)
{
    _mm256_storeu_si256((__m256i *)(void *)w, a.lo);
    _mm256_storeu_si256((__m256i *)(void *)(w + 4), a.hi);
}

static inline void hb_x3_acc_merge_words(uint64_t w[8], hb_x3_acc a, const uint8_t *key)
{
    _mm256_storeu_si256((__m256i *)(void *)w, _mm256_xor_si256(a.lo, load(key)));
    _mm256_storeu_si256((__m256i *)(void *)(w + 4), _mm256_xor_si256(a.hi, load(key + 32)));
}

static inline hb_x3_acc hb_x3_acc_stripe(hb_x3_acc a, const uint8_t *p, const uint8_t *key)
{
    a.lo = accumulate(a.lo, p, key);
    a.hi = accumulate(a.hi, p + 32, key + 32);
    return a;
}

static inline hb_x3_acc hb_x3_acc_scramble(hb_x3_acc a)
{
    const uint8_t *skey = hb_xxh3_default_secret + HB_XXH3_SECRET_SIZE - 64;
    a.lo = scramble(a.lo, skey);
    a.hi = scramble(a.hi, skey + 32);
    return a;
}

/* The sixteen stripes of one whole block (without its scramble), in asm.
 * GCC 12 compiles the C form (accumulate, sixteen times) by reassociating
 * a block's adds into trees whose partial sums spill (some fifty ymm
 * stores to the stack and as many reloads in each long one-shot): on
 * Zen 3, 0.073 (XXH3-64) and 0.099 (XXH3-128) cycles/byte against the
 * peers' 0.060; this form 0.050 (docs/impl-xxh3-adler-sha3.md, "XXH3 on
 * Zen 3 / AVX2-class cores").
 *
 * As in xxh3_avx512.c, the input words are summed unswapped and swapped
 * once at the block's end: within a block the accumulators only add, so
 *   acc + sum(prod_s + swap(d_s)) = acc + sum(prod_s) + swap(sum(d_s)).
 * A 32-byte step is then one load, an XOR with the secret (a memory
 * operand: a block's 32 keys do not fit 16 ymm registers), vpsrlq,
 * vpmuludq and two vpaddq: five vector operations where there were six,
 * and one on the shift/shuffle pipes (FP1/FP2 on Zen 3) where there were
 * two.  The two halves of a stripe use temporaries of their own.  Always
 * inlined: GCC otherwise made it a function, the accumulators went
 * through memory and a vzeroupper ran before each block (0.067 c/B). */
HB_X3_INLINE void block16(__m256i *lo_io, __m256i *hi_io, const uint8_t *p, const uint8_t *key)
{
    __m256i lo = *lo_io, hi = *hi_io, d0, t0, u0, d1, t1, u1;
    __m256i s0 = _mm256_setzero_si256(), s1 = _mm256_setzero_si256();
    __asm__(
#define X3_S(j)                                                              \
    "vmovdqu " #j "*64(%[p]), %[d0]\n\t"                                    \
    "vpxor " #j "*8(%[k]), %[d0], %[t0]\n\t"                                \
    "vmovdqu " #j "*64+32(%[p]), %[d1]\n\t"                                 \
    "vpxor " #j "*8+32(%[k]), %[d1], %[t1]\n\t"                             \
    "vpsrlq $32, %[t0], %[u0]\n\t"                                          \
    "vpsrlq $32, %[t1], %[u1]\n\t"                                          \
    "vpmuludq %[u0], %[t0], %[t0]\n\t"                                      \
    "vpmuludq %[u1], %[t1], %[t1]\n\t"                                      \
    "vpaddq %[d0], %[s0], %[s0]\n\t"                                        \
    "vpaddq %[d1], %[s1], %[s1]\n\t"                                        \
    "vpaddq %[t0], %[lo], %[lo]\n\t"                                        \
    "vpaddq %[t1], %[hi], %[hi]\n\t"
    X3_S(0) X3_S(1) X3_S(2) X3_S(3) X3_S(4) X3_S(5) X3_S(6) X3_S(7)
    X3_S(8) X3_S(9) X3_S(10) X3_S(11) X3_S(12) X3_S(13) X3_S(14) X3_S(15)
#undef X3_S
    "vpshufd $0x4e, %[s0], %[s0]\n\t"
    "vpshufd $0x4e, %[s1], %[s1]\n\t"
    "vpaddq %[s0], %[lo], %[lo]\n\t"
    "vpaddq %[s1], %[hi], %[hi]"
    : [lo] "+x"(lo), [hi] "+x"(hi), [s0] "+x"(s0), [s1] "+x"(s1), [d0] "=&x"(d0),
      [t0] "=&x"(t0), [u0] "=&x"(u0), [d1] "=&x"(d1), [t1] "=&x"(t1), [u1] "=&x"(u1)
    : [p] "r"(p), [k] "r"(key)
    : "memory");
    *lo_io = lo;
    *hi_io = hi;
}

HB_X3_INLINE hb_x3_acc hb_x3_acc_run(hb_x3_acc a, unsigned *stripes, const uint8_t *p, size_t n)
{
    const uint8_t *secret = hb_xxh3_default_secret;
    __m256i lo = a.lo, hi = a.hi;
    unsigned s = *stripes;

    /* finish a block begun by an earlier call, one stripe at a time */
    while (n > 0 && s != 0) {
        lo = accumulate(lo, p, secret + 8u * s);
        hi = accumulate(hi, p + 32, secret + 8u * s + 32);
        p += HB_XXH3_STRIPE_LEN;
        n--;
        if (++s == HB_XXH3_STRIPES_PER_BLOCK) {
            lo = scramble(lo, secret + HB_XXH3_SECRET_SIZE - 64);
            hi = scramble(hi, secret + HB_XXH3_SECRET_SIZE - 32);
            s = 0;
        }
    }
    /* whole blocks */
    while (n >= HB_XXH3_STRIPES_PER_BLOCK) {
        block16(&lo, &hi, p, secret);
        lo = scramble(lo, secret + HB_XXH3_SECRET_SIZE - 64);
        hi = scramble(hi, secret + HB_XXH3_SECRET_SIZE - 32);
        p += HB_XXH3_STRIPES_PER_BLOCK * HB_XXH3_STRIPE_LEN;
        n -= HB_XXH3_STRIPES_PER_BLOCK;
    }
    /* the start of a block the next call (or the final step) finishes */
    while (n > 0) {
        lo = accumulate(lo, p, secret + 8u * s);
        hi = accumulate(hi, p + 32, secret + 8u * s + 32);
        p += HB_XXH3_STRIPE_LEN;
        n--;
        s++;
    }
    *stripes = s;
    a.lo = lo;
    a.hi = hi;
    return a;
}

/* 32-byte moves, as wide as the stripe loads (see xxh3_avx512.c) */
static inline void hb_x3_copy(uint8_t *dst, const uint8_t *src, size_t n)
{
    hb_x3_copy_small(dst, src, n);
}

#define HB_X3_NAME(x) x##_avx2
#include "algorithms/xxh/x86/xxh3_x86_stream.h"
