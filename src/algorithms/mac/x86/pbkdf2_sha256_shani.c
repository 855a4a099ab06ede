/* PBKDF2-HMAC-SHA-256 with SHA-NI.
 *
 * Streaming (update) and the HMAC key block K0 are the generic ones of
 * pbkdf2_sha256_common.c / hmac_sha256_common.c over
 * hb_sha256_compress_shani; the derivation has its own loop here, because
 * with SHA-NI a compress call is so short (about 130 cycles) that the
 * generic loop's per-iteration work (storing U as big-endian bytes, an
 * indirect call, reloading and reshuffling the state) costs a third on top.
 * Here, for U_2 .. U_c, everything stays in registers:
 *   - the padded-key states are kept in the instruction's lane order
 *     ([A B E F] [C D G H], see sha256_shani_core.h);
 *   - U_{j-1} is the previous digest as integers, so it becomes the message
 *     words W[0..7] by the same two shuffles that turn the state back into
 *     [a b c d] [e f g h]: no byte swapping, no memory;
 *   - W[8..15] are constants: 0x80000000, six zeros, and the bit length of
 *     a 96-byte message (64-byte key block + 32 bytes of U), 768. */
#include <immintrin.h>
#include "../../sha2/x86/sha256_shani_core.h"
#include "mac_x86.h"

/* One HMAC hash of a 32-byte message u (as [a b c d] [e f g h] integers)
 * from a padded-key state: returns the digest in the same form. */
static inline void hmac_block(__m128i abef, __m128i cdgh, __m128i *u0, __m128i *u1)
{
    const __m128i pad0 = _mm_set_epi32(0, 0, 0, (int)0x80000000UL);
    const __m128i pad1 = _mm_set_epi32(768, 0, 0, 0);

    hb_sha256_shani_block(&abef, &cdgh, *u0, *u1, pad0, pad1);
    hb_sha256_shani_from_abef(abef, cdgh, u0, u1);
}

static void derive_shani(const uint8_t *k0, const uint8_t *salt, size_t salt_len,
                         uint32_t iterations, uint8_t *out, size_t out_len)
{
    uint32_t istate[8], ostate[8], t[8];
    __m128i iabef, icdgh, oabef, ocdgh, u0, u1, t0, t1;
    hb_sha256_ctx h;
    uint8_t index[4], first[HB_SHA256_DIGEST], tb[HB_SHA256_DIGEST];
    uint32_t block = 0, n;
    unsigned i, take;

    hb_hmac_sha256_pads_with(k0, istate, ostate, hb_sha256_compress_shani);
    hb_sha256_shani_to_abef(_mm_loadu_si128((const __m128i *)istate),
                            _mm_loadu_si128((const __m128i *)(istate + 4)), &iabef, &icdgh);
    hb_sha256_shani_to_abef(_mm_loadu_si128((const __m128i *)ostate),
                            _mm_loadu_si128((const __m128i *)(ostate + 4)), &oabef, &ocdgh);
    while (out_len > 0) {
        block++;

        /* U_1 = HMAC(P, S || INT(block)): the inner hash streams (the salt
         * may have any length), the outer one is a 32-byte message */
        for (i = 0; i < 8; i++)
            h.state[i] = istate[i];
        hb_md_block_init(&h.blk);
        h.blk.count_lo = HB_SHA256_BLOCK;
        hb_sha256_update_with(&h, salt, salt_len, hb_sha256_compress_shani);
        HB_STORE32_BE(index, block);
        hb_sha256_update_with(&h, index, 4, hb_sha256_compress_shani);
        hb_sha256_final_with(&h, first, hb_sha256_compress_shani);
        for (i = 0; i < 8; i++)
            t[i] = HB_LOAD32_BE(first + 4 * i);
        u0 = _mm_loadu_si128((const __m128i *)t);
        u1 = _mm_loadu_si128((const __m128i *)(t + 4));
        hmac_block(oabef, ocdgh, &u0, &u1);
        t0 = u0;
        t1 = u1;

        /* U_2 ... U_c, in registers */
        for (n = 1; n < iterations; n++) {
            hmac_block(iabef, icdgh, &u0, &u1);
            hmac_block(oabef, ocdgh, &u0, &u1);
            t0 = _mm_xor_si128(t0, u0);
            t1 = _mm_xor_si128(t1, u1);
        }

        /* T_block, big-endian, truncated for the last one */
        _mm_storeu_si128((__m128i *)t, t0);
        _mm_storeu_si128((__m128i *)(t + 4), t1);
        for (i = 0; i < 8; i++)
            HB_STORE32_BE(tb + 4 * i, t[i]);
        take = out_len < HB_SHA256_DIGEST ? (unsigned)out_len : HB_SHA256_DIGEST;
        for (i = 0; i < take; i++)
            out[i] = tb[i];
        out += take;
        out_len -= take;
    }
}

static void pbkdf2_update_shani(hb_pbkdf2_sha256_ctx *c, const uint8_t *data, size_t len)
{
    hb_pbkdf2_sha256_update_with(c, data, len, hb_sha256_compress_shani);
}

/* The roster's derivation (default salt, 100 iterations, 32 bytes). */
static void pbkdf2_final_shani(hb_pbkdf2_sha256_ctx *c, uint8_t *out)
{
    uint8_t k0[HB_SHA256_BLOCK];

    hb_pbkdf2_sha256_key0(c, k0, hb_sha256_compress_shani);
    derive_shani(k0, hb_pbkdf2_sha256_default_salt, sizeof hb_pbkdf2_sha256_default_salt,
                 HB_PBKDF2_SHA256_ITERATIONS, out, HB_SHA256_DIGEST);
}

static int pbkdf2_params_shani(const hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len)
{
    uint8_t k0[HB_SHA256_BLOCK];
    const uint8_t *salt;
    size_t salt_len;
    uint32_t iterations;

    if (hb_pbkdf2_sha256_resolve(p, out_len, &salt, &salt_len, &iterations) != 0)
        return -1;
    hb_hmac_sha256_key0_with(k0, data, len, hb_sha256_compress_shani);
    derive_shani(k0, salt, salt_len, iterations, out, out_len);
    return 0;
}

HB_X86_IMPL(hb_impl_pbkdf2_sha256_shani, "shani", HB_SHA_X86_SHANI,
                hb_pbkdf2_sha256_ctx, hb_pbkdf2_sha256_init, pbkdf2_update_shani,
                pbkdf2_final_shani, pbkdf2_params_shani);
