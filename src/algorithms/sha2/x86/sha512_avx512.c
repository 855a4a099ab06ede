/* SHA-512 and SHA-384 with BMI2 rounds and an AVX-512 message schedule.
 *
 * The loop is sha512_stream_x86.h (the schedule of each block computed on
 * the vector unit sixteen words ahead of its rounds).  AVX-512VL gives the
 * schedule's two small sigmas in four instructions each on xmm registers:
 * vprorq rotates in one instruction and vpternlogq (0x96) xors three terms,
 *     sigma0(x) = ROTR1 ^ ROTR8 ^ SHR7,  sigma1(x) = ROTR19 ^ ROTR61 ^ SHR6. */
#include "sha_x86.h"

#define HB_SHA512_SIG0V(x)                                                        \
    _mm_ternarylogic_epi64(_mm_ror_epi64((x), 1), _mm_ror_epi64((x), 8),          \
                           _mm_srli_epi64((x), 7), 0x96)
#define HB_SHA512_SIG1V(x)                                                        \
    _mm_ternarylogic_epi64(_mm_ror_epi64((x), 19), _mm_ror_epi64((x), 61),        \
                           _mm_srli_epi64((x), 6), 0x96)

/* the round in OpenSSL's form and with a four-cycle chain too
 * (sha512_rounds_x86.h): each form is its own implementation, `avx512`,
 * `avx512-deferred` and `avx512-chain4`, and their rows rank per core which
 * one the pick takes (sha2_x86_rows.c) */
#define HB_SHA512_DEFERRED_FORM
#define HB_SHA512_CHAIN4_FORM
#include "sha512_stream_x86.h"

HB_SHA512_STREAM_COMPRESS(hb_sha512_compress_avx512)
HB_SHA512_STREAM_COMPRESS_DEFERRED(hb_sha512_compress_avx512_deferred)
HB_SHA512_STREAM_COMPRESS_CHAIN4(hb_sha512_compress_avx512_chain4)

/* One implementation per form of the round, around a compress function
 * fixed at compile time (a direct call). */
#define SHA512_AVX512_FORM(sfx, implname, compress_fn)                                            \
    static void sha512_update_##sfx(hb_sha512_ctx *c, const uint8_t *data, size_t len)           \
    {                                                                                             \
        hb_sha512_update_with(c, data, len, compress_fn);                                         \
    }                                                                                             \
    static void sha512_final_##sfx(hb_sha512_ctx *c, uint8_t *digest)                            \
    {                                                                                             \
        hb_sha512_final_with(c, digest, HB_SHA512_DIGEST, compress_fn);                           \
    }                                                                                             \
    static void sha384_final_##sfx(hb_sha384_ctx *c, uint8_t *digest)                            \
    {                                                                                             \
        hb_sha512_final_with(c, digest, HB_SHA384_DIGEST, compress_fn);                           \
    }                                                                                             \
    HB_X86_IMPL(hb_impl_sha512_##sfx, implname, HB_SHA_X86_AVX512, hb_sha512_ctx,                 \
                hb_sha512_init, sha512_update_##sfx, sha512_final_##sfx, 0);                      \
    HB_X86_IMPL(hb_impl_sha384_##sfx, implname, HB_SHA_X86_AVX512, hb_sha384_ctx,                 \
                hb_sha384_init, sha512_update_##sfx, sha384_final_##sfx, 0);                      \
    HB_DEFINE_ONESHOT_EXTERN(hb_sha512_oneshot_##sfx, hb_sha512_ctx, hb_sha512_init,              \
                             sha512_update_##sfx, sha512_final_##sfx)                             \
    HB_DEFINE_ONESHOT_EXTERN(hb_sha384_oneshot_##sfx, hb_sha384_ctx, hb_sha384_init,              \
                             sha512_update_##sfx, sha384_final_##sfx)

SHA512_AVX512_FORM(avx512, "avx512", hb_sha512_compress_avx512)
SHA512_AVX512_FORM(avx512_deferred, "avx512-deferred", hb_sha512_compress_avx512_deferred)
SHA512_AVX512_FORM(avx512_chain4, "avx512-chain4", hb_sha512_compress_avx512_chain4)
