/* SHA-512 and SHA-384 with an AVX2 message schedule and BMI2 rounds.
 *
 * The rounds of one block depend on each other, but the message schedules
 * of different blocks do not: four blocks go side by side in the four
 * 64-bit lanes of a ymm register, so W[t] = s1(W[t-2]) + W[t-7] +
 * s0(W[t-15]) + W[t-16] is computed for four blocks by one chain of vector
 * instructions (AVX2 has no 64-bit rotate: each ROTR is two shifts and an
 * or).  W[t] + K[t] goes to a table on the stack, and the scalar rounds
 * (sha512_rounds_x86.h, rorx) take each block's column of it.
 *
 * Fewer than four blocks (the tail of a message, the padding block) still
 * run the four-lane schedule, the missing lanes repeating the last block:
 * one vector schedule costs less than one scalar schedule. */
#include <immintrin.h>
#include "sha512_rounds_x86.h"
#include "sha_x86.h"

#define LANES 4

static inline __m256i ror64(__m256i x, int n)
{
    return _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - n));
}

/* wk[t][lane] = W[t] + K[t] of block min(lane, nb - 1) of p, nb in 1..4 */
static void schedule4(__m256i *wk, const uint8_t *p, size_t nb)
{
    /* pshufb control: reverse the bytes of each 64-bit word */
    const __m256i bswap = _mm256_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL,
                                            0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);
    const uint8_t *b0 = p, *b1, *b2, *b3;
    __m256i w[16], r0, r1, r2, r3, t0, t1, t2, t3, s0, s1;
    unsigned q, t;

    b1 = p + (nb > 1 ? 1 : 0) * HB_SHA512_BLOCK;
    b2 = p + (nb > 2 ? 2 : nb - 1) * HB_SHA512_BLOCK;
    b3 = p + (nb > 3 ? 3 : nb - 1) * HB_SHA512_BLOCK;
    /* a 4 x 4 transpose per four words: row = block, column = word */
    for (q = 0; q < 4; q++) {
        r0 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(b0 + 32 * q)), bswap);
        r1 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(b1 + 32 * q)), bswap);
        r2 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(b2 + 32 * q)), bswap);
        r3 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(b3 + 32 * q)), bswap);
        t0 = _mm256_unpacklo_epi64(r0, r1); /* words 0, 2 of blocks 0, 1 */
        t1 = _mm256_unpackhi_epi64(r0, r1); /* words 1, 3 */
        t2 = _mm256_unpacklo_epi64(r2, r3);
        t3 = _mm256_unpackhi_epi64(r2, r3);
        w[4 * q + 0] = _mm256_permute2x128_si256(t0, t2, 0x20);
        w[4 * q + 1] = _mm256_permute2x128_si256(t1, t3, 0x20);
        w[4 * q + 2] = _mm256_permute2x128_si256(t0, t2, 0x31);
        w[4 * q + 3] = _mm256_permute2x128_si256(t1, t3, 0x31);
    }
    for (t = 0; t < 16; t++)
        wk[t] = _mm256_add_epi64(w[t], _mm256_set1_epi64x(
                                           (long long)hb_u64_to_native(hb_sha512_k[t])));
    for (t = 16; t < 80; t++) {
        __m256i x2 = w[(t - 2) & 15], x15 = w[(t - 15) & 15];
        s1 = _mm256_xor_si256(_mm256_xor_si256(ror64(x2, 19), ror64(x2, 61)),
                              _mm256_srli_epi64(x2, 6));
        s0 = _mm256_xor_si256(_mm256_xor_si256(ror64(x15, 1), ror64(x15, 8)),
                              _mm256_srli_epi64(x15, 7));
        w[t & 15] = _mm256_add_epi64(_mm256_add_epi64(w[t & 15], s0),
                                     _mm256_add_epi64(w[(t - 7) & 15], s1));
        wk[t] = _mm256_add_epi64(w[t & 15], _mm256_set1_epi64x(
                                                (long long)hb_u64_to_native(hb_sha512_k[t])));
    }
}

void hb_sha512_compress_avx2(hb_u64 *state, hb_u64 *scratch, const uint8_t *blocks,
                             size_t nblocks)
{
    __m256i wk[80];
    uint64_t s[8];
    size_t nb, i;

    (void)scratch;
    if (nblocks == 0)
        return;
    hb_sha512_state_in(s, state);
    while (nblocks > 0) {
        nb = nblocks < LANES ? nblocks : LANES;
        schedule4(wk, blocks, nb);
        for (i = 0; i < nb; i++)
            hb_sha512_rounds_x86(s, (const uint64_t *)wk + i, LANES);
        blocks += nb * HB_SHA512_BLOCK;
        nblocks -= nb;
    }
    hb_sha512_state_out(state, s);
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
