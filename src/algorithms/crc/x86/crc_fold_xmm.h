/* The 128-bit half of CRC folding, shared by crc_fold_clmul.c (PCLMULQDQ)
 * and crc_fold_vpclmul.c (its 16..63-byte path, and the last lanes).  Static inline: each includer compiles it with its own
 * target flags.  The mathematics, and the constants, come from
 * tools/gen_clmul_constants.py (crc_clmul_constants.h).
 *
 * `reflected` and `width` are constants at every call, so each CRC gets its
 * own straight-line code. */
#ifndef HB_CRC_FOLD_XMM_H
#define HB_CRC_FOLD_XMM_H

#include <immintrin.h>
#include <stdint.h>
#include "crc_clmul_constants.h"

/* Forced inlining: the kernels are shared by four CRCs, and only once
 * inlined into each does `reflected`, `width` and the constants' table
 * become a compile-time constant (GCC would otherwise keep one copy with
 * run-time branches). */
#define HB_CRC_INLINE static inline __attribute__((always_inline))

/* A 16-byte chunk as a lane: as is for a reflected CRC (byte 0 bit 0 is the
 * highest power), byte-reversed otherwise (then bit i is x^i). */
HB_CRC_INLINE __m128i hb_crc_load128(const uint8_t *p, int reflected)
{
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    if (!reflected)
        v = _mm_shuffle_epi8(v, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return v;
}

/* The running register as it enters the first lane: the first W message
 * bits, i.e. the low W bits of a reflected lane or the top W bits of a
 * byte-reversed one. */
HB_CRC_INLINE __m128i hb_crc_inject128(uint64_t reg, int reflected, unsigned width)
{
    if (reflected)
        return _mm_cvtsi64_si128((long long)reg);
    /* a load and a byte shift, not _mm_set_epi64x: GCC makes that a PINSRQ
     * from memory, two cycles longer than the first message lane's path */
    return _mm_slli_si128(_mm_cvtsi64_si128((long long)(reg << (64 - width))), 8);
}

/* a moved k lanes on (k = the constants' distance), plus c. */
HB_CRC_INLINE __m128i hb_crc_fold128(__m128i a, __m128i k, __m128i c)
{
    __m128i hi = _mm_clmulepi64_si128(a, k, 0x11);
    __m128i lo = _mm_clmulepi64_si128(a, k, 0x00);
    return _mm_xor_si128(_mm_xor_si128(lo, hi), c);
}

HB_CRC_INLINE __m128i hb_crc_fold_const(const hb_crc_clmul_consts *K, unsigned k)
{
    return _mm_load_si128((const __m128i *)K->fold[16 - k]);
}

/* the constants that move a lane k lanes on and start its reduction */
HB_CRC_INLINE __m128i hb_crc_merge_const(const hb_crc_clmul_consts *K, unsigned k)
{
    return _mm_load_si128((const __m128i *)K->merge[18 - k]);
}

/* R, the sum of the merged lanes (== message * x^64 mod P64), to the CRC
 * register: a 64-bit Barrett reduction, two dependent PCLMULQDQ. */
HB_CRC_INLINE uint64_t hb_crc_barrett(__m128i r, const hb_crc_clmul_consts *K, int reflected,
                                      unsigned width)
{
    __m128i mp = _mm_load_si128((const __m128i *)K->mupoly);
    __m128i q, t;
    uint64_t out;
    if (reflected) {                /* the high half of R is its low qword */
        q = _mm_xor_si128(r, _mm_clmulepi64_si128(r, mp, 0x00));        /* low qword: q */
        t = _mm_clmulepi64_si128(q, mp, 0x10);                          /* q * P' */
        out = (uint64_t)_mm_extract_epi64(_mm_xor_si128(r, t), 1);
        if (K->poly_top)
            out ^= (uint64_t)_mm_cvtsi128_si64(q);
        return out;
    }
    q = _mm_xor_si128(r, _mm_clmulepi64_si128(r, mp, 0x01));            /* high qword: q */
    t = _mm_clmulepi64_si128(q, mp, 0x11);
    out = (uint64_t)_mm_cvtsi128_si64(_mm_xor_si128(r, t));
    return out >> (64 - width);
}

/* n lanes at p, each merged by k = lanes after it, added onto r: the
 * products are independent, only the XORs chain. */
HB_CRC_INLINE __m128i hb_crc_merge_tail(const hb_crc_clmul_consts *K, int reflected, __m128i r,
                                        const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        r = hb_crc_fold128(hb_crc_load128(p + 16 * i, reflected),
                           hb_crc_merge_const(K, (unsigned)(n - 1 - i)), r);
    return r;
}

/* The register after 1 <= n < 8 whole lanes, from reg: every lane merged
 * at once (no accumulators for so little). */
HB_CRC_INLINE uint64_t hb_crc_lanes_short(const hb_crc_clmul_consts *K, int reflected,
                                          unsigned width, uint64_t reg, const uint8_t *p,
                                          size_t n)
{
    __m128i first = _mm_xor_si128(hb_crc_load128(p, reflected),
                                  hb_crc_inject128(reg, reflected, width));
    __m128i r = hb_crc_fold128(first, hb_crc_merge_const(K, (unsigned)(n - 1)), _mm_setzero_si128());
    r = hb_crc_merge_tail(K, reflected, r, p + 16, n - 1);
    return hb_crc_barrett(r, K, reflected, width);
}

/* The register kernels of one folding kernel, one per CRC: whole 16-byte
 * lanes go through the file's own fold_lanes(K, reflected, width, reg, p,
 * lanes), updates shorter than a lane and the last 0..15 bytes through the
 * table code (hb_crc_tail_*, crc_x86.h).  crc32c is the exception: updates
 * of the lengths the includer's CRC32C_NO_FOLD(len) names, and the last
 * 0..15 bytes, go through its crc32c_words(reg, p, n), the SSE4.2 crc32
 * instruction (crc32c_words.h), which beats the folding set-up and
 * reduction on short input; and first, the includer's CRC32C_BIG(reg,
 * data, len) may take a long prefix its own way (crc_fold_vpclmul.c: the
 * folding and CRC32 streams at once) and advance data and len past it.
 *
 * Each kernel is inlined twice: into the registry update (register in and
 * out of the context) and into the one-shot (HB_CRC_ONESHOT_*, crc_x86.h:
 * the initial register, the kernel and the digest store in one function,
 * the register never in memory).  A one-shot built from init + update +
 * final calls instead paid three calls, a stack frame and a store/reload
 * per message, 2..3 ns of a 5 ns crc32c of 64 bytes (docs/impl-crc.md). */
#define HB_CRC_FOLD_UPDATES(suffix)                                                              \
    HB_CRC_INLINE uint32_t crc32_run_##suffix(uint32_t reg, const uint8_t *data, size_t len)    \
    {                                                                                            \
        if (len >= 16) {                                                                         \
            reg = (uint32_t)fold_lanes(&hb_crc32_clmul, 1, 32, reg, data, len / 16);            \
            data += len & ~(size_t)15;                                                           \
            len &= 15;                                                                           \
        }                                                                                        \
        return len > 0 ? hb_crc_tail_crc32(reg, data, len) : reg;                                \
    }                                                                                            \
    HB_CRC_INLINE uint32_t crc32c_run_##suffix(uint32_t reg, const uint8_t *data, size_t len)   \
    {                                                                                            \
        CRC32C_BIG(reg, data, len);                                                              \
        if (CRC32C_NO_FOLD(len))                                                                 \
            return crc32c_words(reg, data, len);                                                 \
        reg = (uint32_t)fold_lanes(&hb_crc32c_clmul, 1, 32, reg, data, len / 16);               \
        data += len & ~(size_t)15;                                                               \
        len &= 15;                                                                               \
        return len > 0 ? crc32c_words(reg, data, len) : reg;                                     \
    }                                                                                            \
    HB_CRC_INLINE uint64_t crc64_run_##suffix(uint64_t reg, const uint8_t *data, size_t len)    \
    {                                                                                            \
        if (len >= 16) {                                                                         \
            reg = fold_lanes(&hb_crc64_clmul, 0, 64, reg, data, len / 16);                      \
            data += len & ~(size_t)15;                                                           \
            len &= 15;                                                                           \
        }                                                                                        \
        return len > 0 ? hb_crc_tail_crc64(reg, data, len) : reg;                                 \
    }                                                                                            \
    HB_CRC_INLINE uint64_t crc64_xz_run_##suffix(uint64_t reg, const uint8_t *data, size_t len) \
    {                                                                                            \
        if (len >= 16) {                                                                         \
            reg = fold_lanes(&hb_crc64_xz_clmul, 1, 64, reg, data, len / 16);                   \
            data += len & ~(size_t)15;                                                           \
            len &= 15;                                                                           \
        }                                                                                        \
        return len > 0 ? hb_crc_tail_crc64_xz(reg, data, len) : reg;                              \
    }                                                                                            \
    HB_CRC_INLINE uint16_t crc16_run_##suffix(uint16_t reg, const uint8_t *data, size_t len)    \
    {                                                                                            \
        if (len >= 16) {                                                                         \
            reg = (uint16_t)fold_lanes(&hb_crc16_clmul, 0, 16, reg, data, len / 16);            \
            data += len & ~(size_t)15;                                                           \
            len &= 15;                                                                           \
        }                                                                                        \
        return len > 0 ? hb_crc_tail_crc16(reg, data, len) : reg;                                 \
    }                                                                                            \
    void hb_crc32_update_##suffix(hb_crc32_ctx *c, const uint8_t *data, size_t len)             \
    {                                                                                            \
        c->crc = crc32_run_##suffix(c->crc, data, len);                                          \
    }                                                                                            \
    void hb_crc32c_update_##suffix(hb_crc32c_ctx *c, const uint8_t *data, size_t len)           \
    {                                                                                            \
        c->crc = crc32c_run_##suffix(c->crc, data, len);                                         \
    }                                                                                            \
    void hb_crc64_update_##suffix(hb_crc64_ctx *c, const uint8_t *data, size_t len)             \
    {                                                                                            \
        uint64_t r = crc64_run_##suffix(HB_CRC_U64_GET(c->crc), data, len);                      \
        HB_CRC_U64_PUT(c->crc, r);                                                               \
    }                                                                                            \
    void hb_crc64_xz_update_##suffix(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len)       \
    {                                                                                            \
        uint64_t r = crc64_xz_run_##suffix(HB_CRC_U64_GET(c->crc), data, len);                   \
        HB_CRC_U64_PUT(c->crc, r);                                                               \
    }                                                                                            \
    void hb_crc16_update_##suffix(hb_crc16_ctx *c, const uint8_t *data, size_t len)             \
    {                                                                                            \
        c->crc = crc16_run_##suffix(c->crc, data, len);                                          \
    }                                                                                            \
    HB_CRC_ONESHOTS(suffix)

#endif
