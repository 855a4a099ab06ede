/* XXH32 and XXH64 with AVX2 (xxHash specification, doc/xxhash_spec.md),
 * for cores without AVX-512 (measured on Zen 3; docs/impl-xxh.md, "Zen 3 /
 * AVX2-class cores").  The round
 *     acc = rotl(acc + lane * PRIME_2, r) * PRIME_1
 * has two multiplies, but only the second is on the accumulator's chain.
 * On a core with one scalar multiplier (Zen 3: imul 3 cycles, one a
 * cycle) the scalar round issues 8 multiplies a stripe for a 5-cycle
 * chain (add, rotate, imul), so the multiplier bounds it: 8 cycles a
 * stripe at best (the Rust crate 8.6, `fast` 10.8).
 *
 * XXH64 (no 64-bit vector multiply in AVX2): the lane products in the
 * vector unit, three vpmuludq a stripe (lo*lo + ((hi*lo + lo*hi) << 32)),
 * stored to a small buffer and read back by the scalar adds as memory
 * operands; 4 imul a stripe are left, measured 6.9 cycles a stripe (0.215
 * cycles/byte) against the 5 of the chain.
 *
 * XXH32: vpmulld does the 32-bit multiplies, so the four lanes live in
 * one xmm, in the split form of xxh32_avx512.c (below): a 5-cycle chain
 * in 6 instructions a stripe, 0.30-0.33 cycles/byte against 0.50.
 *
 * Short messages keep `fast`'s code where it measured as fast or faster
 * (the thresholds below).  The streaming state is `fast`'s (hb_xxh32_ctx,
 * hb_xxh64_ctx), and so is the final. */
#include <immintrin.h>
#include "algorithms/xxh/x86/xxh_x86.h"
#include "algorithms/xxh/x86/vector_x86.h"
#include "algorithms/common/keep_order_x86.h"

/* from these many bytes of one call (measured on Zen 3: XXH64's hybrid
 * loop loses to `fast` at 128 B, ties at 256 B, wins from 512 B; XXH32's
 * vector loop ties at 32 B and wins from 64 B) */
#define HB_XX64_HYBRID_FROM 256
#define HB_XX32_VECTOR_FROM 64

/* The four lanes stay four scalar registers: GCC's SLP vectoriser would
 * otherwise put them in one ymm, where the 64-bit multiply is three
 * vpmuludq and the rotate three operations (measured: 0.35 cycles/byte) */
#define HB_XX_SCALAR(a0, a1, a2, a3) __asm__("" : "+r"(a0), "+r"(a1), "+r"(a2), "+r"(a3))

/* ---- XXH64 ---------------------------------------------------------------- */

/* The products are made a chunk ahead of the rounds that use them, into
 * the other half of a double buffer, so that the out-of-order core has
 * them (and their stores have left the store queue) when the chain
 * arrives.  Measured on Zen 3 (cycles a 32-byte stripe at 64 KiB): read
 * back in the iteration that stores them, 9.0 (a 32-byte store feeding
 * 8-byte loads); chunks of 2, 4, 8 and 16 stripes: 7.2, 6.9, 7.1 and 9.0.
 * The speed depends on where the rounds' code lands: in one binary 6.9
 * cycles a stripe, in another (hashbench itself, the same object linked
 * 48 bytes further along a 64-byte line) 9.3, and as slow after unrelated
 * edits to this function.  So the function is 64-byte aligned and the
 * rounds of the main loop start on a 64-byte boundary (a few nops a
 * chunk): 6.9 in both binaries.  Also tried, slower: the product loop
 * unrolled (7.5), products and rounds interleaved stripe by stripe in
 * one asm block (9.0).  Recheck 1 KiB and 64 KiB (`hashbench bench -a
 * xxh64 --impl all,peers`) after touching this file. */
#define X64_CHUNK 4                     /* stripes a chunk */

/* lane * PRIME64_2 modulo 2^64 for the four lanes of each of n stripes */
static inline void x64_products(uint64_t *m, const uint8_t *p, size_t n)
{
    const __m256i plo = _mm256_set1_epi64x((long long)(HB_P64_2 & 0xFFFFFFFFu));
    const __m256i phi = _mm256_set1_epi64x((long long)(HB_P64_2 >> 32));
    size_t i;
    for (i = 0; i < n; i++) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * i));
        __m256i lo = _mm256_mul_epu32(x, plo);
        __m256i cross = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(x, 32), plo),
                                         _mm256_mul_epu32(x, phi));
        _mm256_store_si256((__m256i *)(void *)(m + 4 * i),
                           _mm256_add_epi64(lo, _mm256_slli_epi64(cross, 32)));
    }
}

#define X64_ROUNDS(m, i)                                                     \
    do {                                                                     \
        a0 = hb_xx_rotl64(a0 + (m)[4 * (i)], 31) * HB_P64_1;                 \
        a1 = hb_xx_rotl64(a1 + (m)[4 * (i) + 1], 31) * HB_P64_1;             \
        a2 = hb_xx_rotl64(a2 + (m)[4 * (i) + 2], 31) * HB_P64_1;             \
        a3 = hb_xx_rotl64(a3 + (m)[4 * (i) + 3], 31) * HB_P64_1;             \
        HB_XX_SCALAR(a0, a1, a2, a3);                                        \
    } while (0)

/* n whole stripes from p into the lanes v[0..3] */
static __attribute__((noinline, aligned(64))) void x64_stripes(uint64_t v[4], const uint8_t *p, size_t n)
{
    uint64_t a0 = v[0], a1 = v[1], a2 = v[2], a3 = v[3];
    uint64_t m[2][4 * X64_CHUNK] __attribute__((aligned(32)));
    unsigned k = 0, i;

    if (n >= X64_CHUNK) {
        x64_products(m[0], p, X64_CHUNK);
        for (; n >= 2 * X64_CHUNK; n -= X64_CHUNK, p += 32 * X64_CHUNK, k ^= 1) {
            x64_products(m[k ^ 1], p + 32 * X64_CHUNK, X64_CHUNK);
            /* the rounds read the products from memory, as operands of
             * their adds: without this GCC takes them out of the ymm
             * registers (vmovq, vpextrq, vextracti128) */
            __asm__("" : "+m"(m));
            __asm__ volatile(".p2align 6");
#pragma GCC unroll 8
            for (i = 0; i < X64_CHUNK; i++)
                X64_ROUNDS(m[k], i);
        }
        __asm__("" : "+m"(m));
#pragma GCC unroll 8
        for (i = 0; i < X64_CHUNK; i++)
            X64_ROUNDS(m[k], i);
        n -= X64_CHUNK;
        p += 32 * X64_CHUNK;
    }
    /* the last stripes (fewer than a chunk), scalar */
    for (; n > 0; n--, p += 32) {
        a0 = hb_xxh64_round(a0, hb_xx_rd64(p));
        a1 = hb_xxh64_round(a1, hb_xx_rd64(p + 8));
        a2 = hb_xxh64_round(a2, hb_xx_rd64(p + 16));
        a3 = hb_xxh64_round(a3, hb_xx_rd64(p + 24));
    }
    v[0] = a0;
    v[1] = a1;
    v[2] = a2;
    v[3] = a3;
}

static __attribute__((noinline)) void x64_oneshot_long(const uint8_t *p, size_t len, uint8_t *digest)
{
    const uint8_t *end = p + len;
    uint64_t v[4] = { HB_P64_1 + HB_P64_2, HB_P64_2, 0, 0 - HB_P64_1 }, r[4], acc;
    size_t n = len / 32;

    x64_stripes(v, p, n);
    p += n * 32;
    acc = hb_xx_rotl64(v[0], 1) + hb_xx_rotl64(v[1], 7) + hb_xx_rotl64(v[2], 12) +
          hb_xx_rotl64(v[3], 18);
    r[0] = hb_xxh64_round(0, v[0]);
    r[1] = hb_xxh64_round(0, v[1]);
    r[2] = hb_xxh64_round(0, v[2]);
    r[3] = hb_xxh64_round(0, v[3]);
    hb_xxh64_finish(hb_xxh64_merge(acc, r), p, end, len, digest);
}

void hb_xxh64_oneshot_avx2(const uint8_t *p, size_t len, uint8_t *digest)
{
    if (len < HB_XX64_HYBRID_FROM)
        hb_xxh64_oneshot_fast(p, len, digest);
    else
        x64_oneshot_long(p, len, digest);
}

/* ---- XXH32 ---------------------------------------------------------------- */

/* XXH32 is different: vpmulld does the 32-bit multiplies, so the four
 * lanes live in one xmm, in xxh32_avx512.c's split form (explained there),
 * which needs no rotate instruction and so none of AVX-512's:
 *     u' = (u * (PRIME32_1 << 13) + lane * PRIME32_2) + (u >> 19) * PRIME32_1,
 * carrying u = v + lane * PRIME32_2.  Its chain is vpmulld (3 cycles on
 * Zen 3) and two vpaddd, or vpsrld, vpmulld and vpaddd: 5 cycles a
 * 16-byte stripe, as the scalar chain, but in 6 instructions instead of
 * 16, so the vector unit's three multiplies (two issue a cycle) and not
 * the scalar multiplier bound it (the scalar round's 8 imul a stripe:
 * 0.50 cycles/byte). */
static inline __m128i x32_split_round(__m128i u, const uint8_t *p, __m128i k, __m128i p1,
                                      __m128i p2)
{
    __m128i a = _mm_mullo_epi32(_mm_loadu_si128((const __m128i *)(const void *)p), p2);
    __m128i left = _mm_add_epi32(_mm_mullo_epi32(u, k), a);
    HB_X86_PIN(left);           /* or GCC adds a to the product ready last */
    return _mm_add_epi32(left, _mm_mullo_epi32(_mm_srli_epi32(u, 19), p1));
}

/* n >= 1 whole stripes from p into the lanes v */
static inline __m128i x32_stripes(__m128i v, const uint8_t *p, size_t n)
{
    const __m128i p1 = _mm_set1_epi32((int)HB_P32_1), p2 = _mm_set1_epi32((int)HB_P32_2);
    const __m128i k = _mm_set1_epi32((int)(HB_P32_1 << 13));
    __m128i u = _mm_add_epi32(v, _mm_mullo_epi32(_mm_loadu_si128((const __m128i *)(const void *)p), p2));

    for (p += 16, n--; n >= 4; n -= 4, p += 64) {
        u = x32_split_round(u, p, k, p1, p2);
        u = x32_split_round(u, p + 16, k, p1, p2);
        u = x32_split_round(u, p + 32, k, p1, p2);
        u = x32_split_round(u, p + 48, k, p1, p2);
    }
    for (; n > 0; n--, p += 16)
        u = x32_split_round(u, p, k, p1, p2);
    return _mm_add_epi32(_mm_mullo_epi32(u, k), _mm_mullo_epi32(_mm_srli_epi32(u, 19), p1));
}

/* rotl(v0, 1) + rotl(v1, 7) + rotl(v2, 12) + rotl(v3, 18) */
static inline uint32_t x32_converge(__m128i v)
{
    return hb_xx_rotl32((uint32_t)_mm_cvtsi128_si32(v), 1) +
           hb_xx_rotl32((uint32_t)_mm_extract_epi32(v, 1), 7) +
           hb_xx_rotl32((uint32_t)_mm_extract_epi32(v, 2), 12) +
           hb_xx_rotl32((uint32_t)_mm_extract_epi32(v, 3), 18);
}

static __attribute__((noinline)) void x32_oneshot_long(const uint8_t *p, size_t len, uint8_t *digest)
{
    const __m128i start = _mm_setr_epi32((int)(HB_P32_1 + HB_P32_2), (int)HB_P32_2, 0,
                                         (int)(0u - HB_P32_1));
    size_t n = len / 16;
    uint32_t acc = x32_converge(x32_stripes(start, p, n));
    hb_xxh32_finish(acc, p + n * 16, p + len, len, digest);
}

void hb_xxh32_oneshot_avx2(const uint8_t *p, size_t len, uint8_t *digest)
{
    if (len < HB_XX32_VECTOR_FROM)
        hb_xxh32_oneshot_fast(p, len, digest);
    else
        x32_oneshot_long(p, len, digest);
}

/* ---- streaming: `fast`'s state, buffer and final ------------------------- */

void hb_xxh64_update_avx2(hb_xxh64_ctx *c, const uint8_t *data, size_t len)
{
    uint64_t v[4];
    size_t n, take;
    hb_u64 t;

    if (len < HB_XX64_HYBRID_FROM) {
        hb_xxh64_update_fast(c, data, len);
        return;
    }
    if (c->used > 0) {
        /* complete the buffered stripe through `fast` */
        take = 32u - c->used;
        hb_xxh64_update_fast(c, data, take);
        data += take;
        len -= take;
    }
    n = len / 32;
    hb_vx_get_words(v, c->v, 4);
    x64_stripes(v, data, n);
    hb_vx_put_words(c->v, v, 4);
    /* the total, as `fast` adds it (len may pass 32 bits) */
    HB_U64_ADD32(c->total, c->total, (uint32_t)(n * 32));
    HB_U64_SET(t, (uint32_t)(n * 32 / 65536UL / 65536UL), 0);
    HB_U64_ADD(c->total, c->total, t);
    /* the last len % 32 bytes into the buffer */
    hb_xxh64_update_fast(c, data + n * 32, len - n * 32);
}

void hb_xxh32_update_avx2(hb_xxh32_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t w[4];
    size_t n, take;
    __m128i v;

    if (len < HB_XX32_VECTOR_FROM) {
        hb_xxh32_update_fast(c, data, len);
        return;
    }
    if (c->used > 0) {
        take = 16u - c->used;
        hb_xxh32_update_fast(c, data, take);
        data += take;
        len -= take;
    }
    n = len / 16;
    /* the lanes as `fast` keeps them (4-byte stores and loads, which
     * forward to each other; a 16-byte load would wait for the cache) */
    v = _mm_setr_epi32((int)c->v[0], (int)c->v[1], (int)c->v[2], (int)c->v[3]);
    v = x32_stripes(v, data, n);
    _mm_storeu_si128((__m128i *)(void *)w, v);
    c->v[0] = w[0];
    c->v[1] = w[1];
    c->v[2] = w[2];
    c->v[3] = w[3];
    c->total += (uint32_t)(n * 16);
    c->large = 1;
    hb_xxh32_update_fast(c, data + n * 16, len - n * 16);
}
