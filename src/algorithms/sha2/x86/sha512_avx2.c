/* SHA-512 and SHA-384 with BMI2 rounds and an AVX2 message schedule.
 *
 * The loop is sha512_stream_x86.h (the schedule of each block computed on
 * the vector unit sixteen words ahead of its rounds).  Without AVX-512
 * there is no 64-bit rotate, so the schedule's small sigmas are built from
 * shifts: ROTR8 is a byte shuffle (one vpshufb), the other rotates are a
 * right shift and a left shift whose results the xors combine anyway:
 *     sigma0(x) = (x >> 1) ^ (x << 63) ^ ROTR8(x) ^ (x >> 7)     7 instructions
 *     sigma1(x) = (x >> 19) ^ (x << 45) ^ (x >> 61) ^ (x << 3) ^ (x >> 6)   9
 * against 4 each with AVX-512.  On Zen 3 that schedule is not free: 6.95
 * cycles a round with it, 6.30 with it removed (64 blocks).  Schedules of
 * two blocks side by side in ymm (OpenSSL's layout) measured slower here:
 * 7.6 unrolled (4800 instructions, past the op cache), 7.7 with the second
 * block's rounds as a loop (docs/impl-sha.md, "Zen 3").
 *
 * The round comes in two forms, each its own implementation: ours (`avx2`)
 * and OpenSSL's (`avx2-deferred`, sha512_rounds_x86.h); their rows rank
 * per core which one the pick takes (sha2_x86_rows.c). */
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

/* measured on Zen 5: the rounds faster with W+K forwarded from the
 * registers here (in that form of the round only: sha512_stream_x86.h) */
#define HB_SHA512_WK_FORWARD
/* the round in OpenSSL's form too (sha512_rounds_x86.h), for
 * `avx2-deferred`; this file is built with -mbmi for its andn */
#define HB_SHA512_DEFERRED_FORM
#include "sha512_stream_x86.h"
#include "algorithms/common/md_pad_x86.h"

HB_SHA512_STREAM_COMPRESS(hb_sha512_compress_avx2)
HB_SHA512_STREAM_COMPRESS_DEFERRED(hb_sha512_compress_avx2_deferred)

/* The one-shots: the whole blocks straight from the message, then the
 * padded tail built in registers (md_pad_x86.h) in one more call, and the
 * digest stored from the state: no buffering through the context, whose
 * byte loops (copy, zero padding, length, digest) cost about 200 cycles
 * of a 64-byte message's ~900 on Zen 3. */
static inline __attribute__((always_inline)) void
sha512_oneshot(const uint8_t *data, size_t len, uint8_t *digest, unsigned out_len,
               void (*init)(hb_sha512_ctx *), hb_block64_fn f)
{
    hb_sha512_ctx c; /* for its state only: the initial value, any build's hb_u64 */
    uint8_t pad[2 * HB_SHA512_BLOCK] __attribute__((aligned(16)));
    size_t whole = len / HB_SHA512_BLOCK, nb;
    unsigned i;

    init(&c);
    if (whole > 0)
        f(c.state, c.w, data, whole);
    /* the bit count, 128 bits big-endian, in the last 16 bytes */
    nb = hb_md_pad_tail(pad, data, len, HB_SHA512_BLOCK, 16,
                        _mm_set_epi64x((long long)__builtin_bswap64((uint64_t)len << 3),
                                       (long long)__builtin_bswap64((uint64_t)len >> 61)));
    f(c.state, c.w, pad, nb);
    for (i = 0; i < out_len / 8; i++)
        HB_U64_STORE_BE(digest + 8 * i, c.state[i]);
}

/* One implementation per form of the round: update, finals and one-shots
 * around a compress function fixed at compile time (a direct call), so
 * that neither form pays for the other being there. */
#define SHA512_AVX2_FORM(sfx, implname, compress_fn)                                              \
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
    HB_X86_IMPL(hb_impl_sha512_##sfx, implname, HB_SHA_X86_AVX2 | HB_X86_BMI1, hb_sha512_ctx,     \
                hb_sha512_init, sha512_update_##sfx, sha512_final_##sfx, 0);                      \
    HB_X86_IMPL(hb_impl_sha384_##sfx, implname, HB_SHA_X86_AVX2 | HB_X86_BMI1, hb_sha384_ctx,     \
                hb_sha384_init, sha512_update_##sfx, sha384_final_##sfx, 0);                      \
    void hb_sha512_oneshot_##sfx(const uint8_t *data, size_t len, uint8_t *digest)                \
    {                                                                                             \
        sha512_oneshot(data, len, digest, HB_SHA512_DIGEST, hb_sha512_init, compress_fn);         \
    }                                                                                             \
    void hb_sha384_oneshot_##sfx(const uint8_t *data, size_t len, uint8_t *digest)                \
    {                                                                                             \
        sha512_oneshot(data, len, digest, HB_SHA384_DIGEST, hb_sha384_init, compress_fn);         \
    }

SHA512_AVX2_FORM(avx2, "avx2", hb_sha512_compress_avx2)
SHA512_AVX2_FORM(avx2_deferred, "avx2-deferred", hb_sha512_compress_avx2_deferred)
