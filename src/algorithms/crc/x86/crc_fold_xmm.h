/* The 128-bit half of CRC folding, shared by crc_fold_clmul.c (PCLMULQDQ)
 * and crc_fold_vpclmul.c (its 16..63-byte path, and after the 512-bit
 * lanes are merged).  Static inline: each includer compiles it with its own
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

/* A 16-byte chunk as a lane: as is for a reflected CRC (byte 0 bit 0 is the
 * highest power), byte-reversed otherwise (then bit i is x^i). */
static inline __m128i hb_crc_load128(const uint8_t *p, int reflected)
{
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    if (!reflected)
        v = _mm_shuffle_epi8(v, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return v;
}

/* The running register as it enters the first lane: the first W message
 * bits, i.e. the low W bits of a reflected lane or the top W bits of a
 * byte-reversed one. */
static inline __m128i hb_crc_inject128(uint64_t reg, int reflected, unsigned width)
{
    if (reflected)
        return _mm_cvtsi64_si128((long long)reg);
    return _mm_set_epi64x((long long)(reg << (64 - width)), 0);
}

/* a moved k lanes on (k = the constants' distance), plus c. */
static inline __m128i hb_crc_fold128(__m128i a, __m128i k, __m128i c)
{
    __m128i hi = _mm_clmulepi64_si128(a, k, 0x11);
    __m128i lo = _mm_clmulepi64_si128(a, k, 0x00);
    return _mm_xor_si128(_mm_xor_si128(lo, hi), c);
}

static inline __m128i hb_crc_fold_const(const hb_crc_clmul_consts *K, unsigned k)
{
    return _mm_load_si128((const __m128i *)K->fold[16 - k]);
}

/* The CRC register of the lane a: a * x^64 mod P64 by one multiplication
 * and a 64-bit Barrett reduction (three dependent PCLMULQDQ). */
static inline uint64_t hb_crc_reduce128(__m128i a, const hb_crc_clmul_consts *K, int reflected,
                                        unsigned width)
{
    __m128i red = _mm_load_si128((const __m128i *)K->red);
    __m128i mp = _mm_load_si128((const __m128i *)K->mupoly);
    __m128i r, q, t;
    uint64_t out;
    if (reflected) {
        /* R = Ahi * x^64 + Alo * (x^128 mod P64); the high half is the low qword */
        r = _mm_xor_si128(_mm_srli_si128(a, 8), _mm_clmulepi64_si128(a, red, 0x00));
        q = _mm_xor_si128(r, _mm_clmulepi64_si128(r, mp, 0x00));        /* low qword: q */
        t = _mm_clmulepi64_si128(q, mp, 0x10);                          /* q * P' */
        out = (uint64_t)_mm_extract_epi64(_mm_xor_si128(r, t), 1);
        if (K->poly_top)
            out ^= (uint64_t)_mm_cvtsi128_si64(q);
        return out;
    }
    r = _mm_xor_si128(_mm_slli_si128(a, 8), _mm_clmulepi64_si128(a, red, 0x01));
    q = _mm_xor_si128(r, _mm_clmulepi64_si128(r, mp, 0x01));            /* high qword: q */
    t = _mm_clmulepi64_si128(q, mp, 0x11);
    out = (uint64_t)_mm_cvtsi128_si64(_mm_xor_si128(r, t));
    return out >> (64 - width);
}

/* The register after nlanes >= 1 whole lanes, from reg, one lane a step
 * (for inputs too short for the wide loops, and their last lanes). */
static inline uint64_t hb_crc_fold_lanes_1(const hb_crc_clmul_consts *K, int reflected,
                                           unsigned width, uint64_t reg, const uint8_t *p,
                                           size_t nlanes)
{
    __m128i k1 = hb_crc_fold_const(K, 1);
    __m128i a = _mm_xor_si128(hb_crc_load128(p, reflected), hb_crc_inject128(reg, reflected, width));
    while (--nlanes > 0) {
        p += 16;
        a = hb_crc_fold128(a, k1, hb_crc_load128(p, reflected));
    }
    return hb_crc_reduce128(a, K, reflected, width);
}

#endif
