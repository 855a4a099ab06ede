/* XXH32's vector forms for the AVX-512 files (xxh32_avx512.c,
 * xxh32_avx512ifma.c): include only from a file built with at least
 * -mavx512f -mavx512vl (Makefile, "Per-file target flags").
 *
 * The plain form keeps the four lanes in one xmm: a 16-byte stripe is one
 * load folded into vpmulld (times PRIME32_2), vpaddd, vprold and vpmulld
 * (times PRIME32_1), 4 instructions where the scalar round needs 16.  On
 * Zen 5 its chain is 7 cycles a stripe (vpaddd 2, vprold 2, vpmulld 3)
 * against 5 for add, rol, imul: one message alone is slower, but messages
 * hashed one after another are independent, and with a quarter of the
 * instructions the out-of-order window holds the next message's stripes
 * while this one's chain finishes.
 *
 * The buffering of the streaming form is shared too
 * (hb_xxh32_update_vec), with the stripe kernel as a parameter that the
 * compiler inlines.  The context is hb_xxh32_ctx, as for `fast`. */
#ifndef HB_XXH32_X86_VEC_H
#define HB_XXH32_X86_VEC_H

#include <immintrin.h>
#include "algorithms/xxh/x86/xxh_x86.h"

/* The seed-0 start of the four lanes: PRIME32_1 + PRIME32_2, PRIME32_2,
 * 0, -PRIME32_1 (the one-shots'; the context's are hb_xxh32_init's). */
static inline __m128i hb_xxh32_vec_start(void)
{
    return _mm_setr_epi32((int)(HB_P32_1 + HB_P32_2), (int)HB_P32_2, 0, (int)(0u - HB_P32_1));
}

static inline __m128i hb_xxh32_vec_round(__m128i v, const uint8_t *p, __m128i p1, __m128i p2)
{
    __m128i m = _mm_loadu_si128((const __m128i *)(const void *)p);
    v = _mm_add_epi32(v, _mm_mullo_epi32(m, p2));
    return _mm_mullo_epi32(_mm_rol_epi32(v, 13), p1);
}

/* n whole stripes from p; four per loop pass, so that the loop's own
 * add/compare/branch are a quarter of an instruction per stripe */
static inline __m128i hb_xxh32_vec_stripes(__m128i v, const uint8_t *p, size_t n)
{
    const __m128i p1 = _mm_set1_epi32((int)HB_P32_1), p2 = _mm_set1_epi32((int)HB_P32_2);
    for (; n >= 4; n -= 4, p += 64) {
        v = hb_xxh32_vec_round(v, p, p1, p2);
        v = hb_xxh32_vec_round(v, p + 16, p1, p2);
        v = hb_xxh32_vec_round(v, p + 32, p1, p2);
        v = hb_xxh32_vec_round(v, p + 48, p1, p2);
    }
    for (; n > 0; n--, p += 16)
        v = hb_xxh32_vec_round(v, p, p1, p2);
    return v;
}

/* rotl(v0, 1) + rotl(v1, 7) + rotl(v2, 12) + rotl(v3, 18) */
static inline uint32_t hb_xxh32_vec_converge(__m128i v)
{
    v = _mm_rolv_epi32(v, _mm_setr_epi32(1, 7, 12, 18));
    v = _mm_add_epi32(v, _mm_unpackhi_epi64(v, v));
    v = _mm_add_epi32(v, _mm_shuffle_epi32(v, 1));
    return (uint32_t)_mm_cvtsi128_si32(v);
}

typedef __m128i (*hb_xxh32_vec_kernel)(__m128i v, const uint8_t *p, size_t n);

/* The streaming update around a stripe kernel: whole stripes straight from
 * the input, a partial one through the context's buffer.  Callers hand
 * long updates (their thresholds: xxh_x86.h) to hb_xxh32_update_fast. */
static inline __attribute__((always_inline)) void
hb_xxh32_update_vec(hb_xxh32_ctx *c, const uint8_t *data, size_t len, hb_xxh32_vec_kernel kernel)
{
    __m128i v;
    size_t take, n;

    c->total += (uint32_t)len;
    if (c->used + len < 16) {
        if (len > 0)                /* data may be NULL then */
            memcpy(c->buf + c->used, data, len);
        c->used = (uint8_t)(c->used + len);
        return;
    }
    if (c->large)
        v = _mm_loadu_si128((const __m128i *)(const void *)c->v);
    else    /* as hb_xxh32_init_seed left them, but built in registers: a
               16-byte load of its four 4-byte stores could not be
               forwarded from them (measured: 64 B through init + update
               + final took twice as long as `fast`'s) */
        v = _mm_add_epi32(_mm_set1_epi32((int)c->seed), hb_xxh32_vec_start());
    if (c->used > 0) {
        take = 16u - c->used;
        memcpy(c->buf + c->used, data, take);
        data += take;
        len -= take;
        v = kernel(v, c->buf, 1);
    }
    n = len / 16;
    if (n > 0)
        v = kernel(v, data, n);
    _mm_storeu_si128((__m128i *)(void *)c->v, v);
    c->large = 1;
    data += n * 16;
    len -= n * 16;
    memcpy(c->buf, data, len);
    c->used = (uint8_t)len;
}

#endif /* HB_XXH32_X86_VEC_H */
