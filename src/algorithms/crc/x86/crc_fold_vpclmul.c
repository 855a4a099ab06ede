/* crc32, crc32c, crc64, crc64-xz, crc16 by VPCLMULQDQ folding on AVX-512.
 *
 * A zmm register holds four 128-bit lanes, and VPCLMULQDQ multiplies all
 * four at once, so one instruction pair does what four PCLMULQDQ pairs do in
 * crc_fold_clmul.c.  Four zmm accumulators (16 lanes, 256 bytes) fold a
 * step by x^2048; VPTERNLOGQ adds both products and the new message bytes
 * in one instruction.  Per 64 bytes: one load, two VPCLMULQDQ, one
 * VPTERNLOGQ (and one VPSHUFB for the byte-reversed crc64).  At the end
 * the sixteen lanes and the 0..3 whole lanes left over are each multiplied
 * by the power of x that moves them to the end and starts the reduction
 * (all products independent, eight VPCLMULQDQ), added, and Barrett-reduced
 * (crc_fold_xmm.h).  When whole 64-byte blocks remain after the loop, the
 * accumulators are first folded onto the last (k = 12, 8, 4) and the blocks
 * folded into it (k = 4); then its four lanes are merged the same way.
 * Updates of 16..63 bytes use the 128-bit code only; the last 0..15 bytes
 * go to the table code (crc32c: to the crc32 instruction, which also takes
 * whole short updates, see CRC32C_NO_FOLD below).  Constants:
 * tools/gen_clmul_constants.py. */
#include "crc_x86.h"
#include "crc_fold_xmm.h"
#include "crc32c_words.h"

/* crc32c below 96 bytes skips folding for one stream of the crc32
 * instruction, inline (AVX-512 implies SSE4.2); so do the last 0..15
 * bytes.  Measured on Zen 5, docs/impl-crc.md.  (Sending 192..255 bytes to
 * crc32c_sse42.c's three streams was tried: the out-of-line call gave this
 * function a realigned stack frame that cost more at every size.) */
#define CRC32C_NO_FOLD(len) ((len) < 96)
#define crc32c_words hb_crc32c_words

/* The byte reversal of each 128-bit lane, as one 64-byte constant: a plain
 * load (GCC makes a broadcast of an xmm constant into a load and a lane
 * shuffle, three cycles more before the first message lane is ready). */
static const uint8_t bswap_lanes[64] __attribute__((aligned(64))) = {
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
};

HB_CRC_INLINE __m512i load512(const uint8_t *p, int reflected)
{
    __m512i v = _mm512_loadu_si512((const void *)p);
    if (!reflected)
        v = _mm512_shuffle_epi8(v, _mm512_load_si512((const void *)bswap_lanes));
    return v;
}

/* a moved on by the constants k (one pair per lane), plus c */
HB_CRC_INLINE __m512i fold512(__m512i a, __m512i k, __m512i c)
{
    return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(a, k, 0x00),
                                     _mm512_clmulepi64_epi128(a, k, 0x11), c, 0x96);
}

HB_CRC_INLINE __m512i fold_const512(const hb_crc_clmul_consts *K, unsigned k)
{
    return _mm512_broadcast_i32x4(hb_crc_fold_const(K, k));
}

/* The four lanes of t added into one 128-bit lane. */
HB_CRC_INLINE __m128i sum_lanes(__m512i t)
{
    __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(t), _mm512_extracti64x4_epi64(t, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

/* The four lanes of z, lane m being 3 - m + left lanes before the end,
 * merged: K->merge for k = 3 + left .. left is one zmm load. */
HB_CRC_INLINE __m128i merge4(const hb_crc_clmul_consts *K, __m512i z, unsigned left)
{
    __m512i k = _mm512_loadu_si512((const void *)K->merge[15 - left]);
    return sum_lanes(_mm512_xor_si512(_mm512_clmulepi64_epi128(z, k, 0x00),
                                      _mm512_clmulepi64_epi128(z, k, 0x11)));
}

/* The sixteen lanes of z0..z3, lane 4j+m being 15 - 4j - m + left lanes
 * before the end, merged: eight independent products against four zmm of
 * constants (K->merge for k = 15 + left .. left), a tree of three-way XORs. */
HB_CRC_INLINE __m128i merge16(const hb_crc_clmul_consts *K, __m512i z0, __m512i z1, __m512i z2,
                              __m512i z3, unsigned left)
{
    const uint64_t(*m)[2] = K->merge + 3 - left;
    __m512i c0 = _mm512_loadu_si512((const void *)m[0]);
    __m512i c1 = _mm512_loadu_si512((const void *)m[4]);
    __m512i c2 = _mm512_loadu_si512((const void *)m[8]);
    __m512i c3 = _mm512_loadu_si512((const void *)m[12]);
    __m512i t0 = _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(z0, c0, 0x00),
                                           _mm512_clmulepi64_epi128(z0, c0, 0x11),
                                           _mm512_clmulepi64_epi128(z1, c1, 0x00), 0x96);
    __m512i t1 = _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(z1, c1, 0x11),
                                           _mm512_clmulepi64_epi128(z2, c2, 0x00),
                                           _mm512_clmulepi64_epi128(z2, c2, 0x11), 0x96);
    __m512i t2 = _mm512_xor_si512(_mm512_clmulepi64_epi128(z3, c3, 0x00),
                                  _mm512_clmulepi64_epi128(z3, c3, 0x11));
    return sum_lanes(_mm512_ternarylogic_epi64(t0, t1, t2, 0x96));
}

/* n >= 4 lanes */
HB_CRC_INLINE uint64_t fold_wide(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                 uint64_t reg, const uint8_t *p, size_t n)
{
    __m512i inj = _mm512_zextsi128_si512(hb_crc_inject128(reg, reflected, width));
    __m512i z, k4;
    __m128i r;

    if (n >= 16) {
        __m512i z0, z1, z2, z3, k16;
        z0 = _mm512_xor_si512(load512(p, reflected), inj);
        z1 = load512(p + 64, reflected);
        z2 = load512(p + 128, reflected);
        z3 = load512(p + 192, reflected);
        p += 256;
        n -= 16;
        k16 = fold_const512(K, 16);
        while (n >= 16) {
            z0 = fold512(z0, k16, load512(p, reflected));
            z1 = fold512(z1, k16, load512(p + 64, reflected));
            z2 = fold512(z2, k16, load512(p + 128, reflected));
            z3 = fold512(z3, k16, load512(p + 192, reflected));
            p += 256;
            n -= 16;
        }
        if (n < 4) {
            r = merge16(K, z0, z1, z2, z3, (unsigned)n);
            r = hb_crc_merge_tail(K, reflected, r, p, n);
            return hb_crc_barrett(r, K, reflected, width);
        }
        /* whole 64-byte blocks remain: z0, z1, z2 onto z3 (12, 8, 4 lanes) */
        k4 = fold_const512(K, 4);
        z = _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(z0, fold_const512(K, 12), 0x00),
                                      _mm512_clmulepi64_epi128(z0, fold_const512(K, 12), 0x11),
                                      fold512(z1, fold_const512(K, 8), fold512(z2, k4, z3)),
                                      0x96);
    } else {
        z = _mm512_xor_si512(load512(p, reflected), inj);
        p += 64;
        n -= 4;
        k4 = fold_const512(K, 4);
    }
    for (; n >= 4; n -= 4, p += 64)
        z = fold512(z, k4, load512(p, reflected));
    r = merge4(K, z, (unsigned)n);
    r = hb_crc_merge_tail(K, reflected, r, p, n);
    return hb_crc_barrett(r, K, reflected, width);
}

HB_CRC_INLINE uint64_t fold_lanes(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                  uint64_t reg, const uint8_t *p, size_t n)
{
    if (n < 4)
        return hb_crc_lanes_short(K, reflected, width, reg, p, n);
    return fold_wide(K, reflected, width, reg, p, n);
}

HB_CRC_FOLD_UPDATES(vpclmul)
