/* MurmurHash3_x64_128 with the block constants' work in the vector unit.
 *
 * Per 16-byte block the hash does two things of different kinds:
 *   - k1 = rotl(w1 * C1, 31) * C2 and k2 = rotl(w2 * C2, 33) * C1, which
 *     depend on the data only: four 64-bit multiplies and two rotates;
 *   - the chain h1 ^= k1, rotl 27, += h2, * 5 + N1; h2 ^= k2, rotl 31,
 *     += h1, * 5 + N2: 6 cycles a block (0.375 c/B), the limit.
 * In scalar code both compete for the same ports: on Zen 4 four imul and
 * four rotates a block keep `fast` at 0.56 c/B, 50 % above the chain.
 * Here the k values of up to 16 blocks come out of vpmullq and vprolvq,
 * four blocks a zmm (lanes k1, k2, k1, k2, ...), into a buffer, and the
 * scalar loop that follows is the chain alone, which runs at its limit.
 *
 * The context, init and final are `fast`'s (murmur3_128_fast.c): a block
 * cut between two updates is completed by `fast`'s update, and its final
 * mixes the tail.  Registry entry and rank: murmur3_x86_rows.c (first
 * on Zen 4 only: the other cores were not measured). */
#include <immintrin.h>
#include "murmur3_x86.h"

#define C1 0x87C37B91114253D5ull
#define C2 0x4CF5AD432745937Full
#define N1 0x52DCE729ull
#define N2 0x38495AB5ull
#define GROUP 16                    /* blocks whose k values one pass computes */

static inline uint64_t rotl64(uint64_t x, unsigned r) { return (x << r) | (x >> (64 - r)); }

/* k1, k2 of four blocks (a zmm of their eight little-endian words) */
static inline __m512i k_values(__m512i w)
{
    const __m512i ca = _mm512_set_epi64((long long)C2, (long long)C1, (long long)C2,
                                        (long long)C1, (long long)C2, (long long)C1,
                                        (long long)C2, (long long)C1);
    const __m512i cb = _mm512_set_epi64((long long)C1, (long long)C2, (long long)C1,
                                        (long long)C2, (long long)C1, (long long)C2,
                                        (long long)C1, (long long)C2);
    const __m512i r = _mm512_set_epi64(33, 31, 33, 31, 33, 31, 33, 31);
    return _mm512_mullo_epi64(_mm512_rolv_epi64(_mm512_mullo_epi64(w, ca), r), cb);
}

/* n whole blocks from p into h[0], h[1] */
static void blocks(uint64_t *h, const uint8_t *p, size_t n)
{
    __attribute__((aligned(64))) uint64_t k[2 * GROUP];
    uint64_t h1 = h[0], h2 = h[1];

    while (n > 0) {
        size_t m = n < GROUP ? n : GROUP, q, i;

        /* the group's 2m words, eight at a time; the last load masked (a
         * masked-off lane is not read, so nothing past the input is) */
        for (q = 0; q < 2 * m; q += 8) {
            const size_t left = 2 * m - q;
            const __mmask8 mask = left >= 8 ? 0xFF : (__mmask8)((1u << left) - 1);
            _mm512_store_si512(k + q, k_values(_mm512_maskz_loadu_epi64(mask, p + 8 * q)));
        }
        for (i = 0; i < m; i++) {
            h1 = rotl64(h1 ^ k[2 * i], 27) + h2;
            h1 = h1 * 5 + N1;
            h2 = rotl64(h2 ^ k[2 * i + 1], 31) + h1;
            h2 = h2 * 5 + N2;
        }
        p += 16 * m;
        n -= m;
    }
    h[0] = h1;
    h[1] = h2;
}

/* hb_u64 to and from a native word (a copy in the two-word build,
 * -DHB_U64_PAIR, which the optimiser removes in the native one) */
static inline uint64_t word(hb_u64 a) { return ((uint64_t)HB_U64_HI(a) << 32) | HB_U64_LO(a); }

void hb_murmur3_128_update_avx512dq(hb_murmur3_128_ctx *c, const uint8_t *data, size_t len)
{
    uint64_t h[2];
    size_t n;

    if (len == 0)       /* data may be NULL then (common/empty_msg.h) */
        return;
    if (c->used > 0) {
        /* complete the pending block (or add to it) through `fast` */
        size_t take = 16u - c->used;
        if (take > len)
            take = len;
        hb_murmur3_128_update_fast(c, data, take);
        data += take;
        len -= take;
    }
    n = len / 16;
    if (n > 0) {
        size_t bytes = n * 16;

        h[0] = word(c->h1);
        h[1] = word(c->h2);
        blocks(h, data, n);
        HB_U64_SET(c->h1, (uint32_t)(h[0] >> 32), (uint32_t)h[0]);
        HB_U64_SET(c->h2, (uint32_t)(h[1] >> 32), (uint32_t)h[1]);
        hb_murmur3_128_count(c, bytes);
        data += bytes;
        len -= bytes;
    }
    if (len > 0)                    /* the last partial block, to the buffer */
        hb_murmur3_128_update_fast(c, data, len);
}
