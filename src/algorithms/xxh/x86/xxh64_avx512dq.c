/* XXH64 with AVX-512F + VL + DQ: the four accumulator lanes in one ymm, so
 * a 32-byte stripe is one load folded into vpmullq (times PRIME64_2; the
 * 64-bit multiply is AVX-512DQ's), vpaddq, vprolq and vpmullq (times
 * PRIME64_1): 4 instructions where the scalar round needs 16.  As for
 * XXH32 (xxh32_avx512.c) the vector chain is the longer one on Zen 5
 * (vpaddq 2 + vprolq 2 + vpmullq 3 = 7 cycles a stripe, scalar 5), and the
 * fewer instructions let consecutive messages overlap: a win up to about
 * 3 KiB (HB_XXH64_LIMITS in xxh_x86.h); longer updates and one-shots of
 * `avx512` run the `fast` scalar code.  On Zen 4 (1-cycle vpaddq and
 * vprolq, one scalar multiply a cycle) the vector loop wins at every
 * length: `avx512-split` keeps it (HB_XXH64_SPLIT_LIMITS).
 *
 * The merge also runs its four lane rounds (round(0, v[i])) as one vector
 * step; only the chain of four xor-multiply-adds stays scalar.  The
 * streaming state is hb_xxh64_ctx, shared with `fast` (registry entry:
 * xxh_x86_rows.c). */
#include <immintrin.h>
#include "algorithms/xxh/x86/xxh_x86.h"
#include "algorithms/xxh/x86/vector_x86.h"
#include "algorithms/common/keep_order_x86.h"

/* The seed-0 start of the four lanes: PRIME64_1 + PRIME64_2, PRIME64_2,
 * 0, -PRIME64_1 */
static inline __m256i xxh64_start(void)
{
    return _mm256_setr_epi64x((long long)(HB_P64_1 + HB_P64_2), (long long)HB_P64_2, 0,
                              (long long)(0 - HB_P64_1));
}

static inline __m256i xxh64_round(__m256i v, const uint8_t *p, __m256i p1, __m256i p2)
{
    __m256i m = _mm256_loadu_si256((const __m256i *)(const void *)p);
    v = _mm256_add_epi64(v, _mm256_mullo_epi64(m, p2));
    return _mm256_mullo_epi64(_mm256_rol_epi64(v, 31), p1);
}

/* n whole stripes from p, two per loop pass (a 64-byte step) */
static inline __m256i xxh64_stripes(__m256i v, const uint8_t *p, size_t n)
{
    const __m256i p1 = _mm256_set1_epi64x((long long)HB_P64_1);
    const __m256i p2 = _mm256_set1_epi64x((long long)HB_P64_2);
    for (; n >= 2; n -= 2, p += 64) {
        v = xxh64_round(v, p, p1, p2);
        v = xxh64_round(v, p + 32, p1, p2);
    }
    if (n > 0)
        v = xxh64_round(v, p, p1, p2);
    return v;
}

/* The split form, as XXH32's (xxh32_avx512.c): the rotate folded into the
 * multiplies, rotl(u, 31) * PRIME64_1 = u * (PRIME64_1 << 31) + (u >> 33)
 * * PRIME64_1 modulo 2^64, carrying u = v + lane * PRIME64_2.  The chain is
 * vpmullq (3 cycles) + vpaddq + vpaddq, 5 on Zen 4 against 6; a stripe
 * takes three vpmullq instead of two.  For calls from the limits'
 * split_from bytes on (`avx512-split`: 2 KiB; xxh_x86.h), through
 * out-of-line copies of the one-shot and the update, so that short
 * messages keep their code as it was (with a branch to a called kernel in
 * it, 64 B took 7.8 ns against 6.8). */
static inline __m256i split_round(__m256i u, const uint8_t *p, __m256i k, __m256i p1, __m256i p2)
{
    __m256i a = _mm256_mullo_epi64(_mm256_loadu_si256((const __m256i *)(const void *)p), p2);
    __m256i left = _mm256_add_epi64(_mm256_mullo_epi64(u, k), a);
    HB_X86_PIN(left);
    return _mm256_add_epi64(left, _mm256_mullo_epi64(_mm256_srli_epi64(u, 33), p1));
}

static inline __m256i split_stripes(__m256i v, const uint8_t *p, size_t n)
{
    const __m256i p1 = _mm256_set1_epi64x((long long)HB_P64_1);
    const __m256i p2 = _mm256_set1_epi64x((long long)HB_P64_2);
    const __m256i k = _mm256_set1_epi64x((long long)(HB_P64_1 << 31));
    __m256i u;

    if (n == 0)
        return v;
    u = _mm256_loadu_si256((const __m256i *)(const void *)p);
    u = _mm256_add_epi64(v, _mm256_mullo_epi64(u, p2));
    for (p += 32, n--; n >= 2; n -= 2, p += 64) {
        u = split_round(u, p, k, p1, p2);
        u = split_round(u, p + 32, k, p1, p2);
    }
    if (n > 0)
        u = split_round(u, p, k, p1, p2);
    return _mm256_add_epi64(_mm256_mullo_epi64(u, k),
                            _mm256_mullo_epi64(_mm256_srli_epi64(u, 33), p1));
}

/* The converged lanes, merged: the rotations and the four lane rounds in
 * the vector unit, the serial xor-multiply-add chain in scalar code. */
static inline uint64_t xxh64_converge(__m256i v)
{
    const __m256i p1 = _mm256_set1_epi64x((long long)HB_P64_1);
    const __m256i p2 = _mm256_set1_epi64x((long long)HB_P64_2);
    __m256i rot = _mm256_rolv_epi64(v, _mm256_setr_epi64x(1, 7, 12, 18));
    __m128i s = _mm_add_epi64(_mm256_castsi256_si128(rot), _mm256_extracti128_si256(rot, 1));
    __m256i r = _mm256_mullo_epi64(_mm256_rol_epi64(_mm256_mullo_epi64(v, p2), 31), p1);
    uint64_t lanes[4];

    s = _mm_add_epi64(s, _mm_unpackhi_epi64(s, s));
    _mm256_storeu_si256((__m256i *)(void *)lanes, r);
    return hb_xxh64_merge((uint64_t)_mm_cvtsi128_si64(s), lanes);
}

typedef __m256i (*stripes_fn)(__m256i v, const uint8_t *p, size_t n);

/* the vector one-shot around a stripe kernel (inlined) */
static inline __attribute__((always_inline)) void
oneshot_with(const uint8_t *p, size_t len, uint8_t *digest, stripes_fn stripes)
{
    const uint8_t *end = (p = hb_msg_or_empty(p, len)) + len;
    uint64_t acc;
    size_t n = len / 32;

    if (n > 0) {
        acc = xxh64_converge(stripes(xxh64_start(), p, n));
        p += n * 32;
    } else {
        acc = HB_P64_5;
    }
    hb_xxh64_finish(acc, p, end, len, digest);
}

static __attribute__((noinline)) void oneshot_split(const uint8_t *p, size_t len, uint8_t *digest)
{
    oneshot_with(p, len, digest, split_stripes);
}

/* messages past the vector limit: `fast`'s scalar loop, here with BMI2
 * and four stripes a pass (xxh_x86.h) */
static __attribute__((noinline)) void oneshot_scalar(const uint8_t *p, size_t len, uint8_t *digest)
{
    hb_xxh64_oneshot_scalar(p, len, digest, 1);
}

/* the one-shot of a set of limits (xxh_x86.h), constants once inlined */
static inline __attribute__((always_inline)) void
oneshot_limits(const uint8_t *p, size_t len, uint8_t *digest, const hb_xxh_x86_limits lim)
{
    if (HB_XXH_FROM(len, lim.vector_below))
        oneshot_scalar(p, len, digest);
    else if (HB_XXH_FROM(len, lim.split_from))
        oneshot_split(p, len, digest);
    else
        oneshot_with(p, len, digest, xxh64_stripes);
}

/* the vector update around a stripe kernel (inlined); len is below the
 * limits' vector_below, so under 2^32 */
static inline __attribute__((always_inline)) void
update_with(hb_xxh64_ctx *c, const uint8_t *data, size_t len, stripes_fn stripes)
{
    uint64_t w[4];
    __m256i v;
    size_t take, n;
    int fresh;

    /* no stripe hashed yet: the lanes are still hb_xxh64_init_seed's */
    fresh = HB_U64_HI(c->total) == 0 && HB_U64_LO(c->total) < 32;
    HB_U64_ADD32(c->total, c->total, (uint32_t)len);   /* len < 2^32 here */
    if (c->used + len < 32) {
        if (len > 0)                /* data may be NULL then */
            memcpy(c->buf + c->used, data, len);
        c->used = (uint8_t)(c->used + len);
        return;
    }
    if (fresh) {
        /* built in registers: a 32-byte load of init's four 8-byte stores
           could not be forwarded from them (measured: 64 B through init +
           update + final took twice as long as `fast`'s) */
        uint64_t seed = ((uint64_t)HB_U64_HI(c->seed) << 32) | HB_U64_LO(c->seed);
        v = _mm256_add_epi64(_mm256_set1_epi64x((long long)seed), xxh64_start());
    } else {
        hb_vx_get_words(w, c->v, 4);
        v = _mm256_loadu_si256((const __m256i *)(const void *)w);
    }
    if (c->used > 0) {
        take = 32u - c->used;
        memcpy(c->buf + c->used, data, take);
        data += take;
        len -= take;
        v = xxh64_stripes(v, c->buf, 1);
    }
    n = len / 32;
    v = stripes(v, data, n);
    _mm256_storeu_si256((__m256i *)(void *)w, v);
    hb_vx_put_words(c->v, w, 4);
    data += n * 32;
    len -= n * 32;
    memcpy(c->buf, data, len);
    c->used = (uint8_t)len;
}

static __attribute__((noinline)) void update_split(hb_xxh64_ctx *c, const uint8_t *data, size_t len)
{
    update_with(c, data, len, split_stripes);
}

static inline __attribute__((always_inline)) void
update_limits(hb_xxh64_ctx *c, const uint8_t *data, size_t len, const hb_xxh_x86_limits lim)
{
    if (HB_XXH_FROM(len, lim.vector_below))
        hb_xxh64_update_fast(c, data, len);
    else if (HB_XXH_FROM(len, lim.split_from))
        update_split(c, data, len);
    else
        update_with(c, data, len, xxh64_stripes);
}

/* The streaming final.  A message shorter than the limits' vector_below had
 * every stripe through the vector loop: the lanes were stored with one
 * 32-byte store, so one 32-byte load forwards from it, and they merge in
 * the vector unit as in the one-shot.  A longer one may have had `fast`'s
 * 8-byte stores last, which a 32-byte load cannot forward from (it would
 * wait for the cache): `fast`'s final, whose 8-byte loads forward from
 * either, takes it. */
static inline __attribute__((always_inline)) void
final_limits(hb_xxh64_ctx *c, uint8_t *digest, const hb_xxh_x86_limits lim)
{
    uint64_t acc, w[4];
    uint64_t total = ((uint64_t)HB_U64_HI(c->total) << 32) | HB_U64_LO(c->total);
    if (HB_XXH_FROM(total, lim.vector_below)) {
        hb_xxh64_final_fast(c, digest);
        return;
    }
    if (total >= 32) {
        hb_vx_get_words(w, c->v, 4);
        acc = xxh64_converge(_mm256_loadu_si256((const __m256i *)(const void *)w));
    } else {
        acc = (((uint64_t)HB_U64_HI(c->seed) << 32) | HB_U64_LO(c->seed)) + HB_P64_5;
    }
    hb_xxh64_finish(acc, c->buf, c->buf + c->used, total, digest);
}

/* one set of functions per row: `avx512` and `avx512-split` */
#define XXH64_AVX512_LIMITS(sfx, limits)                                                 \
    void hb_xxh64_oneshot_##sfx(const uint8_t *p, size_t len, uint8_t *digest)           \
    {                                                                                    \
        oneshot_limits(p, len, digest, (hb_xxh_x86_limits)limits);                       \
    }                                                                                    \
    void hb_xxh64_update_##sfx(hb_xxh64_ctx *c, const uint8_t *data, size_t len)         \
    {                                                                                    \
        update_limits(c, data, len, (hb_xxh_x86_limits)limits);                          \
    }                                                                                    \
    void hb_xxh64_final_##sfx(hb_xxh64_ctx *c, uint8_t *digest)                          \
    {                                                                                    \
        final_limits(c, digest, (hb_xxh_x86_limits)limits);                              \
    }

XXH64_AVX512_LIMITS(avx512dq, HB_XXH64_LIMITS)
XXH64_AVX512_LIMITS(avx512dq_split, HB_XXH64_SPLIT_LIMITS)
