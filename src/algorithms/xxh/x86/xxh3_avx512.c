/* XXH3 long-input loop with AVX-512 (xxHash specification, doc/xxhash_spec.md,
 * "XXH3 Algorithm Description (for large inputs)"): the eight 64-bit
 * accumulators are one zmm register, so a 64-byte stripe is one load, one
 * XOR with the secret, one vpmuludq (lo32 * hi32 of each lane is exactly
 * what vpmuludq of the value and the value shifted right by 32 gives), one
 * vpshufd that swaps the two 64-bit words of each 128-bit lane (the input
 * word i joins accumulator i ^ 1) and two adds.  The 16 secret vectors of a
 * block stay in registers across whole blocks (AVX-512 has 32 of them).
 * The streaming layer, the short inputs and the final merge are
 * xxh3_x86_stream.h's, built here around this zmm. */
#include <immintrin.h>
#include "algorithms/xxh/x86/vector_x86.h"
#include "algorithms/xxh/x86/xxh3_x86_scalar.h"

#define PRIME32_1 0x9E3779B1u

typedef __m512i hb_x3_acc;

static inline __m512i key_at(const uint8_t *key) { return _mm512_loadu_si512((const void *)key); }

/* acc += (d ^ key).lo32 * (d ^ key).hi32 + swap64(d) */
static inline __m512i accumulate(__m512i acc, const uint8_t *p, __m512i key)
{
    __m512i d = _mm512_loadu_si512((const void *)p);
    __m512i k;
    /* one load feeding both the XOR and the shuffle: without this GCC folds
     * the load into each of them, and the loads are what limits the loop */
    __asm__("" : "+v"(d));
    k = _mm512_xor_si512(d, key);
    __m512i prod = _mm512_mul_epu32(k, _mm512_srli_epi64(k, 32));
    __m512i sw = _mm512_shuffle_epi32(d, (_MM_PERM_ENUM)0x4E);
    return _mm512_add_epi64(acc, _mm512_add_epi64(prod, sw));
}

/* acc = (acc ^ (acc >> 47) ^ key) * PRIME32_1, the 64 x 32-bit product
 * from two vpmuludq (AVX-512F has no 64-bit multiply; vpmullq is DQ) */
static inline __m512i scramble(__m512i acc, __m512i key)
{
    __m512i prime = _mm512_set1_epi64(PRIME32_1);
    __m512i a = _mm512_ternarylogic_epi64(acc, _mm512_srli_epi64(acc, 47), key, 0x96);
    __m512i lo = _mm512_mul_epu32(a, prime);
    __m512i hi = _mm512_mul_epu32(_mm512_srli_epi64(a, 32), prime);
    return _mm512_add_epi64(lo, _mm512_slli_epi64(hi, 32));
}

/* ---- what xxh3_x86_stream.h builds on ----------------------------------- */

/* Copies into the state in 64-byte moves, the last ending exactly at the
 * end: the stripe loads that follow (the last stripe always ends at the
 * end) then read what one store wrote and take it from the store buffer;
 * a 64-byte load over two 32-byte stores could not, and would wait for
 * them to reach the cache. */
static inline void hb_x3_copy(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i;
    if (n < 64) {
        hb_x3_copy_small(dst, src, n);
        return;
    }
    for (i = 0; i + 64 < n; i += 64)
        _mm512_storeu_si512((void *)(dst + i), _mm512_loadu_si512((const void *)(src + i)));
    _mm512_storeu_si512((void *)(dst + n - 64), _mm512_loadu_si512((const void *)(src + n - 64)));
}

static inline __m512i hb_x3_acc_load(const uint64_t w[8]) { return _mm512_loadu_si512((const void *)w); }
static inline void hb_x3_acc_store(uint64_t w[8], __m512i a) { _mm512_storeu_si512((void *)w, a); }

static inline void hb_x3_acc_merge_words(uint64_t w[8], __m512i a, const uint8_t *key)
{
    _mm512_storeu_si512((void *)w, _mm512_xor_si512(a, key_at(key)));
}

static inline __m512i hb_x3_acc_stripe(__m512i acc, const uint8_t *p, const uint8_t *key)
{
    return accumulate(acc, p, key_at(key));
}

static inline __m512i hb_x3_acc_scramble(__m512i acc)
{
    return scramble(acc, key_at(hb_xxh3_default_secret + HB_XXH3_SECRET_SIZE - 64));
}

HB_X3_INLINE __m512i hb_x3_acc_run(__m512i acc, unsigned *stripes, const uint8_t *p, size_t n)
{
    const uint8_t *secret = hb_xxh3_default_secret;
    unsigned s = *stripes;

    /* finish a block begun by an earlier call, one stripe at a time */
    while (n > 0 && s != 0) {
        acc = accumulate(acc, p, key_at(secret + 8u * s));
        p += HB_XXH3_STRIPE_LEN;
        n--;
        if (++s == HB_XXH3_STRIPES_PER_BLOCK) {
            acc = hb_x3_acc_scramble(acc);
            s = 0;
        }
    }
    /* whole blocks, the 16 keys held in registers */
    if (n >= HB_XXH3_STRIPES_PER_BLOCK) {
        const __m512i skey = key_at(secret + HB_XXH3_SECRET_SIZE - 64);
        __m512i k0 = key_at(secret + 0), k1 = key_at(secret + 8);
        __m512i k2 = key_at(secret + 16), k3 = key_at(secret + 24);
        __m512i k4 = key_at(secret + 32), k5 = key_at(secret + 40);
        __m512i k6 = key_at(secret + 48), k7 = key_at(secret + 56);
        __m512i k8 = key_at(secret + 64), k9 = key_at(secret + 72);
        __m512i k10 = key_at(secret + 80), k11 = key_at(secret + 88);
        __m512i k12 = key_at(secret + 96), k13 = key_at(secret + 104);
        __m512i k14 = key_at(secret + 112), k15 = key_at(secret + 120);
        do {
            acc = accumulate(acc, p + 0 * 64, k0);
            acc = accumulate(acc, p + 1 * 64, k1);
            acc = accumulate(acc, p + 2 * 64, k2);
            acc = accumulate(acc, p + 3 * 64, k3);
            acc = accumulate(acc, p + 4 * 64, k4);
            acc = accumulate(acc, p + 5 * 64, k5);
            acc = accumulate(acc, p + 6 * 64, k6);
            acc = accumulate(acc, p + 7 * 64, k7);
            acc = accumulate(acc, p + 8 * 64, k8);
            acc = accumulate(acc, p + 9 * 64, k9);
            acc = accumulate(acc, p + 10 * 64, k10);
            acc = accumulate(acc, p + 11 * 64, k11);
            acc = accumulate(acc, p + 12 * 64, k12);
            acc = accumulate(acc, p + 13 * 64, k13);
            acc = accumulate(acc, p + 14 * 64, k14);
            acc = accumulate(acc, p + 15 * 64, k15);
            acc = scramble(acc, skey);
            p += HB_XXH3_STRIPES_PER_BLOCK * HB_XXH3_STRIPE_LEN;
            n -= HB_XXH3_STRIPES_PER_BLOCK;
        } while (n >= HB_XXH3_STRIPES_PER_BLOCK);
    }
    /* the start of a block the next call (or the final step) finishes */
    while (n > 0) {
        acc = accumulate(acc, p, key_at(secret + 8u * s));
        p += HB_XXH3_STRIPE_LEN;
        n--;
        s++;
    }
    *stripes = s;
    return acc;
}

#define HB_X3_NAME(x) x##_avx512
#include "algorithms/xxh/x86/xxh3_x86_stream.h"
