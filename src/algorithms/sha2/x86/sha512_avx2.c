/* SHA-512 and SHA-384 with BMI2 rounds and an AVX2 message schedule.
 *
 * The loop is sha512_stream_x86.h (the schedule of each block computed on
 * the vector unit sixteen words ahead of its rounds).  Without AVX-512
 * there is no 64-bit rotate, so the schedule's small sigmas are built from
 * shifts: ROTR8 is a byte shuffle (one vpshufb), the other rotates are a
 * right shift and a left shift whose results the xors combine anyway:
 *     sigma0(x) = (x >> 1) ^ (x << 63) ^ ROTR8(x) ^ (x >> 7)     7 instructions
 *     sigma1(x) = (x >> 19) ^ (x << 45) ^ (x >> 61) ^ (x << 3) ^ (x >> 6)   9
 * against 4 each with AVX-512; the vector unit has room for either. */
#include "sha_x86.h"

/* vpshufb control: each 64-bit lane rotated right by one byte */
#define HB_SHA512_ROTR8_CTL _mm_set_epi64x(0x080f0e0d0c0b0a09LL, 0x0007060504030201LL)

#define HB_SHA512_SIG0V(x)                                                        \
    _mm_xor_si128(_mm_xor_si128(_mm_srli_epi64((x), 1), _mm_slli_epi64((x), 63)), \
                  _mm_xor_si128(_mm_shuffle_epi8((x), HB_SHA512_ROTR8_CTL),       \
                                _mm_srli_epi64((x), 7)))
#define HB_SHA512_SIG1V(x)                                                        \
    _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(_mm_srli_epi64((x), 19),            \
                                              _mm_slli_epi64((x), 45)),           \
                                _mm_xor_si128(_mm_srli_epi64((x), 61),            \
                                              _mm_slli_epi64((x), 3))),           \
                  _mm_srli_epi64((x), 6))

/* measured: the rounds faster with W+K forwarded from the registers here */
#define HB_SHA512_WK_FORWARD
#include "sha512_stream_x86.h"

HB_SHA512_STREAM_COMPRESS(hb_sha512_compress_avx2)

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

HB_X86_IMPL(hb_impl_sha512_avx2, "avx2", HB_SHA_X86_AVX2, hb_sha512_ctx, hb_sha512_init,
                sha512_update_avx2, sha512_final_avx2, 0);
HB_X86_IMPL(hb_impl_sha384_avx2, "avx2", HB_SHA_X86_AVX2, hb_sha384_ctx, hb_sha384_init,
                sha512_update_avx2, sha384_final_avx2, 0);

HB_DEFINE_ONESHOT_EXTERN(hb_sha512_oneshot_avx2, hb_sha512_ctx, hb_sha512_init, sha512_update_avx2,
                         sha512_final_avx2)
HB_DEFINE_ONESHOT_EXTERN(hb_sha384_oneshot_avx2, hb_sha384_ctx, hb_sha384_init, sha512_update_avx2,
                         sha384_final_avx2)
