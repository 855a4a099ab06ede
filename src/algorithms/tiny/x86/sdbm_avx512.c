/* SDBM with AVX-512: byte pairs made whole 32-bit values by one shuffle and
 * one multiply-add.
 *
 * The recurrence h = 65599 h + c is linear (see djb2_avx2.c), so any
 * grouping of the bytes works as long as each ends with its weight
 * K^(n-1-p), K = 65599.  A pair (c0, c1) contributes v = K c0 + c1, and as
 * K = 2^16 + 63 that is v = (c0 << 16) + (63 c0 + c1), with 63 c0 + c1 <
 * 2^16: a dword whose low word is 63 c0 + c1 and whose high word is c0.
 * vpshufb lays each pair out as the bytes (c0, c1, c0, 0) of a dword and
 * vpmaddubsw with (63, 1, 1, 0) produces exactly those two words.  So a
 * 64-byte block becomes two vectors of sixteen pair values (A: the pairs at
 * 16L + 2i of each 128-bit lane L, B: those at 16L + 8 + 2i) in 2 shuffles
 * and 2 multiply-adds, where widening every byte (vpmovzxbd) takes four
 * shuffles and twice the multiplies and adds after it.
 *
 * Per block each pair vector is accumulated as X = X * K^256 + v (four
 * blocks per step, eight accumulators, so each 4-cycle vpmulld + vpaddd
 * chain waits for nothing); Horner over the blocks with K^64 merges them,
 * and the remaining whole blocks go one at a time.  Then the pair at block
 * offset s weighs K^(62 - s): the tables wa and wb.  The entering h sits in
 * the lane of the block's last pair (B, lane 15, weight 1).  The 0..63
 * bytes after the last block go to hb_sdbm_update_avx2 (built with -mavx2
 * too; `available` asks for it). */
#include <immintrin.h>
#include "tiny_x86.h"

/* K^(62 - s) mod 2^32 for the pair of A's / B's dword 4L + i */
static const uint32_t wa[16] = {
    0xB7C82081u, 0xF1829101u, 0x268D4181u, 0x8B083201u, 0xC962A481u, 0x111F1501u,
    0xB52BC581u, 0x69A8B601u, 0xE70D2881u, 0x44CB9901u, 0x5FDA4981u, 0x6C593A01u,
    0x50C7AC81u, 0xCC881D01u, 0x6698CD81u, 0xD319BE01u
};
static const uint32_t wb[16] = {
    0x63136281u, 0x02CED301u, 0xCE5A8381u, 0x39D67401u, 0xF2B5E681u, 0x24735701u,
    0xE3010781u, 0x227EF801u, 0xAE686A81u, 0x7A27DB01u, 0x33B78B81u, 0x4F377C01u,
    0xD62AEE81u, 0x43EC5F01u, 0x007E0F81u, 0x00000001u
};

typedef struct pairs {
    __m512i sa, sb;       /* the (c0, c1, c0, 0) layouts of A and B */
    __m512i w;            /* (63, 1, 1, 0) per dword */
} pairs;

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

static inline void pair_values(const pairs *c, const uint8_t *p, __m512i *a, __m512i *b)
{
    __m512i d = _mm512_loadu_si512((const void *)p);
    *a = _mm512_maddubs_epi16(_mm512_shuffle_epi8(d, c->sa), c->w);
    *b = _mm512_maddubs_epi16(_mm512_shuffle_epi8(d, c->sb), c->w);
}

/* h after nblocks >= 1 blocks of 64 bytes at p. */
static uint32_t sdbm_blocks64(uint32_t h, const uint8_t *p, size_t nblocks)
{
    const __m512i m64 = _mm512_set1_epi32((int)0x553DF001u);  /* 65599^64 */
    __m512i xa = _mm512_setzero_si512();
    __m512i xb = _mm512_maskz_set1_epi32((__mmask16)0x8000, (int)h);
    __m512i va, vb;
    pairs c;

    /* per dword i of a 128-bit lane: bytes 2i, 2i+1, 2i, none (A), +8 (B) */
    c.sa = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 0, -1, 2, 3, 2, -1, 4, 5, 4, -1,
                                                6, 7, 6, -1));
    c.sb = _mm512_broadcast_i32x4(_mm_setr_epi8(8, 9, 8, -1, 10, 11, 10, -1, 12, 13, 12, -1,
                                                14, 15, 14, -1));
    c.w = _mm512_set1_epi32(63 | (1 << 8) | (1 << 16));

    if (nblocks >= 4) {
        const __m512i m256 = _mm512_set1_epi32((int)0xDAF7C001u); /* 65599^256 */
        __m512i a0 = xa, a1 = xa, a2 = xa, a3 = xa, b0 = xa, b1 = xa, b2 = xa, b3 = xb;
        do {
            pair_values(&c, p, &va, &vb);
            a0 = mac(a0, m256, va);
            b0 = mac(b0, m256, vb);
            pair_values(&c, p + 64, &va, &vb);
            a1 = mac(a1, m256, va);
            b1 = mac(b1, m256, vb);
            pair_values(&c, p + 128, &va, &vb);
            a2 = mac(a2, m256, va);
            b2 = mac(b2, m256, vb);
            pair_values(&c, p + 192, &va, &vb);
            a3 = mac(a3, m256, va);
            b3 = mac(b3, m256, vb);
            p += 256;
            nblocks -= 4;
        } while (nblocks >= 4);
        xa = mac(mac(mac(a0, m64, a1), m64, a2), m64, a3);
        xb = mac(mac(mac(b0, m64, b1), m64, b2), m64, b3);
    }
    for (; nblocks > 0; nblocks--, p += 64) {
        pair_values(&c, p, &va, &vb);
        xa = mac(xa, m64, va);
        xb = mac(xb, m64, vb);
    }
    xa = _mm512_mullo_epi32(xa, _mm512_loadu_si512((const void *)wa));
    xa = _mm512_add_epi32(xa, _mm512_mullo_epi32(xb, _mm512_loadu_si512((const void *)wb)));
    return sum_lanes(xa);
}

void hb_sdbm_update_avx512(hb_sdbm_ctx *c, const uint8_t *data, size_t len)
{
    /* below 128 bytes one zmm block does not pay for the wider merge
     * (measured at 64 B): the AVX2 form takes them whole */
    if (len >= 128) {
        c->h = sdbm_blocks64(c->h, data, len / 64);
        data += len & ~(size_t)63;
        len &= 63;
    }
    hb_sdbm_update_avx2(c, data, len);
}
