/* DJB2 with AVX2: h = 33 h + c over 32-byte blocks, with byte multiplies.
 *
 * The recurrence is linear: over n bytes h' = h 33^n + sum c_p 33^(n-1-p),
 * so bytes may be grouped freely.  33 fits a signed byte and 33^2 = 1089 a
 * signed word, so two multiply-add instructions do the first two Horner
 * steps of every 4-byte group of a 32-byte block at once:
 *   vpmaddubsw(d, (33, 1, 33, 1 ...)) -> words  33 c0 + c1  (<= 8670)
 *   vpmaddwd(that, (1089, 1, ...))    -> dwords 33^3 c0 + 33^2 c1 + 33 c2 + c3
 * leaving eight 32-bit lanes, lane j holding bytes 4j..4j+3.  A lane
 * accumulator then takes A = A * 33^32 + that per block: 4 vector uops per
 * 32 bytes (three on the two multiply pipes) instead of the 12 of
 * widening every byte to a lane (vpmovzxbd, vpmulld, vpaddd per 8 bytes).
 * Four accumulators (128 bytes per step, A_m = A_m * 33^128 + block m) hide
 * the 4-cycle vpmulld + vpaddd chain; Horner over them with 33^32 leaves
 * one accumulator, which takes the remaining whole 32-byte blocks one at a
 * time.  Finally lane j is
 * weighted by 33^(28 - 4j) and the lanes are summed.  The entering h sits
 * in lane 7 (weight 1) and is multiplied by 33^32 per block it precedes.
 * The 0..31 bytes after the last block use the recurrence itself. */
#include <immintrin.h>
#include "tiny_x86.h"

static inline __m256i group4(const uint8_t *p, __m256i w1, __m256i w2)
{
    __m256i d = _mm256_loadu_si256((const __m256i *)(const void *)p);
    return _mm256_madd_epi16(_mm256_maddubs_epi16(d, w1), w2);
}

static inline __m256i mac(__m256i a, __m256i k, __m256i x)
{
    return _mm256_add_epi32(_mm256_mullo_epi32(a, k), x);
}

/* h after nblocks >= 1 blocks of 32 bytes at p. */
static uint32_t djb2_blocks(uint32_t h, const uint8_t *p, size_t nblocks)
{
    const __m256i w1 = _mm256_set1_epi16(33 | (1 << 8));   /* bytes 33, 1 */
    const __m256i w2 = _mm256_set1_epi32(1089 | (1 << 16)); /* words 1089, 1 */
    /* 33^(28 - 4j) mod 2^32, lane j's final weight */
    static const uint32_t wt[8] = { 0xD61BEB81u, 0xAC185301u, 0x510CFA81u, 0x92D9E201u,
                                    0x4F5F0981u, 0x747C7101u, 0x00121881u, 0x00000001u };
    const __m256i m32 = _mm256_set1_epi32((int)0x1137C401u);      /* 33^32 */
    uint32_t lanes[8];
    __m256i s;

    s = _mm256_setr_epi32(0, 0, 0, 0, 0, 0, 0, (int)h);
    if (nblocks >= 4) {
        const __m256i m128 = _mm256_set1_epi32((int)0x193F1001u); /* 33^128 */
        __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = s;
        do {
            a0 = mac(a0, m128, group4(p, w1, w2));
            a1 = mac(a1, m128, group4(p + 32, w1, w2));
            a2 = mac(a2, m128, group4(p + 64, w1, w2));
            a3 = mac(a3, m128, group4(p + 96, w1, w2));
            p += 128;
            nblocks -= 4;
        } while (nblocks >= 4);
        s = mac(mac(mac(a0, m32, a1), m32, a2), m32, a3);
    }
    for (; nblocks > 0; nblocks--, p += 32)
        s = mac(s, m32, group4(p, w1, w2));

    s = _mm256_mullo_epi32(s, _mm256_loadu_si256((const __m256i *)(const void *)wt));
    _mm256_storeu_si256((__m256i *)(void *)lanes, s);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3] + lanes[4] + lanes[5] + lanes[6] +
           lanes[7];
}

void hb_djb2_update_avx2(hb_djb2_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h = c->h;

    if (len >= 32) {
        h = djb2_blocks(h, data, len / 32);
        data += len & ~(size_t)31;
        len &= 31;
    }
    while (len > 0) {
        h = (h << 5) + h + *data++;
        len--;
    }
    c->h = h;
}
