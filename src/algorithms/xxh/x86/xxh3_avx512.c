/* XXH3 long-input loop with AVX-512 (xxHash specification, doc/xxhash_spec.md,
 * "XXH3 Algorithm Description (for large inputs)"): the eight 64-bit
 * accumulators are one zmm register, so a 64-byte stripe is one load, one
 * XOR with the secret, one vpmuludq (lo32 * hi32 of each lane is exactly
 * what vpmuludq of the value and the value shifted right by 32 gives), one
 * vpshufd that swaps the two 64-bit words of each 128-bit lane (the input
 * word i joins accumulator i ^ 1) and two adds.  The 16 secret vectors of a
 * block stay in registers across whole blocks (AVX-512 has 32 of them).
 * The short inputs, the streaming buffer and the final merge are the shared
 * C code of xxh3_common.c. */
#include <immintrin.h>
#include <string.h>
#include "algorithms/xxh/x86/vector_x86.h"

#define PRIME32_1 0x9E3779B1u

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

static void stripes_avx512(hb_u64 *accp, uint8_t *stripes, const uint8_t *p, size_t n)
{
    const uint8_t *secret = hb_xxh3_default_secret;
    const __m512i skey = _mm512_loadu_si512((const void *)(secret + HB_XXH3_SECRET_SIZE - 64));
    uint64_t w[8];
    __m512i acc;
    unsigned s = *stripes;

    hb_vx_get_words(w, accp, 8);
    acc = _mm512_loadu_si512((const void *)w);

    /* finish a block begun by an earlier call, one stripe at a time */
    while (n > 0 && s != 0) {
        acc = accumulate(acc, p, _mm512_loadu_si512((const void *)(secret + 8u * s)));
        p += HB_XXH3_STRIPE_LEN;
        n--;
        if (++s == HB_XXH3_STRIPES_PER_BLOCK) {
            acc = scramble(acc, skey);
            s = 0;
        }
    }
    /* whole blocks, the 16 keys held in registers */
    if (n >= HB_XXH3_STRIPES_PER_BLOCK) {
        __m512i k0 = _mm512_loadu_si512((const void *)(secret + 0));
        __m512i k1 = _mm512_loadu_si512((const void *)(secret + 8));
        __m512i k2 = _mm512_loadu_si512((const void *)(secret + 16));
        __m512i k3 = _mm512_loadu_si512((const void *)(secret + 24));
        __m512i k4 = _mm512_loadu_si512((const void *)(secret + 32));
        __m512i k5 = _mm512_loadu_si512((const void *)(secret + 40));
        __m512i k6 = _mm512_loadu_si512((const void *)(secret + 48));
        __m512i k7 = _mm512_loadu_si512((const void *)(secret + 56));
        __m512i k8 = _mm512_loadu_si512((const void *)(secret + 64));
        __m512i k9 = _mm512_loadu_si512((const void *)(secret + 72));
        __m512i k10 = _mm512_loadu_si512((const void *)(secret + 80));
        __m512i k11 = _mm512_loadu_si512((const void *)(secret + 88));
        __m512i k12 = _mm512_loadu_si512((const void *)(secret + 96));
        __m512i k13 = _mm512_loadu_si512((const void *)(secret + 104));
        __m512i k14 = _mm512_loadu_si512((const void *)(secret + 112));
        __m512i k15 = _mm512_loadu_si512((const void *)(secret + 120));
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
        acc = accumulate(acc, p, _mm512_loadu_si512((const void *)(secret + 8u * s)));
        p += HB_XXH3_STRIPE_LEN;
        n--;
        s++;
    }

    _mm512_storeu_si512((void *)w, acc);
    hb_vx_put_words(accp, w, 8);
    *stripes = (uint8_t)s;
}

/* (an empty update may pass a null pointer, which memcpy must not see) */
static void copy_memcpy(uint8_t *dst, const uint8_t *src, size_t n)
{
    if (n != 0)
        memcpy(dst, src, n);
}

void hb_xxh3_64_update_avx512(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len)
{
    hb_xxh3_update(c, data, len, stripes_avx512, copy_memcpy);
}

void hb_xxh3_64_final_avx512(hb_xxh3_64_ctx *c, uint8_t *digest)
{
    hb_xxh3_final64(c, digest, stripes_avx512);
}

void hb_xxh3_128_update_avx512(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len)
{
    hb_xxh3_update(c, data, len, stripes_avx512, copy_memcpy);
}

void hb_xxh3_128_final_avx512(hb_xxh3_128_ctx *c, uint8_t *digest)
{
    hb_xxh3_final128(c, digest, stripes_avx512);
}
