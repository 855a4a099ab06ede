/* The 64 rounds of SHA-256 with the SHA extensions, on a state held in
 * registers: shared by the SHA-256 compress function (sha256_shani.c) and
 * the PBKDF2 inner loop (mac/x86/pbkdf2_sha256_shani.c), which feeds it a
 * message straight from the previous digest's registers.
 *
 * Only files compiled with -msha -msse4.1 (the _shani suffix) include this.
 *
 * The technique is the one of Intel's "Intel SHA Extensions" paper (2013):
 *   - sha256rnds2 does two rounds: its first operand is the state words
 *     C, D, G, H, its second A, B, E, F (in that lane order, high to low:
 *     [A B E F] means lane 3 = A ... lane 0 = F), its third the two
 *     message+constant words in lanes 0 and 1; it returns the new A B E F,
 *     and the old A B E F is the new C D G H.  Four rounds are therefore
 *     two sha256rnds2, the second fed lanes 2 and 3 of W+K (pshufd 0x0E);
 *   - sha256msg1 adds sigma0(W[t-15]) to W[t-16] for four words,
 *     palignr supplies W[t-7], and sha256msg2 adds sigma1(W[t-2]),
 *     computing the four new words' dependency on each other itself.
 * The critical path is the chain of 32 sha256rnds2 per block; the message
 * schedule runs beside it. */
#ifndef HB_SHA256_SHANI_CORE_H
#define HB_SHA256_SHANI_CORE_H

#include <immintrin.h>
#include "hashbench/sha2.h"
#include "algorithms/common/md_pad_x86.h"

/* [a b c d] [e f g h] (lane 0 = a, as loaded from state[0..7]) to the
 * instruction's [A B E F] [C D G H] (lane 3 = A). */
static inline void hb_sha256_shani_to_abef(__m128i abcd, __m128i efgh, __m128i *abef,
                                           __m128i *cdgh)
{
    __m128i badc = _mm_shuffle_epi32(abcd, 0xB1); /* lanes b a d c */
    __m128i hgfe = _mm_shuffle_epi32(efgh, 0x1B); /* lanes h g f e */
    *abef = _mm_alignr_epi8(badc, hgfe, 8);       /* f e b a */
    *cdgh = _mm_blend_epi16(hgfe, badc, 0xF0);    /* h g d c */
}

/* The inverse: back to [a b c d] [e f g h] with lane 0 = a. */
static inline void hb_sha256_shani_from_abef(__m128i abef, __m128i cdgh, __m128i *abcd,
                                             __m128i *efgh)
{
    __m128i abef_r = _mm_shuffle_epi32(abef, 0x1B); /* a b e f */
    __m128i cdgh_r = _mm_shuffle_epi32(cdgh, 0xB1); /* g h c d */
    *abcd = _mm_blend_epi16(abef_r, cdgh_r, 0xF0);  /* a b c d */
    *efgh = _mm_alignr_epi8(cdgh_r, abef_r, 8);     /* e f g h */
}

/* four rounds with message words m (lane 0 = the first) and constants
 * K[4i .. 4i+3] */
#define HB_SHA256_SHANI_QROUND(m, i)                                              \
    do {                                                                          \
        __m128i wk_ = _mm_add_epi32((m), _mm_loadu_si128(                         \
                                             (const __m128i *)(hb_sha256_k + 4 * (i)))); \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk_);                            \
        wk_ = _mm_shuffle_epi32(wk_, 0x0E);                                       \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, wk_);                            \
    } while (0)

/* W[4n .. 4n+3] into a (which held W[4n-16 .. 4n-13]), from the three
 * following groups b, c, d (W[4n-12 ..], W[4n-8 ..], W[4n-4 ..]) */
#define HB_SHA256_SHANI_SCHED(a, b, c, d)                                         \
    (a) = _mm_sha256msg2_epu32(                                                   \
        _mm_add_epi32(_mm_sha256msg1_epu32((a), (b)), _mm_alignr_epi8((d), (c), 4)), (d))

/* One block: the 64 rounds on *abef / *cdgh with the sixteen message words
 * m0..m3 (host-order integers, lane 0 of m0 = W[0]), then the feed-forward
 * addition. */
static inline __attribute__((always_inline)) void hb_sha256_shani_block(__m128i *abef_p, __m128i *cdgh_p, __m128i m0,
                                         __m128i m1, __m128i m2, __m128i m3)
{
    __m128i abef = *abef_p, cdgh = *cdgh_p;

    HB_SHA256_SHANI_QROUND(m0, 0);
    HB_SHA256_SHANI_QROUND(m1, 1);
    HB_SHA256_SHANI_QROUND(m2, 2);
    HB_SHA256_SHANI_QROUND(m3, 3);
    HB_SHA256_SHANI_SCHED(m0, m1, m2, m3); HB_SHA256_SHANI_QROUND(m0, 4);
    HB_SHA256_SHANI_SCHED(m1, m2, m3, m0); HB_SHA256_SHANI_QROUND(m1, 5);
    HB_SHA256_SHANI_SCHED(m2, m3, m0, m1); HB_SHA256_SHANI_QROUND(m2, 6);
    HB_SHA256_SHANI_SCHED(m3, m0, m1, m2); HB_SHA256_SHANI_QROUND(m3, 7);
    HB_SHA256_SHANI_SCHED(m0, m1, m2, m3); HB_SHA256_SHANI_QROUND(m0, 8);
    HB_SHA256_SHANI_SCHED(m1, m2, m3, m0); HB_SHA256_SHANI_QROUND(m1, 9);
    HB_SHA256_SHANI_SCHED(m2, m3, m0, m1); HB_SHA256_SHANI_QROUND(m2, 10);
    HB_SHA256_SHANI_SCHED(m3, m0, m1, m2); HB_SHA256_SHANI_QROUND(m3, 11);
    HB_SHA256_SHANI_SCHED(m0, m1, m2, m3); HB_SHA256_SHANI_QROUND(m0, 12);
    HB_SHA256_SHANI_SCHED(m1, m2, m3, m0); HB_SHA256_SHANI_QROUND(m1, 13);
    HB_SHA256_SHANI_SCHED(m2, m3, m0, m1); HB_SHA256_SHANI_QROUND(m2, 14);
    HB_SHA256_SHANI_SCHED(m3, m0, m1, m2); HB_SHA256_SHANI_QROUND(m3, 15);

    *abef_p = _mm_add_epi32(*abef_p, abef);
    *cdgh_p = _mm_add_epi32(*cdgh_p, cdgh);
}

/* pshufb control: reverse the bytes of each 32-bit lane (big-endian words
 * to integers and back) */
#define HB_SHA256_SHANI_BSWAP _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL)

/* One block at p (big-endian bytes) on *abef / *cdgh. */
static inline __attribute__((always_inline)) void
hb_sha256_shani_block_at(__m128i *abef, __m128i *cdgh, const uint8_t *p)
{
    const __m128i bswap = HB_SHA256_SHANI_BSWAP;

    hb_sha256_shani_block(abef, cdgh,
                          _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), bswap),
                          _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 16)), bswap),
                          _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 32)), bswap),
                          _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 48)), bswap));
}

/* A whole message, padding included, on a state held in the instruction's
 * registers (the one-shots: SHA-256's and HMAC's, which starts from the
 * padded-key state with prefix = 64 bytes already hashed).  The padded
 * tail is built in registers (md_pad_x86.h). */
static inline __attribute__((always_inline)) void
hb_sha256_shani_message(__m128i *abef, __m128i *cdgh, const uint8_t *data, size_t len,
                        uint64_t prefix)
{
    uint8_t pad[128] __attribute__((aligned(16)));
    uint64_t bits = (prefix + (uint64_t)len) << 3;
    size_t n = len / 64, nb;
    const uint8_t *p = data;

    for (; n > 0; n--, p += 64)
        hb_sha256_shani_block_at(abef, cdgh, p);
    nb = hb_md_pad_tail(pad, data, len, 64, 8, _mm_set_epi64x((long long)__builtin_bswap64(bits), 0));
    hb_sha256_shani_block_at(abef, cdgh, pad);
    if (nb > 1)
        hb_sha256_shani_block_at(abef, cdgh, pad + 64);
}

/* The digest (32 bytes, big-endian) of a state in the instruction's
 * registers. */
static inline void hb_sha256_shani_digest(__m128i abef, __m128i cdgh, uint8_t *digest)
{
    const __m128i bswap = HB_SHA256_SHANI_BSWAP;
    __m128i abcd, efgh;

    hb_sha256_shani_from_abef(abef, cdgh, &abcd, &efgh);
    _mm_storeu_si128((__m128i *)(void *)digest, _mm_shuffle_epi8(abcd, bswap));
    _mm_storeu_si128((__m128i *)(void *)(digest + 16), _mm_shuffle_epi8(efgh, bswap));
}

#endif /* HB_SHA256_SHANI_CORE_H */
