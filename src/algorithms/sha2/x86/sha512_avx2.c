/* SHA-512 and SHA-384 with an AVX2 message schedule and BMI2 rounds.
 *
 * Four blocks go side by side in the four 64-bit lanes of a ymm register
 * (sha512_batch_x86.h: the schedule of the next four blocks is computed in
 * slices between the rounds of the current ones).  AVX2 has no 64-bit
 * rotate, so each ROTR is two shifts and an or: a schedule step for four
 * blocks is about 18 instructions, 4.5 per block and word. */
#include <immintrin.h>
#include "sha_x86.h"
#include "sha512_rounds_x86.h"

#define LANES 4

typedef struct vsched {
    __m256i w[80];              /* W[t] of the batch being scheduled */
    __m256i wk[2][80];          /* W[t] + K[t]: the batch in rounds, the next one */
} vsched;

static inline void sched_slot(vsched *v, unsigned buf, const uint8_t *p, size_t nb,
                              unsigned slot) __attribute__((always_inline));

#include "sha512_batch_x86.h"

static inline __m256i k_of(unsigned t)
{
    return _mm256_set1_epi64x((long long)hb_u64_to_native(hb_sha512_k[t]));
}

static inline __m256i ror64(__m256i x, int n)
{
    return _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - n));
}

/* words 4q .. 4q+3 of the (up to) four blocks, a 4 x 4 transpose; lanes
 * past nb repeat the last block */
static void load4(vsched *v, unsigned buf, const uint8_t *p, size_t nb, unsigned q)
{
    const __m256i bswap = _mm256_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL,
                                            0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
    __m256i r[4], t0, t1, t2, t3, out[4];
    unsigned l, j;

    for (l = 0; l < 4; l++) {
        size_t blk = l < nb ? l : nb - 1;
        r[l] = _mm256_shuffle_epi8(
            _mm256_loadu_si256((const __m256i *)(const void *)(p + blk * HB_SHA512_BLOCK +
                                                               32 * q)),
            bswap);
    }
    t0 = _mm256_unpacklo_epi64(r[0], r[1]); /* words 0, 2 of blocks 0, 1 */
    t1 = _mm256_unpackhi_epi64(r[0], r[1]); /* words 1, 3 */
    t2 = _mm256_unpacklo_epi64(r[2], r[3]);
    t3 = _mm256_unpackhi_epi64(r[2], r[3]);
    out[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    out[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    out[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    out[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
    for (j = 0; j < 4; j++) {
        v->w[4 * q + j] = out[j];
        v->wk[buf][4 * q + j] = _mm256_add_epi64(out[j], k_of(4 * q + j));
    }
}

static inline void step(vsched *v, unsigned buf, unsigned t)
{
    const __m256i *w = v->w + t;      /* constant offsets from one pointer */
    __m256i s0, s1, wt;

    s1 = _mm256_xor_si256(_mm256_xor_si256(ror64(w[-2], 19), ror64(w[-2], 61)),
                          _mm256_srli_epi64(w[-2], 6));
    s0 = _mm256_xor_si256(_mm256_xor_si256(ror64(w[-15], 1), ror64(w[-15], 8)),
                          _mm256_srli_epi64(w[-15], 7));
    wt = _mm256_add_epi64(_mm256_add_epi64(w[-16], s0), _mm256_add_epi64(w[-7], s1));
    v->w[t] = wt;
    v->wk[buf][t] = _mm256_add_epi64(wt, k_of(t));
}

/* slots 0-3: load words 0-15; 4-7: nothing; 8-39: W[2 slot], W[2 slot + 1] */
static inline void sched_slot(vsched *v, unsigned buf, const uint8_t *p, size_t nb,
                              unsigned slot)
{
    if (slot < 4) {
        load4(v, buf, p, nb, slot);
    } else if (slot >= 8) {
        step(v, buf, 2 * slot);
        step(v, buf, 2 * slot + 1);
    }
}

void hb_sha512_compress_avx2(hb_u64 *state, hb_u64 *scratch, const uint8_t *blocks,
                             size_t nblocks)
{
    (void)scratch;
    if (nblocks == 1)
        sha512_one_block(state, blocks);
    else if (nblocks > 1)
        sha512_batches(state, blocks, nblocks);
}

static void sha512_update_avx2(hb_sha512_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha512_update_with(c, data, len, hb_sha512_compress_avx2);
}

static void sha512_final_avx2(hb_sha512_ctx *c, uint8_t *digest)
{
    hb_sha512_final_with(c, digest, HB_SHA512_DIGEST, hb_sha512_compress_avx2);
}

static void sha384_final_avx2(hb_sha384_ctx *c, uint8_t *digest)
{
    hb_sha512_final_with(c, digest, HB_SHA384_DIGEST, hb_sha512_compress_avx2);
}

HB_SHA_X86_IMPL(hb_impl_sha512_avx2, "avx2", HB_SHA_X86_AVX2, hb_sha512_ctx, hb_sha512_init,
                sha512_update_avx2, sha512_final_avx2, 0);
HB_SHA_X86_IMPL(hb_impl_sha384_avx2, "avx2", HB_SHA_X86_AVX2, hb_sha384_ctx, hb_sha384_init,
                sha512_update_avx2, sha384_final_avx2, 0);
