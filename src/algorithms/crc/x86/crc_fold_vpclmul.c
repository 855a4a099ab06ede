/* crc32, crc32c, crc64, crc64-xz by VPCLMULQDQ folding on AVX-512.
 *
 * A zmm register holds four 128-bit lanes, and VPCLMULQDQ multiplies all
 * four at once, so one instruction pair does what four PCLMULQDQ pairs do in
 * crc_fold_clmul.c.  Four zmm accumulators (16 lanes, 256 bytes) fold a
 * step by x^2048; VPTERNLOGQ adds both products and the new message bytes
 * in one instruction.  Per 64 bytes: one load, two VPCLMULQDQ, one
 * VPTERNLOGQ (and one VPSHUFB for the byte-reversed crc64).  Then the
 * accumulators are moved onto the last (k = 12, 8, 4 lanes), whole 64-byte
 * blocks are folded into it (k = 4), its four lanes are moved onto the last
 * lane with one multiplication by four different constants (k = 3, 2, 1,
 * and 0 for the last lane itself), and the 128-bit code of crc_fold_xmm.h
 * finishes: whole 16-byte lanes, Barrett reduction.  Updates of 16..63
 * bytes use only that 128-bit code; the last 0..15 bytes go to the table
 * code.  Constants: tools/gen_clmul_constants.py. */
#include "crc_x86.h"
#include "crc_fold_xmm.h"

static inline __m512i load512(const uint8_t *p, int reflected)
{
    __m512i v = _mm512_loadu_si512((const void *)p);
    if (!reflected)
        v = _mm512_shuffle_epi8(v, _mm512_broadcast_i32x4(_mm_set_epi8(
                                       0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
    return v;
}

/* a moved on by the constants k (one pair per lane), plus c */
static inline __m512i fold512(__m512i a, __m512i k, __m512i c)
{
    return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(a, k, 0x00),
                                     _mm512_clmulepi64_epi128(a, k, 0x11), c, 0x96);
}

static inline __m512i fold_const512(const hb_crc_clmul_consts *K, unsigned k)
{
    return _mm512_broadcast_i32x4(hb_crc_fold_const(K, k));
}

/* n >= 4 lanes */
static inline uint64_t fold_wide(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                 uint64_t reg, const uint8_t *p, size_t n)
{
    __m512i inj = _mm512_zextsi128_si512(hb_crc_inject128(reg, reflected, width));
    __m512i z, k4, t;
    __m256i y;
    __m128i a, k1;

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
        /* z0 onto z1 and z2 onto z3 (4 lanes each), then z1 onto z3 (8) */
        k4 = fold_const512(K, 4);
        z1 = fold512(z0, k4, z1);
        z3 = fold512(z2, k4, z3);
        z = fold512(z1, fold_const512(K, 8), z3);
    } else {
        z = _mm512_xor_si512(load512(p, reflected), inj);
        p += 64;
        n -= 4;
        k4 = fold_const512(K, 4);
    }
    for (; n >= 4; n -= 4, p += 64)
        z = fold512(z, k4, load512(p, reflected));

    /* lanes 0..3 moved on by 3, 2, 1, 0 lanes: K->fold[13..16] in one load;
     * the k = 0 constants are zero, so lane 3 comes back in by the mask */
    t = _mm512_loadu_si512((const void *)K->fold[13]);
    t = _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(z, t, 0x00),
                                  _mm512_clmulepi64_epi128(z, t, 0x11),
                                  _mm512_maskz_mov_epi64(0xC0, z), 0x96);
    y = _mm256_xor_si256(_mm512_castsi512_si256(t), _mm512_extracti64x4_epi64(t, 1));
    a = _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));

    k1 = hb_crc_fold_const(K, 1);
    for (; n > 0; n--, p += 16)
        a = hb_crc_fold128(a, k1, hb_crc_load128(p, reflected));
    return hb_crc_reduce128(a, K, reflected, width);
}

static inline uint64_t fold_lanes(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                  uint64_t reg, const uint8_t *p, size_t n)
{
    if (n < 4)
        return hb_crc_fold_lanes_1(K, reflected, width, reg, p, n);
    return fold_wide(K, reflected, width, reg, p, n);
}

void hb_crc32_update_vpclmul(hb_crc32_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        c->crc = (uint32_t)fold_lanes(&hb_crc32_clmul, 1, 32, c->crc, data, len / 16);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc32_update_fast(c, data, len);
}

void hb_crc32c_update_vpclmul(hb_crc32c_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        c->crc = (uint32_t)fold_lanes(&hb_crc32c_clmul, 1, 32, c->crc, data, len / 16);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc32c_update_fast(c, data, len);
}

void hb_crc64_update_vpclmul(hb_crc64_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        uint64_t r = fold_lanes(&hb_crc64_clmul, 0, 64, HB_CRC_U64_GET(c->crc), data, len / 16);
        HB_CRC_U64_PUT(c->crc, r);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc64_update_fast(c, data, len);
}

void hb_crc64_xz_update_vpclmul(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        uint64_t r = fold_lanes(&hb_crc64_xz_clmul, 1, 64, HB_CRC_U64_GET(c->crc), data, len / 16);
        HB_CRC_U64_PUT(c->crc, r);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc64_xz_update_fast(c, data, len);
}
