/* XXH3 on x86-64: the scalar steps the AVX2 and AVX-512 files share, in
 * native 64-bit C (xxHash specification, doc/xxhash_spec.md, "XXH3
 * Algorithm Description"; seed 0, default secret): the whole hash of 0 to
 * 240 bytes for 64 and 128 bits, the final merge of the accumulators, and
 * the small copy into the streaming buffer (xxh3_x86_stream.h uses them).
 *
 * Why not xxh3_common.c's versions: those are written in the portable
 * subset (hb_u64 macros, a 16-bit int in mind) and reached through two
 * calls and a function pointer; here everything is static inline, so a
 * short message's final step is one straight run of loads, mulx and adds
 * compiled into the AVX2 / AVX-512 file that calls it.  The results are
 * the same by construction: both follow the specification step by step,
 * and the verify and differential tests check both on every length.
 *
 * Included only by files built with -mavx2 -mbmi2 (or more). */
#ifndef HB_XXH3_X86_SCALAR_H
#define HB_XXH3_X86_SCALAR_H

#include <immintrin.h>
#include <stdint.h>
#include <string.h>
#include "hashbench/xxh3.h"

#define HB_X3_P32_1 0x9E3779B1u
#define HB_X3_P32_2 0x85EBCA77u
#define HB_X3_P32_3 0xC2B2AE3Du
#define HB_X3_P64_1 0x9E3779B185EBCA87ull
#define HB_X3_P64_2 0xC2B2AE3D27D4EB4Full
#define HB_X3_P64_3 0x165667B19E3779F9ull
#define HB_X3_P64_4 0x85EBCA77C2B2AE63ull
#define HB_X3_P64_5 0x27D4EB2F165667C5ull
#define HB_X3_MX1 0x165667919E3779F9ull
#define HB_X3_MX2 0x9FB21C651E98DF25ull

/* The secret as memory operands: an XOR with a memory operand is one
 * instruction, where an immediate 64-bit secret word would take a movabs
 * and the XOR (tried: 64-byte XXH3-64 went from 11.3 to 12.9 cycles). */
#define HB_X3_SECRET hb_xxh3_default_secret

/* For the functions that take or return the accumulators by value: a call
 * would pass AVX2's pair of ymm through memory in 16-byte halves, and the
 * 32-byte loads after it could not take them from the store buffer. */
#define HB_X3_INLINE static inline __attribute__((always_inline))

/* the 64 x 64 -> 128-bit product (one mulx) */
__extension__ typedef unsigned __int128 hb_x3_u128;

static inline uint64_t hb_x3_rd64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);               /* x86 is little-endian, as the spec reads */
    return v;
}

static inline uint32_t hb_x3_rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint64_t hb_x3_rotl(uint64_t x, unsigned r) { return (x << r) | (x >> (64 - r)); }

/* low half xor high half of the 128-bit product */
static inline uint64_t hb_x3_mulfold(uint64_t a, uint64_t b)
{
    hb_x3_u128 p = (hb_x3_u128)a * b;
    return (uint64_t)p ^ (uint64_t)(p >> 64);
}

/* spec: avalanche() */
static inline uint64_t hb_x3_avalanche(uint64_t h)
{
    h ^= h >> 37;
    h *= HB_X3_MX1;
    return h ^ (h >> 32);
}

/* spec: avalanche_XXH64() */
static inline uint64_t hb_x3_avalanche64(uint64_t h)
{
    h ^= h >> 33;
    h *= HB_X3_P64_2;
    h ^= h >> 29;
    h *= HB_X3_P64_3;
    return h ^ (h >> 32);
}

/* spec: mixStep(data, secretOffset, 0) */
static inline uint64_t hb_x3_mix16(const uint8_t *p, unsigned soff)
{
    return hb_x3_mulfold(hb_x3_rd64(p) ^ hb_x3_rd64(HB_X3_SECRET + soff),
                         hb_x3_rd64(p + 8) ^ hb_x3_rd64(HB_X3_SECRET + soff + 8));
}

/* The 1-3 byte combination: last byte, length, first byte, middle byte. */
static inline uint32_t hb_x3_combine_1to3(const uint8_t *p, unsigned len)
{
    return (uint32_t)p[len - 1] | (len << 8) | ((uint32_t)p[0] << 16) | ((uint32_t)p[len >> 1] << 24);
}

/* ---- XXH3-64 of 0 to 240 bytes ------------------------------------------
 * One function per length class (0-16, 17-128, 129-240), so that a caller
 * can inline the class it expects and keep the others out of line: the
 * 129-240 loop and the 0-16 cases need registers the 17-128 path does not,
 * and in one function they would all be saved and restored on every call. */

/* 17 to 128 bytes: pairs of 16-byte chunks from both ends, outermost last */
HB_X3_INLINE uint64_t hb_x3_mid64(const uint8_t *p, unsigned len)
{
    uint64_t h = len * HB_X3_P64_1;
    if (len > 32) {
        if (len > 64) {
            if (len > 96) {
                h += hb_x3_mix16(p + 48, 96);
                h += hb_x3_mix16(p + len - 64, 112);
            }
            h += hb_x3_mix16(p + 32, 64);
            h += hb_x3_mix16(p + len - 48, 80);
        }
        h += hb_x3_mix16(p + 16, 32);
        h += hb_x3_mix16(p + len - 32, 48);
    }
    h += hb_x3_mix16(p, 0);
    h += hb_x3_mix16(p + len - 16, 16);
    return hb_x3_avalanche(h);
}

/* 129 to 240 bytes */
HB_X3_INLINE uint64_t hb_x3_big64(const uint8_t *p, unsigned len)
{
    uint64_t h = len * HB_X3_P64_1;
    unsigned i;
    for (i = 0; i < 8; i++)
        h += hb_x3_mix16(p + 16 * i, 16 * i);
    h = hb_x3_avalanche(h);
    for (i = 8; i < len / 16; i++)
        h += hb_x3_mix16(p + 16 * i, 16 * (i - 8) + 3);
    h += hb_x3_mix16(p + len - 16, 119);
    return hb_x3_avalanche(h);
}

/* 0 to 16 bytes */
HB_X3_INLINE uint64_t hb_x3_tiny64(const uint8_t *p, unsigned len)
{
    const uint8_t *s = HB_X3_SECRET;
    if (len > 8) {
        uint64_t lo = hb_x3_rd64(p) ^ hb_x3_rd64(s + 24) ^ hb_x3_rd64(s + 32);
        uint64_t hi = hb_x3_rd64(p + len - 8) ^ hb_x3_rd64(s + 40) ^ hb_x3_rd64(s + 48);
        return hb_x3_avalanche(len + __builtin_bswap64(lo) + hi + hb_x3_mulfold(lo, hi));
    }
    if (len >= 4) {
        /* inputLast | inputFirst << 32 */
        uint64_t x = ((uint64_t)hb_x3_rd32(p) << 32 | hb_x3_rd32(p + len - 4)) ^
                     hb_x3_rd64(s + 8) ^ hb_x3_rd64(s + 16);
        x ^= hb_x3_rotl(x, 49) ^ hb_x3_rotl(x, 24);
        x *= HB_X3_MX2;
        x ^= (x >> 35) + len;
        x *= HB_X3_MX2;
        return x ^ (x >> 28);
    }
    if (len > 0)
        return hb_x3_avalanche64((uint64_t)(hb_x3_combine_1to3(p, len) ^
                                            hb_x3_rd32(s) ^ hb_x3_rd32(s + 4)));
    return hb_x3_avalanche64(hb_x3_rd64(s + 56) ^ hb_x3_rd64(s + 64));
}

static inline uint64_t hb_x3_short64(const uint8_t *p, unsigned len)
{
    if (len > 128)
        return hb_x3_big64(p, len);
    if (len > 16)
        return hb_x3_mid64(p, len);
    return hb_x3_tiny64(p, len);
}

/* ---- XXH3-128 of 0 to 240 bytes ----------------------------------------- */

/* spec: mixTwoChunks(d1, d2, secretOffset, 0) on (a0, a1) */
static inline void hb_x3_mix32(uint64_t *a0, uint64_t *a1, const uint8_t *d1, const uint8_t *d2,
                               unsigned soff)
{
    /* each input word read once: its sum and its keyed product */
    uint64_t d1a = hb_x3_rd64(d1), d1b = hb_x3_rd64(d1 + 8);
    uint64_t d2a = hb_x3_rd64(d2), d2b = hb_x3_rd64(d2 + 8);
    *a0 = (*a0 + hb_x3_mulfold(d1a ^ hb_x3_rd64(HB_X3_SECRET + soff), d1b ^ hb_x3_rd64(HB_X3_SECRET + soff + 8))) ^
          (d2a + d2b);
    *a1 = (*a1 + hb_x3_mulfold(d2a ^ hb_x3_rd64(HB_X3_SECRET + soff + 16),
                               d2b ^ hb_x3_rd64(HB_X3_SECRET + soff + 24))) ^
          (d1a + d1b);
}

/* spec: the end of XXH3_128_17to128 / 129to240; out[0] low, out[1] high */
static inline void hb_x3_fin128(uint64_t out[2], uint64_t a0, uint64_t a1, unsigned len)
{
    out[0] = hb_x3_avalanche(a0 + a1);
    out[1] = 0 - hb_x3_avalanche(a0 * HB_X3_P64_1 + a1 * HB_X3_P64_4 + len * HB_X3_P64_2);
}

/* 17 to 128 bytes */
HB_X3_INLINE void hb_x3_mid128(uint64_t out[2], const uint8_t *p, unsigned len)
{
    uint64_t a0 = len * HB_X3_P64_1, a1 = 0;
    if (len > 32) {
        if (len > 64) {
            if (len > 96)
                hb_x3_mix32(&a0, &a1, p + 48, p + len - 64, 96);
            hb_x3_mix32(&a0, &a1, p + 32, p + len - 48, 64);
        }
        hb_x3_mix32(&a0, &a1, p + 16, p + len - 32, 32);
    }
    hb_x3_mix32(&a0, &a1, p, p + len - 16, 0);
    hb_x3_fin128(out, a0, a1, len);
}

/* 129 to 240 bytes */
HB_X3_INLINE void hb_x3_big128(uint64_t out[2], const uint8_t *p, unsigned len)
{
    uint64_t a0 = len * HB_X3_P64_1, a1 = 0;
    unsigned i;
    for (i = 0; i < 4; i++)
        hb_x3_mix32(&a0, &a1, p + 32 * i, p + 32 * i + 16, 32 * i);
    a0 = hb_x3_avalanche(a0);
    a1 = hb_x3_avalanche(a1);
    for (i = 4; i < len / 32; i++)
        hb_x3_mix32(&a0, &a1, p + 32 * i, p + 32 * i + 16, 32 * (i - 4) + 3);
    hb_x3_mix32(&a0, &a1, p + len - 16, p + len - 32, 103);
    hb_x3_fin128(out, a0, a1, len);
}

/* 0 to 16 bytes */
HB_X3_INLINE void hb_x3_tiny128(uint64_t out[2], const uint8_t *p, unsigned len)
{
    const uint8_t *s = HB_X3_SECRET;
    if (len > 8) {
        uint64_t first = hb_x3_rd64(p), last = hb_x3_rd64(p + len - 8);
        uint64_t v1 = hb_x3_rd64(s + 32) ^ hb_x3_rd64(s + 40) ^ first ^ last;
        uint64_t v2 = (hb_x3_rd64(s + 48) ^ hb_x3_rd64(s + 56)) ^ last;
        hb_x3_u128 m = (hb_x3_u128)v1 * HB_X3_P64_1;
        uint64_t lo = (uint64_t)m + ((uint64_t)(len - 1) << 54);
        uint64_t hi = (uint64_t)(m >> 64) + (v2 & 0xFFFFFFFF00000000ull) +
                      (uint64_t)(uint32_t)v2 * HB_X3_P32_2;
        lo ^= __builtin_bswap64(hi);
        m = (hb_x3_u128)lo * HB_X3_P64_2;
        out[0] = hb_x3_avalanche((uint64_t)m);
        out[1] = hb_x3_avalanche((uint64_t)(m >> 64) + hi * HB_X3_P64_2);
        return;
    }
    if (len >= 4) {
        /* inputFirst | inputLast << 32 */
        uint64_t x = ((uint64_t)hb_x3_rd32(p + len - 4) << 32 | hb_x3_rd32(p)) ^
                     hb_x3_rd64(s + 16) ^ hb_x3_rd64(s + 24);
        hb_x3_u128 m = (hb_x3_u128)x * (HB_X3_P64_1 + ((uint64_t)len << 2));
        uint64_t lo = (uint64_t)m, hi = (uint64_t)(m >> 64);
        hi += lo << 1;
        lo ^= hi >> 3;
        lo ^= lo >> 35;
        lo *= HB_X3_MX2;
        out[0] = lo ^ (lo >> 28);
        out[1] = hb_x3_avalanche(hi);
        return;
    }
    if (len > 0) {
        uint32_t c = hb_x3_combine_1to3(p, len);
        out[0] = hb_x3_avalanche64((uint64_t)(c ^ hb_x3_rd32(s) ^ hb_x3_rd32(s + 4)));
        out[1] = hb_x3_avalanche64(
            (uint64_t)(hb_x3_rd32(s + 8) ^ hb_x3_rd32(s + 12)) ^
            ((__builtin_bswap32(c) << 13) | (__builtin_bswap32(c) >> 19)));
        return;
    }
    out[0] = hb_x3_avalanche64(hb_x3_rd64(s + 64) ^ hb_x3_rd64(s + 72));
    out[1] = hb_x3_avalanche64(hb_x3_rd64(s + 80) ^ hb_x3_rd64(s + 88));
}

static inline void hb_x3_short128(uint64_t out[2], const uint8_t *p, unsigned len)
{
    if (len > 128)
        hb_x3_big128(out, p, len);
    else if (len > 16)
        hb_x3_mid128(out, p, len);
    else
        hb_x3_tiny128(out, p, len);
}

/* ---- long inputs: the final merge ---------------------------------------- */

/* spec: finalMerge: w holds the accumulators already XORed with the
 * secret at the merge's offset; pairs (w[2i], w[2i+1]) are multiplied */
static inline uint64_t hb_x3_merge(const uint64_t w[8], uint64_t start)
{
    return hb_x3_avalanche(start + hb_x3_mulfold(w[0], w[1]) + hb_x3_mulfold(w[2], w[3]) +
                           hb_x3_mulfold(w[4], w[5]) + hb_x3_mulfold(w[6], w[7]));
}

/* The merge's secret offsets and starting values (spec: XXH3_64bits and
 * XXH3_128bits for long inputs). */
#define HB_X3_MERGE_LO_SECRET 11u
#define HB_X3_MERGE_HI_SECRET (HB_XXH3_SECRET_SIZE - 64u - 11u)
#define HB_X3_LAST_STRIPE_SECRET (HB_XXH3_SECRET_SIZE - HB_XXH3_STRIPE_LEN - 7u)
static inline uint64_t hb_x3_merge_lo_start(uint64_t total) { return total * HB_X3_P64_1; }
static inline uint64_t hb_x3_merge_hi_start(uint64_t total) { return ~(total * HB_X3_P64_2); }

/* ---- the streaming state --------------------------------------------------- */

static inline uint64_t hb_x3_total(const hb_xxh3_state *s)
{
    return ((uint64_t)HB_U64_HI(s->total) << 32) | HB_U64_LO(s->total);
}

/* Copies n <= 256 bytes without a call: 32-byte moves, the last one ending
 * exactly at the end (it may overlap the one before it); shorter runs with
 * two overlapping moves of the largest width that fits. */
static inline void hb_x3_copy_small(uint8_t *dst, const uint8_t *src, size_t n)
{
    if (n >= 32) {
        size_t i;
        for (i = 0; i + 32 < n; i += 32)
            _mm256_storeu_si256((__m256i *)(void *)(dst + i),
                                _mm256_loadu_si256((const __m256i *)(const void *)(src + i)));
        _mm256_storeu_si256((__m256i *)(void *)(dst + n - 32),
                            _mm256_loadu_si256((const __m256i *)(const void *)(src + n - 32)));
    } else if (n >= 16) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)src);
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(src + n - 16));
        _mm_storeu_si128((__m128i *)(void *)dst, a);
        _mm_storeu_si128((__m128i *)(void *)(dst + n - 16), b);
    } else if (n >= 8) {
        uint64_t a = hb_x3_rd64(src), b = hb_x3_rd64(src + n - 8);
        memcpy(dst, &a, 8);
        memcpy(dst + n - 8, &b, 8);
    } else if (n >= 4) {
        uint32_t a = hb_x3_rd32(src), b = hb_x3_rd32(src + n - 4);
        memcpy(dst, &a, 4);
        memcpy(dst + n - 4, &b, 4);
    } else if (n > 0) {
        /* 1..3 bytes: first, middle, last */
        dst[0] = src[0];
        dst[n >> 1] = src[n >> 1];
        dst[n - 1] = src[n - 1];
    }
}

/* Digests in xxHash's canonical form (big-endian; 128 bits high half first). */
static inline void hb_x3_put64(uint8_t *d, uint64_t h)
{
    h = __builtin_bswap64(h);
    memcpy(d, &h, 8);
}

static inline void hb_x3_put128(uint8_t *d, const uint64_t h[2])
{
    hb_x3_put64(d, h[1]);
    hb_x3_put64(d + 8, h[0]);
}

#endif /* HB_XXH3_X86_SCALAR_H */
