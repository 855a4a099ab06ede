/* SHA-512 and SHA-384 with an AVX-512 message schedule and BMI2 rounds.
 *
 * Eight blocks go side by side in the eight 64-bit lanes of a zmm register
 * (sha512_batch_x86.h: the schedule of the next eight blocks is computed in
 * slices between the rounds of the current ones).  AVX-512 makes each
 * schedule step short: vprorq rotates in one instruction and vpternlogq
 * xors three terms in one, so
 *   s0 = ROTR1 ^ ROTR8 ^ SHR7 and s1 = ROTR19 ^ ROTR61 ^ SHR6
 * are four instructions each, and W[t] + K[t] for eight blocks costs about
 * twelve: 1.5 per block and word, against about 13 scalar instructions.
 * The blocks are loaded row by row and transposed (8 x 8 words, three
 * shuffle stages) into word-major order. */
#include <immintrin.h>
#include "sha_x86.h"
#include "sha512_rounds_x86.h"

#define LANES 8

typedef struct vsched {
    __m512i w[80];              /* W[t] of the batch being scheduled */
    __m512i wk[2][80];          /* W[t] + K[t]: the batch in rounds, the next one */
} vsched;

static inline __m512i k_of(unsigned t)
{
    return _mm512_set1_epi64((long long)hb_u64_to_native(hb_sha512_k[t]));
}

static inline void sched_slot(vsched *v, unsigned buf, const uint8_t *p, size_t nb,
                              unsigned slot) __attribute__((always_inline));

#include "sha512_batch_x86.h"

/* words 8q .. 8q+7 of the (up to) eight blocks, transposed to one vector
 * per word; lanes past nb repeat the last block */
static void load8(vsched *v, unsigned buf, const uint8_t *p, size_t nb, unsigned q)
{
    const __m512i bswap = _mm512_set4_epi64(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL,
                                            0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
    __m512i r[8], lo[4], hi[4], u0, u1, u2, u3, out[8];
    unsigned l, j;

    for (l = 0; l < 8; l++) {
        size_t blk = l < nb ? l : nb - 1;
        r[l] = _mm512_shuffle_epi8(
            _mm512_loadu_si512((const void *)(p + blk * HB_SHA512_BLOCK + 64 * q)), bswap);
    }
    /* stage 1: pairs of blocks; lo[k] lane pair m = words 2m of blocks 2k, 2k+1 */
    for (l = 0; l < 4; l++) {
        lo[l] = _mm512_unpacklo_epi64(r[2 * l], r[2 * l + 1]);
        hi[l] = _mm512_unpackhi_epi64(r[2 * l], r[2 * l + 1]);
    }
    /* stages 2 and 3: a 4 x 4 transpose of 128-bit lanes */
    u0 = _mm512_shuffle_i64x2(lo[0], lo[1], 0x44);
    u1 = _mm512_shuffle_i64x2(lo[0], lo[1], 0xEE);
    u2 = _mm512_shuffle_i64x2(lo[2], lo[3], 0x44);
    u3 = _mm512_shuffle_i64x2(lo[2], lo[3], 0xEE);
    out[0] = _mm512_shuffle_i64x2(u0, u2, 0x88);
    out[2] = _mm512_shuffle_i64x2(u0, u2, 0xDD);
    out[4] = _mm512_shuffle_i64x2(u1, u3, 0x88);
    out[6] = _mm512_shuffle_i64x2(u1, u3, 0xDD);
    u0 = _mm512_shuffle_i64x2(hi[0], hi[1], 0x44);
    u1 = _mm512_shuffle_i64x2(hi[0], hi[1], 0xEE);
    u2 = _mm512_shuffle_i64x2(hi[2], hi[3], 0x44);
    u3 = _mm512_shuffle_i64x2(hi[2], hi[3], 0xEE);
    out[1] = _mm512_shuffle_i64x2(u0, u2, 0x88);
    out[3] = _mm512_shuffle_i64x2(u0, u2, 0xDD);
    out[5] = _mm512_shuffle_i64x2(u1, u3, 0x88);
    out[7] = _mm512_shuffle_i64x2(u1, u3, 0xDD);
    for (j = 0; j < 8; j++) {
        v->w[8 * q + j] = out[j];
        v->wk[buf][8 * q + j] = _mm512_add_epi64(out[j], k_of(8 * q + j));
    }
}

/* slots 0, 1: load words 0-7, 8-15; 2-15: nothing (the rounds need no
 * help there); 16-79: W[slot] */
static inline void sched_slot(vsched *v, unsigned buf, const uint8_t *p, size_t nb,
                              unsigned slot)
{
    const __m512i *w = v->w + slot;   /* constant offsets from one pointer */
    __m512i s0, s1, wt;

    if (slot < 2) {
        load8(v, buf, p, nb, slot);
        return;
    }
    if (slot < 16)
        return;
    s1 = _mm512_ternarylogic_epi64(_mm512_ror_epi64(w[-2], 19), _mm512_ror_epi64(w[-2], 61),
                                   _mm512_srli_epi64(w[-2], 6), 0x96);
    s0 = _mm512_ternarylogic_epi64(_mm512_ror_epi64(w[-15], 1), _mm512_ror_epi64(w[-15], 8),
                                   _mm512_srli_epi64(w[-15], 7), 0x96);
    wt = _mm512_add_epi64(_mm512_add_epi64(w[-16], s0), _mm512_add_epi64(w[-7], s1));
    v->w[slot] = wt;
    v->wk[buf][slot] = _mm512_add_epi64(wt, k_of(slot));
}

void hb_sha512_compress_avx512(hb_u64 *state, hb_u64 *scratch, const uint8_t *blocks,
                               size_t nblocks)
{
    (void)scratch;
    if (nblocks == 1)
        sha512_one_block(state, blocks);
    else if (nblocks > 1)
        sha512_batches(state, blocks, nblocks);
}

static void sha512_update_avx512(hb_sha512_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha512_update_with(c, data, len, hb_sha512_compress_avx512);
}

static void sha512_final_avx512(hb_sha512_ctx *c, uint8_t *digest)
{
    hb_sha512_final_with(c, digest, HB_SHA512_DIGEST, hb_sha512_compress_avx512);
}

static void sha384_final_avx512(hb_sha384_ctx *c, uint8_t *digest)
{
    hb_sha512_final_with(c, digest, HB_SHA384_DIGEST, hb_sha512_compress_avx512);
}

HB_SHA_X86_IMPL(hb_impl_sha512_avx512, "avx512", HB_SHA_X86_AVX512, hb_sha512_ctx,
                hb_sha512_init, sha512_update_avx512, sha512_final_avx512, 0);
HB_SHA_X86_IMPL(hb_impl_sha384_avx512, "avx512", HB_SHA_X86_AVX512, hb_sha384_ctx,
                hb_sha384_init, sha512_update_avx512, sha384_final_avx512, 0);
