/* XXH32 with AVX-512F + VL: the four lanes in one xmm (the plain vector
 * form of xxh32_x86_vec.h, where the technique is explained).  On Zen 5
 * it wins while a message is short (measured: up to about 1.6 KiB, see
 * HB_XXH32_LIMITS in xxh_x86.h); from there on `avx512` runs the scalar
 * code of the `fast` implementation, for updates and one-shots alike.  On
 * Zen 4 it wins at every length: `avx512-split` (HB_XXH32_SPLIT_LIMITS)
 * keeps it, in the split form below from 2 KiB on.  CPUs with AVX-512 IFMA run xxh32_avx512ifma.c
 * instead, whose chain is a cycle shorter on Zen 5 (on Zen 4 it is as
 * long, and the IFMA form wins only from 512 B to 2 KiB).  The context is
 * hb_xxh32_ctx (`fast`'s).  Registry entry: xxh_x86_rows.c. */
#include "algorithms/xxh/x86/xxh32_x86_vec.h"
#include "algorithms/common/keep_order_x86.h"

/* The split form: the same stripes with the rotate folded into the
 * multiplies, a chain of 5 cycles a stripe on Zen 4 instead of 6.  The
 * rotate's two halves share no bits, so rotl(u, 13) = (u << 13) + (u >>
 * 19), and
 *     rotl(u, 13) * PRIME32_1 = u * (PRIME32_1 << 13) + (u >> 19) * PRIME32_1
 * modulo 2^32.  Carry u = v + lane * PRIME32_2, the value a round starts
 * from; the next one is
 *     u' = (u * K + a') + (u >> 19) * PRIME32_1,   K = PRIME32_1 << 13,
 * where vpmulld (3 cycles) then vpaddd gives the left sum at 4, vpsrld (1)
 * then vpmulld gives the right product at 4, and one vpaddd joins them: 5,
 * against vpaddd 1 + vprold 2 + vpmulld 3.  The left sum is pinned, or gcc
 * may add a' to the right product, which is ready last.  The price is a
 * third multiply a stripe and two at the end, which lose while messages
 * are short enough to overlap (docs/impl-xxh.md, "Zen 4"); and on Zen 5,
 * where vpaddd takes 2 cycles, the chain is 7, no shorter than the
 * rotate's.  So only `avx512-split` runs it, from its split_from (2 KiB). */
static inline __m128i split_round(__m128i u, const uint8_t *p, __m128i k, __m128i p1, __m128i p2)
{
    __m128i a = _mm_mullo_epi32(_mm_loadu_si128((const __m128i *)(const void *)p), p2);
    __m128i left = _mm_add_epi32(_mm_mullo_epi32(u, k), a);
    HB_X86_PIN(left);
    return _mm_add_epi32(left, _mm_mullo_epi32(_mm_srli_epi32(u, 19), p1));
}

/* n stripes from p, lanes v in and out (a stripe kernel, as
 * hb_xxh32_vec_stripes) */
static inline __m128i split_stripes(__m128i v, const uint8_t *p, size_t n)
{
    const __m128i p1 = _mm_set1_epi32((int)HB_P32_1), p2 = _mm_set1_epi32((int)HB_P32_2);
    const __m128i k = _mm_set1_epi32((int)(HB_P32_1 << 13));
    __m128i u;

    if (n == 0)
        return v;
    u = _mm_add_epi32(v, _mm_mullo_epi32(_mm_loadu_si128((const __m128i *)(const void *)p), p2));
    for (p += 16, n--; n >= 4; n -= 4, p += 64) {
        u = split_round(u, p, k, p1, p2);
        u = split_round(u, p + 16, k, p1, p2);
        u = split_round(u, p + 32, k, p1, p2);
        u = split_round(u, p + 48, k, p1, p2);
    }
    for (; n > 0; n--, p += 16)
        u = split_round(u, p, k, p1, p2);
    return _mm_add_epi32(_mm_mullo_epi32(u, k), _mm_mullo_epi32(_mm_srli_epi32(u, 19), p1));
}

/* the long messages' paths, out of line so that the short ones' stay as
 * small as they were (inlined beside them, 64 B took 4.9 ns against 4.5) */
static __attribute__((noinline)) void oneshot_split(const uint8_t *p, size_t len, uint8_t *digest)
{
    size_t n = len / 16;
    uint32_t acc = hb_xxh32_vec_converge(split_stripes(hb_xxh32_vec_start(), p, n));
    hb_xxh32_finish(acc, p + n * 16, p + len, len, digest);
}

static __attribute__((noinline)) void update_split(hb_xxh32_ctx *c, const uint8_t *data, size_t len)
{
    hb_xxh32_update_vec(c, data, len, split_stripes);
}

/* The one-shot, update and final around one set of limits (xxh_x86.h),
 * constants once inlined into the functions below: one per row. */
static inline __attribute__((always_inline)) void
oneshot_with(const uint8_t *p, size_t len, uint8_t *digest, const hb_xxh_x86_limits lim)
{
    const uint8_t *end = (p = hb_msg_or_empty(p, len)) + len;
    uint32_t acc;
    size_t n = len / 16;

    if (HB_XXH_FROM(len, lim.vector_below)) {
        hb_xxh32_oneshot_fast(p, len, digest);
        return;
    }
    if (HB_XXH_FROM(len, lim.split_from)) {
        oneshot_split(p, len, digest);
        return;
    }
    if (n > 0) {
        acc = hb_xxh32_vec_converge(hb_xxh32_vec_stripes(hb_xxh32_vec_start(), p, n));
        p += n * 16;
    } else {
        acc = HB_P32_5;
    }
    hb_xxh32_finish(acc, p, end, len, digest);
}

static inline __attribute__((always_inline)) void
update_with(hb_xxh32_ctx *c, const uint8_t *data, size_t len, const hb_xxh_x86_limits lim)
{
    if (HB_XXH_FROM(len, lim.vector_below))
        hb_xxh32_update_fast(c, data, len);
    else if (HB_XXH_FROM(len, lim.split_from))
        update_split(c, data, len);
    else
        hb_xxh32_update_vec(c, data, len, hb_xxh32_vec_stripes);
}

/* The streaming final (of the IFMA implementations too).  A message
 * shorter than vector_below (the lower of the set's two vector thresholds)
 * had every stripe through a vector loop: the lanes were stored with one
 * 16-byte store, so one 16-byte load forwards from it, and they converge
 * in the vector unit.  A longer one may have had `fast`'s 4-byte stores
 * last, which a 16-byte load cannot forward from (it would wait for the
 * cache): `fast`'s final, whose 4-byte loads forward from either, takes
 * it. */
static inline __attribute__((always_inline)) void
final_with(hb_xxh32_ctx *c, uint8_t *digest, const hb_xxh_x86_limits lim)
{
    uint32_t acc;
    if (HB_XXH_FROM(c->total, lim.vector_below)) {
        hb_xxh32_final_fast(c, digest);
        return;
    }
    if (c->large)
        acc = hb_xxh32_vec_converge(_mm_loadu_si128((const __m128i *)(const void *)c->v));
    else
        acc = c->seed + HB_P32_5;
    hb_xxh32_finish(acc, c->buf, c->buf + c->used, c->total, digest);
}

#define XXH32_AVX512_LIMITS(sfx, limits)                                                 \
    void hb_xxh32_oneshot_##sfx(const uint8_t *p, size_t len, uint8_t *digest)           \
    {                                                                                    \
        oneshot_with(p, len, digest, (hb_xxh_x86_limits)limits);                         \
    }                                                                                    \
    void hb_xxh32_update_##sfx(hb_xxh32_ctx *c, const uint8_t *data, size_t len)         \
    {                                                                                    \
        update_with(c, data, len, (hb_xxh_x86_limits)limits);                            \
    }                                                                                    \
    void hb_xxh32_final_##sfx(hb_xxh32_ctx *c, uint8_t *digest)                          \
    {                                                                                    \
        final_with(c, digest, (hb_xxh_x86_limits)limits);                                \
    }

XXH32_AVX512_LIMITS(avx512, HB_XXH32_LIMITS)
XXH32_AVX512_LIMITS(avx512_split, HB_XXH32_SPLIT_LIMITS)
