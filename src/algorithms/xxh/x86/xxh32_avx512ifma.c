/* XXH32 with AVX-512 IFMA: the plain vector form (xxh32_x86_vec.h) with a
 * chain a cycle shorter, 6 cycles a stripe on Zen 5 instead of 7.
 *
 * The round is v' = rotl(v + a, 13) * PRIME32_1, a = lane * PRIME32_2.
 * Carry w = rotl(v + a, 13) instead of v: then v' = w * PRIME32_1 and the
 * next w is rotl(a' + w * PRIME32_1, 13).  vpmadd52luq adds the low 52
 * bits of a product to a 64-bit lane: with each 32-bit lane in the low
 * half of a 64-bit one, the low 32 bits of its result are exactly
 * a' + w * PRIME32_1 mod 2^32 (they depend only on the low 32 bits of the
 * operands, whatever the upper halves hold), and vprold rotates those low
 * halves.  So a stripe's chain is vpmadd52luq (4 cycles) + vprold (2);
 * a' = lane * PRIME32_2 (vpmovzxdq, vpmuludq) is off the chain, computed
 * for two stripes per zmm.  Into and out of this form: w = v * PRIME32_1^-1
 * (PRIME32_1 is odd, so it has an inverse modulo 2^32) and v = w *
 * PRIME32_1, two multiplies per call, which is why messages shorter than
 * the limits' ifma_from take the plain form.
 *
 * With that shorter chain the vector code beats the scalar one on Zen 5 up
 * to 8 KiB (`avx512ifma`, HB_XXH32_LIMITS in xxh_x86.h; measurements in
 * docs/impl-xxh.md).  From there on the plain form's choice runs
 * (xxh32_avx512.c: `fast`'s scalar loop).  `avx512ifma-split`
 * (HB_XXH32_SPLIT_LIMITS) runs it from 512 B to 2 KiB, and the split form
 * above, whose chain is a cycle shorter than the IFMA one's on Zen 4.
 * Registry entries: xxh_x86_rows.c. */
#include "algorithms/xxh/x86/xxh32_x86_vec.h"

#define INV_P32_1 0x0E8B2F51u          /* PRIME32_1 * INV_P32_1 = 1 mod 2^32 */

static inline __m256i ifma_round(__m256i w, __m256i a, __m256i p1)
{
    return _mm256_rol_epi32(_mm256_madd52lo_epu64(a, w, p1), 13);
}

/* n whole stripes from p on the carried form w */
static inline __m256i ifma_stripes(__m256i w, const uint8_t *p, size_t n)
{
    const __m256i p1 = _mm256_set1_epi64x(HB_P32_1);
    const __m512i p2 = _mm512_set1_epi64(HB_P32_2);
    for (; n >= 4; n -= 4, p += 64) {
        __m512i a01 = _mm512_cvtepu32_epi64(_mm256_loadu_si256((const __m256i *)(const void *)p));
        __m512i a23 = _mm512_cvtepu32_epi64(_mm256_loadu_si256((const __m256i *)(const void *)(p + 32)));
        a01 = _mm512_mul_epu32(a01, p2);
        a23 = _mm512_mul_epu32(a23, p2);
        w = ifma_round(w, _mm512_castsi512_si256(a01), p1);
        w = ifma_round(w, _mm512_extracti64x4_epi64(a01, 1), p1);
        w = ifma_round(w, _mm512_castsi512_si256(a23), p1);
        w = ifma_round(w, _mm512_extracti64x4_epi64(a23, 1), p1);
    }
    for (; n > 0; n--, p += 16) {
        __m256i a = _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)(const void *)p));
        w = ifma_round(w, _mm256_mul_epu32(a, _mm512_castsi512_si256(p2)), p1);
    }
    return w;
}

/* the lanes v back from the carried form: v = w * PRIME32_1 */
static inline __m128i ifma_lanes(__m256i w)
{
    return _mm256_cvtepi64_epi32(_mm256_mul_epu32(w, _mm256_set1_epi64x(HB_P32_1)));
}

/* the stripe kernel of the streaming update: lanes in, lanes out */
static inline __m128i ifma_kernel(__m128i v, const uint8_t *p, size_t n)
{
    __m256i w = _mm256_mul_epu32(_mm256_cvtepu32_epi64(v), _mm256_set1_epi64x(INV_P32_1));
    return ifma_lanes(ifma_stripes(w, p, n));
}

/* The one-shot and update around one set of limits (xxh_x86.h) and the
 * plain form's functions for the lengths above them: one pair per row. */
typedef void (*plain_oneshot_fn)(const uint8_t *data, size_t len, uint8_t *digest);

static inline __attribute__((always_inline)) void
oneshot_with(const uint8_t *p, size_t len, uint8_t *digest, const hb_xxh_x86_limits lim,
             plain_oneshot_fn plain)
{
    const uint8_t *end = (p = hb_msg_or_empty(p, len)) + len;
    uint32_t acc;
    size_t n = len / 16;

    if (len >= lim.ifma_below) {
        /* the plain form's choice: its vector loop, or `fast`'s scalar
         * one from the limits' vector_below */
        plain(p, len, digest);
        return;
    }
    if (len >= lim.ifma_from) {
        /* hb_xxh32_vec_start() times INV_P32_1, lane by lane */
        const __m256i start = _mm256_setr_epi64x(0x1A63E8A8, 0x1A63E8A7, 0, 0xFFFFFFFF);
        acc = hb_xxh32_vec_converge(ifma_lanes(ifma_stripes(start, p, n)));
        p += n * 16;
    } else if (n > 0) {
        acc = hb_xxh32_vec_converge(hb_xxh32_vec_stripes(hb_xxh32_vec_start(), p, n));
        p += n * 16;
    } else {
        acc = HB_P32_5;
    }
    hb_xxh32_finish(acc, p, end, len, digest);
}

static inline __attribute__((always_inline)) void
update_with(hb_xxh32_ctx *c, const uint8_t *data, size_t len, const hb_xxh_x86_limits lim,
            hb_xxh32_update_fn plain)
{
    if (len >= lim.ifma_below)
        plain(c, data, len);
    else if (len >= lim.ifma_from)
        hb_xxh32_update_vec(c, data, len, ifma_kernel);
    else
        hb_xxh32_update_vec(c, data, len, hb_xxh32_vec_stripes);
}

#define XXH32_IFMA_LIMITS(sfx, limits, plain_sfx)                                            \
    void hb_xxh32_oneshot_##sfx(const uint8_t *p, size_t len, uint8_t *digest)               \
    {                                                                                        \
        oneshot_with(p, len, digest, (hb_xxh_x86_limits)limits, hb_xxh32_oneshot_##plain_sfx); \
    }                                                                                        \
    void hb_xxh32_update_##sfx(hb_xxh32_ctx *c, const uint8_t *data, size_t len)             \
    {                                                                                        \
        update_with(c, data, len, (hb_xxh_x86_limits)limits, hb_xxh32_update_##plain_sfx);   \
    }

XXH32_IFMA_LIMITS(avx512ifma, HB_XXH32_LIMITS, avx512)
XXH32_IFMA_LIMITS(avx512ifma_split, HB_XXH32_SPLIT_LIMITS, avx512_split)
