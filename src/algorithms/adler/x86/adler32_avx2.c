/* Adler-32 (RFC 1950) with AVX2, 32 bytes per step: the method of
 * adler32_avx512.c on half the width.  Over a block of 32 bytes entered with
 * (s1, s2): s1' = s1 + sum b_i, s2' = s2 + 32 s1 + sum (32 - i) b_i.
 * vs1 (vpsadbw: four 64-bit lanes), vsum (vs1 before each block) and vs2
 * (vpmaddubsw with the weights 32..1, then vpmaddwd with ones: eight 32-bit
 * lanes, each gaining at most 255 (32 + 31 + 30 + 29) = 31110 per block, so
 * RUN_BLOCKS = 131072 blocks stay below 2^32) are reduced once per run.
 * Updates shorter than a block, and the 1..31 bytes after the last block,
 * take the scalar loop: AVX2 has no masked byte load, and copying them
 * into a zeroed block (a variable-length memcpy) plus a second fold cost
 * more than 31 dependent additions (measured:
 * docs/impl-xxh3-adler-sha3.md). */
#include <immintrin.h>
#include "algorithms/xxh/x86/vector_x86.h"

#define ADLER_BASE 65521u
#define RUN_BLOCKS 131072u

static const int8_t weights[32] = {
    32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
    16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1
};

typedef struct sums {
    __m256i vs1, vsum, vs2;
} sums;

static inline __m256i load(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static inline void block(sums *v, __m256i d, __m256i w, __m256i ones)
{
    v->vsum = _mm256_add_epi64(v->vsum, v->vs1);
    v->vs1 = _mm256_add_epi64(v->vs1, _mm256_sad_epu8(d, _mm256_setzero_si256()));
    v->vs2 = _mm256_add_epi32(v->vs2, _mm256_madd_epi16(_mm256_maddubs_epi16(d, w), ones));
}

static uint64_t sum64(__m256i x)
{
    uint64_t t[4];
    _mm256_storeu_si256((__m256i *)(void *)t, x);
    return t[0] + t[1] + t[2] + t[3];
}

static void fold(uint32_t *s1, uint32_t *s2, const sums *v, uint64_t nblocks)
{
    uint64_t a = sum64(v->vs1);
    uint64_t sum = sum64(v->vsum);
    uint64_t b = sum64(_mm256_and_si256(v->vs2, _mm256_set1_epi64x(0xFFFFFFFF))) +
                 sum64(_mm256_srli_epi64(v->vs2, 32));
    uint64_t n1, n2;
    n1 = (*s1 + a) % ADLER_BASE;
    n2 = (*s2 + ((nblocks * 32u) % ADLER_BASE) * *s1 + (sum % ADLER_BASE) * 32u + b % ADLER_BASE)
         % ADLER_BASE;
    *s1 = (uint32_t)n1;
    *s2 = (uint32_t)n2;
}

/* n < 32 bytes onto (s1, s2), both < BASE on entry and exit: s1 stays
 * below BASE + 31 * 255 < 2 BASE, s2 below 32 * 2 BASE, so one subtraction
 * and one modulo at the end. */
static inline void scalar_tail(uint32_t *s1, uint32_t *s2, const uint8_t *p, size_t n)
{
    uint32_t a = *s1, b = *s2;
    size_t i;
    for (i = 0; i < n; i++) {
        a += p[i];
        b += a;
    }
    *s1 = a >= ADLER_BASE ? a - ADLER_BASE : a;
    *s2 = b % ADLER_BASE;
}

void hb_adler32_update_avx2(hb_adler32_ctx *c, const uint8_t *data, size_t len)
{
    const __m256i w = load((const uint8_t *)weights);
    const __m256i ones = _mm256_set1_epi16(1);
    uint32_t s1 = c->s1, s2 = c->s2;
    sums v;

    while (len >= 32) {
        size_t n = len / 32 < RUN_BLOCKS ? len / 32 : RUN_BLOCKS, i;
        v.vs1 = v.vsum = v.vs2 = _mm256_setzero_si256();
        for (i = 0; i < n; i++)
            block(&v, load(data + 32 * i), w, ones);
        fold(&s1, &s2, &v, n);
        data += 32 * n;
        len -= 32 * n;
    }
    if (len > 0)
        scalar_tail(&s1, &s2, data, len);
    c->s1 = s1;
    c->s2 = s2;
}
