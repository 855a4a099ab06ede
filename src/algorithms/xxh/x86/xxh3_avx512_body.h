/* XXH3 long-input loop with AVX-512 (xxHash specification, doc/xxhash_spec.md,
 * "XXH3 Algorithm Description (for large inputs)"): the eight 64-bit
 * accumulators are one zmm register, so a 64-byte stripe is one load, one
 * XOR with the secret, one vpmuludq (lo32 * hi32 of each lane is exactly
 * what vpmuludq of the value and the value shifted right by 32 gives), one
 * vpshufd that swaps the two 64-bit words of each 128-bit lane (the input
 * word i joins accumulator i ^ 1) and two adds.  The 16 secret vectors of a
 * block stay in registers across whole blocks (AVX-512 has 32 of them).
 * The streaming layer, the short inputs and the final merge are
 * xxh3_x86_stream.h's, built here around this zmm.
 *
 * One body, two implementations (their files define, then include this):
 *   XXH3_PREFETCH_FROM   message length from which the whole-block loop
 *                        prefetches the next block (HB_XXH3_NEVER: never)
 *   HB_X3_NAME(x)        the public names (xxh3_x86_stream.h)
 * xxh3_avx512.c (`avx512`: from 256 KiB) and xxh3_noprefetch_avx512.c
 * (`avx512-noprefetch`); the rows' core ranks choose (xxh_x86_rows.c).
 * Include only from a file built with the _avx512 flags. */
#ifndef HB_XXH3_AVX512_BODY_H
#define HB_XXH3_AVX512_BODY_H

#include <immintrin.h>
#include "algorithms/xxh/x86/vector_x86.h"
#include "algorithms/xxh/x86/xxh3_x86_scalar.h"

#define HB_XXH3_NEVER ((size_t)-1)

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

/* The sixteen stripes of one whole block (without its scramble), in asm.
 * The C form (accumulate, sixteen times) compiles with GCC 12 to two or
 * three loads a stripe: the default secret is a constant, so GCC reloads
 * each key from memory into its XOR instead of keeping it in a register,
 * and folds a second load of the data into the shuffle; forcing either
 * into a register only moved the loads to spills.  Here each stripe is one
 * load and the keys stay in registers, as clang compiles the C (measured
 * 6% faster than GCC's code at 64 KiB).
 *
 * Within a block the accumulators only add, so the swapped input words
 * can be summed unswapped and swapped once at the block's end:
 *   acc + sum(prod_s + swap(d_s)) = acc + sum(prod_s) + swap(sum(d_s)).
 * That takes the vpshufd out of every stripe, leaving one shift-unit
 * operation (vpsrlq) where there were two; on Zen 4 a zmm shift or shuffle
 * issues at one a cycle.  Even stripes add into acc and s0, odd ones into
 * odd and s1, which halves each add chain.
 *
 * Always inlined, with the keys as sixteen values: GCC 12 compiled the
 * static inline form taking an array as a call per block that loaded all
 * sixteen keys from the caller's stack, 32 loads a block instead of 16
 * (xxh3-64 about 6 % faster on Zen 4 at 64 KiB and 1 MiB without them,
 * docs/impl-xxh3-adler-sha3.md "Zen 5 (issue 34)"). */
/* One block is 16 stripes of 64 bytes; software prefetch (below) from
 * XXH3_PREFETCH_FROM bytes. */
#define XXH3_BLOCK_BYTES (HB_XXH3_STRIPES_PER_BLOCK * HB_XXH3_STRIPE_LEN)

/* stripe at p + off: prod += (d ^ key).lo32 * (d ^ key).hi32, sum += d */
#define X3_STRIPE(off, key, prod, sum)                                       \
    "vmovdqu64 " #off "(%[p]), %[d]\n\t"                                    \
    "vpxorq %[" #key "], %[d], %[t]\n\t"                                    \
    "vpsrlq $32, %[t], %[u]\n\t"                                            \
    "vpmuludq %[u], %[t], %[t]\n\t"                                         \
    "vpaddq %[d], %[" #sum "], %[" #sum "]\n\t"                             \
    "vpaddq %[t], %[" #prod "], %[" #prod "]\n\t"

HB_X3_INLINE __m512i block16(__m512i acc, const uint8_t *p, __m512i k0, __m512i k1, __m512i k2,
                             __m512i k3, __m512i k4, __m512i k5, __m512i k6, __m512i k7,
                             __m512i k8, __m512i k9, __m512i k10, __m512i k11, __m512i k12,
                             __m512i k13, __m512i k14, __m512i k15)
{
    __m512i d, t, u, odd = _mm512_setzero_si512(), s0 = _mm512_setzero_si512();
    __m512i s1 = _mm512_setzero_si512();
    __asm__(
    X3_STRIPE(0, k0, acc, s0)
    X3_STRIPE(64, k1, odd, s1)
    X3_STRIPE(128, k2, acc, s0)
    X3_STRIPE(192, k3, odd, s1)
    X3_STRIPE(256, k4, acc, s0)
    X3_STRIPE(320, k5, odd, s1)
    X3_STRIPE(384, k6, acc, s0)
    X3_STRIPE(448, k7, odd, s1)
    X3_STRIPE(512, k8, acc, s0)
    X3_STRIPE(576, k9, odd, s1)
    X3_STRIPE(640, k10, acc, s0)
    X3_STRIPE(704, k11, odd, s1)
    X3_STRIPE(768, k12, acc, s0)
    X3_STRIPE(832, k13, odd, s1)
    X3_STRIPE(896, k14, acc, s0)
    X3_STRIPE(960, k15, odd, s1)
    "vpaddq %[s1], %[s0], %[s0]\n\t"
    "vpshufd $0x4e, %[s0], %[s0]\n\t"
    "vpaddq %[odd], %[acc], %[acc]\n\t"
    "vpaddq %[s0], %[acc], %[acc]"
    : [acc] "+v"(acc), [odd] "+v"(odd), [s0] "+v"(s0), [s1] "+v"(s1), [d] "=&v"(d),
      [t] "=&v"(t), [u] "=&v"(u)
    : [p] "r"(p), [k0] "v"(k0), [k1] "v"(k1), [k2] "v"(k2), [k3] "v"(k3),
      [k4] "v"(k4), [k5] "v"(k5), [k6] "v"(k6), [k7] "v"(k7), [k8] "v"(k8),
      [k9] "v"(k9), [k10] "v"(k10), [k11] "v"(k11), [k12] "v"(k12),
      [k13] "v"(k13), [k14] "v"(k14), [k15] "v"(k15)
    : "memory");
    return acc;
}
#undef X3_STRIPE

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
        /* sixteen variables, not an array: GCC keeps an array of keys in
         * memory and loads all sixteen again for every block, as many
         * loads as the block's own (and, called out of line, the block
         * took them from the stack as well) */
        const __m512i skey = key_at(secret + HB_XXH3_SECRET_SIZE - 64);
        const __m512i k0 = key_at(secret), k1 = key_at(secret + 8), k2 = key_at(secret + 16);
        const __m512i k3 = key_at(secret + 24), k4 = key_at(secret + 32), k5 = key_at(secret + 40);
        const __m512i k6 = key_at(secret + 48), k7 = key_at(secret + 56), k8 = key_at(secret + 64);
        const __m512i k9 = key_at(secret + 72), k10 = key_at(secret + 80), k11 = key_at(secret + 88);
        const __m512i k12 = key_at(secret + 96), k13 = key_at(secret + 104), k14 = key_at(secret + 112);
        const __m512i k15 = key_at(secret + 120);
#define X3_KEYS k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15
        /* Zen 5: input beyond the L2 cache streams from L3 at about 25
         * bytes a cycle, faster than the hardware prefetcher keeps up
         * with: ask for the next block's 16 lines a block ahead (about
         * 4-5 % at 1 MiB, so from 256 KiB).  Below that size the lines are
         * in L2 already and the 16 extra instructions a block only cost
         * (2-3 % at 64 KiB).  Zen 4 runs half as many stripes a cycle,
         * its prefetcher keeps up, and the prefetches cost 2-3 % at 1 and
         * 4 MiB: never there (`avx512-noprefetch`). */
        if (XXH3_PREFETCH_FROM != HB_XXH3_NEVER && n * HB_XXH3_STRIPE_LEN >= XXH3_PREFETCH_FROM) {
            do {
                unsigned j;
                /* unrolled: as a loop GCC made it 64 instructions a block
                 * (prefetch, add, compare, branch), 16 here */
#pragma GCC unroll 16
                for (j = 0; j < HB_XXH3_STRIPES_PER_BLOCK; j++)
                    _mm_prefetch((const char *)p + XXH3_BLOCK_BYTES + 64 * j, _MM_HINT_T0);
                acc = block16(acc, p, X3_KEYS);
                acc = scramble(acc, skey);
                p += XXH3_BLOCK_BYTES;
                n -= HB_XXH3_STRIPES_PER_BLOCK;
            } while (n >= HB_XXH3_STRIPES_PER_BLOCK);
        }
        while (n >= HB_XXH3_STRIPES_PER_BLOCK) {
            acc = block16(acc, p, X3_KEYS);
            acc = scramble(acc, skey);
            p += XXH3_BLOCK_BYTES;
            n -= HB_XXH3_STRIPES_PER_BLOCK;
        }
#undef X3_KEYS
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

#include "algorithms/xxh/x86/xxh3_x86_stream.h"

#endif /* HB_XXH3_AVX512_BODY_H */
