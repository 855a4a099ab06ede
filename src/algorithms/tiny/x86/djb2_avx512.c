/* DJB2 with AVX-512: djb2_avx2.c's byte multiplies on 64-byte zmm blocks.
 *
 * vpmaddubsw with (33, 1) and vpmaddwd with (1089, 1) turn a 64-byte block
 * into sixteen 32-bit lanes, lane j = 33^3 c_4j + 33^2 c_4j+1 + 33 c_4j+2 +
 * c_4j+3; four accumulators take A_m = A_m * 33^256 + block m (256 bytes
 * per step), Horner with 33^64 merges them into one, which takes the
 * remaining whole 64-byte blocks; lane j then weighs 33^(60 - 4j).  The
 * same 3 multiply-pipe uops as the AVX2 form, on twice the bytes: Zen 5
 * executes 512-bit operations at full width.  The 0..63 bytes after the
 * last block go to hb_djb2_update_avx2 (this file is built with -mavx2
 * too, and its `available` asks for AVX2). */
#include <immintrin.h>
#include "tiny_x86.h"

static inline __m512i group4(const uint8_t *p, __m512i w1, __m512i w2)
{
    __m512i d = _mm512_loadu_si512((const void *)p);
    return _mm512_madd_epi16(_mm512_maddubs_epi16(d, w1), w2);
}

/* The sum of the sixteen lanes mod 2^32 (not _mm512_reduce_add_epi32:
 * gcc 12 implements that with signed int additions, which overflow). */
static inline uint32_t sum_lanes(__m512i v)
{
    uint32_t t[8];
    __m256i x = _mm256_add_epi32(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    _mm256_storeu_si256((__m256i *)(void *)t, x);
    return t[0] + t[1] + t[2] + t[3] + t[4] + t[5] + t[6] + t[7];
}

static inline __m512i mac(__m512i a, __m512i k, __m512i x)
{
    return _mm512_add_epi32(_mm512_mullo_epi32(a, k), x);
}

/* h after nblocks >= 1 blocks of 64 bytes at p. */
static uint32_t djb2_blocks64(uint32_t h, const uint8_t *p, size_t nblocks)
{
    /* 33^(60 - 4j) mod 2^32, lane j's final weight */
    static const uint32_t wt[16] = {
        0x6021AF81u, 0x31DC1701u, 0xA38EBE81u, 0x0319A601u, 0xAE5CCD81u, 0x13383501u,
        0xAF8BDC81u, 0x1137C401u, 0xD61BEB81u, 0xAC185301u, 0x510CFA81u, 0x92D9E201u,
        0x4F5F0981u, 0x747C7101u, 0x00121881u, 0x00000001u
    };
    const __m512i w1 = _mm512_set1_epi16(33 | (1 << 8));     /* bytes 33, 1 */
    const __m512i w2 = _mm512_set1_epi32(1089 | (1 << 16));  /* words 1089, 1 */
    const __m512i m64 = _mm512_set1_epi32((int)0xF07F8801u); /* 33^64 */
    __m512i s = _mm512_maskz_set1_epi32((__mmask16)0x8000, (int)h);

    if (nblocks >= 4) {
        const __m512i m256 = _mm512_set1_epi32((int)0x137E2001u); /* 33^256 */
        __m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = s;
        do {
            a0 = mac(a0, m256, group4(p, w1, w2));
            a1 = mac(a1, m256, group4(p + 64, w1, w2));
            a2 = mac(a2, m256, group4(p + 128, w1, w2));
            a3 = mac(a3, m256, group4(p + 192, w1, w2));
            p += 256;
            nblocks -= 4;
        } while (nblocks >= 4);
        s = mac(mac(mac(a0, m64, a1), m64, a2), m64, a3);
    }
    for (; nblocks > 0; nblocks--, p += 64)
        s = mac(s, m64, group4(p, w1, w2));
    s = _mm512_mullo_epi32(s, _mm512_loadu_si512((const void *)wt));
    return sum_lanes(s);
}

void hb_djb2_update_avx512(hb_djb2_ctx *c, const uint8_t *data, size_t len)
{
    /* below 128 bytes one zmm block does not pay for the wider merge
     * (measured at 64 B): the AVX2 form takes them whole */
    if (len >= 128) {
        c->h = djb2_blocks64(c->h, data, len / 64);
        data += len & ~(size_t)63;
        len &= 63;
    }
    hb_djb2_update_avx2(c, data, len);
}
