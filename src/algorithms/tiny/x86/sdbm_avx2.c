/* SDBM with AVX2: sdbm_avx512.c's pair method on 32-byte ymm blocks.
 *
 * K = 65599 = 2^16 + 63, so a byte pair contributes v = K c0 + c1 =
 * (c0 << 16) + (63 c0 + c1): vpshufb lays each pair out as the bytes
 * (c0, c1, c0, 0) of a dword and vpmaddubsw with (63, 1, 1, 0) makes that
 * dword v.  A block gives two vectors of eight pair values (A: the pairs at
 * 16L + 2i of 128-bit lane L, B: at 16L + 8 + 2i); each is accumulated as
 * X = X * K^128 + v over four blocks per step (eight accumulators), merged
 * by Horner with K^32, and the remaining whole blocks go one at a time.
 * The pair at block offset s then weighs K^(30 - s) (wa, wb); the entering
 * h sits in the lane of the block's last pair (B, lane 7, weight 1).  The
 * 0..31 bytes after the last block use the recurrence itself. */
#include <immintrin.h>
#include "tiny_x86.h"

/* K^(30 - s) mod 2^32 for the pair of A's / B's dword 4L + i */
static const uint32_t wa[8] = { 0xE70D2881u, 0x44CB9901u, 0x5FDA4981u, 0x6C593A01u,
                                0x50C7AC81u, 0xCC881D01u, 0x6698CD81u, 0xD319BE01u };
static const uint32_t wb[8] = { 0xAE686A81u, 0x7A27DB01u, 0x33B78B81u, 0x4F377C01u,
                                0xD62AEE81u, 0x43EC5F01u, 0x007E0F81u, 0x00000001u };

typedef struct pairs {
    __m256i sa, sb;       /* the (c0, c1, c0, 0) layouts of A and B */
    __m256i w;            /* (63, 1, 1, 0) per dword */
} pairs;

static inline __m256i mac(__m256i a, __m256i k, __m256i x)
{
    return _mm256_add_epi32(_mm256_mullo_epi32(a, k), x);
}

static inline __m256i loadv(const void *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

static inline void pair_values(const pairs *c, const uint8_t *p, __m256i *a, __m256i *b)
{
    __m256i d = loadv(p);
    *a = _mm256_maddubs_epi16(_mm256_shuffle_epi8(d, c->sa), c->w);
    *b = _mm256_maddubs_epi16(_mm256_shuffle_epi8(d, c->sb), c->w);
}

/* h after nblocks >= 1 blocks of 32 bytes at p. */
static uint32_t sdbm_blocks32(uint32_t h, const uint8_t *p, size_t nblocks)
{
    const __m256i m32 = _mm256_set1_epi32((int)0x227EF801u);  /* 65599^32 */
    __m256i xa = _mm256_setzero_si256();
    __m256i xb = _mm256_setr_epi32(0, 0, 0, 0, 0, 0, 0, (int)h);
    __m256i va, vb;
    uint32_t lanes[8];
    pairs c;

    /* per dword i of a 128-bit lane: bytes 2i, 2i+1, 2i, none (A), +8 (B) */
    c.sa = _mm256_setr_epi8(0, 1, 0, -1, 2, 3, 2, -1, 4, 5, 4, -1, 6, 7, 6, -1,
                            0, 1, 0, -1, 2, 3, 2, -1, 4, 5, 4, -1, 6, 7, 6, -1);
    c.sb = _mm256_setr_epi8(8, 9, 8, -1, 10, 11, 10, -1, 12, 13, 12, -1, 14, 15, 14, -1,
                            8, 9, 8, -1, 10, 11, 10, -1, 12, 13, 12, -1, 14, 15, 14, -1);
    c.w = _mm256_set1_epi32(63 | (1 << 8) | (1 << 16));

    if (nblocks >= 4) {
        const __m256i m128 = _mm256_set1_epi32((int)0xEB7BE001u); /* 65599^128 */
        __m256i a0 = xa, a1 = xa, a2 = xa, a3 = xa, b0 = xa, b1 = xa, b2 = xa, b3 = xb;
        do {
            pair_values(&c, p, &va, &vb);
            a0 = mac(a0, m128, va);
            b0 = mac(b0, m128, vb);
            pair_values(&c, p + 32, &va, &vb);
            a1 = mac(a1, m128, va);
            b1 = mac(b1, m128, vb);
            pair_values(&c, p + 64, &va, &vb);
            a2 = mac(a2, m128, va);
            b2 = mac(b2, m128, vb);
            pair_values(&c, p + 96, &va, &vb);
            a3 = mac(a3, m128, va);
            b3 = mac(b3, m128, vb);
            p += 128;
            nblocks -= 4;
        } while (nblocks >= 4);
        xa = mac(mac(mac(a0, m32, a1), m32, a2), m32, a3);
        xb = mac(mac(mac(b0, m32, b1), m32, b2), m32, b3);
    }
    for (; nblocks > 0; nblocks--, p += 32) {
        pair_values(&c, p, &va, &vb);
        xa = mac(xa, m32, va);
        xb = mac(xb, m32, vb);
    }
    xa = _mm256_add_epi32(_mm256_mullo_epi32(xa, loadv(wa)), _mm256_mullo_epi32(xb, loadv(wb)));
    _mm256_storeu_si256((__m256i *)(void *)lanes, xa);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3] + lanes[4] + lanes[5] + lanes[6] +
           lanes[7];
}

void hb_sdbm_update_avx2(hb_sdbm_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h = c->h;

    if (len >= 32) {
        h = sdbm_blocks32(h, data, len / 32);
        data += len & ~(size_t)31;
        len &= 31;
    }
    while (len > 0) {
        h = h * 65599u + *data++;
        len--;
    }
    c->h = h;
}
