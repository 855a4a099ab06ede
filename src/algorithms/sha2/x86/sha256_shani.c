/* SHA-256 with the x86 SHA extensions (SHA-NI): the compress function and
 * its registry entry.  The rounds are in sha256_shani_core.h; this file
 * loads the blocks (pshufb turns each big-endian word into an integer) and
 * keeps the state in the instruction's lane order across all the blocks of
 * one call. */
#include "sha256_shani_core.h"
#include "sha_x86.h"

void hb_sha256_compress_shani(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    /* pshufb control: reverse the bytes of each 32-bit lane */
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i abef, cdgh, m0, m1, m2, m3;

    if (nblocks == 0)
        return;
    hb_sha256_shani_to_abef(_mm_loadu_si128((const __m128i *)state),
                            _mm_loadu_si128((const __m128i *)(state + 4)), &abef, &cdgh);
    do {
        m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)blocks), bswap);
        m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 16)), bswap);
        m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 32)), bswap);
        m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(blocks + 48)), bswap);
        hb_sha256_shani_block(&abef, &cdgh, m0, m1, m2, m3);
        blocks += HB_SHA256_BLOCK;
    } while (--nblocks > 0);
    hb_sha256_shani_from_abef(abef, cdgh, &m0, &m1);
    _mm_storeu_si128((__m128i *)state, m0);
    _mm_storeu_si128((__m128i *)(state + 4), m1);
}

static void sha256_update_shani(hb_sha256_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha256_update_with(c, data, len, hb_sha256_compress_shani);
}

static void sha256_final_shani(hb_sha256_ctx *c, uint8_t *digest)
{
    hb_sha256_final_with(c, digest, hb_sha256_compress_shani);
}

HB_X86_IMPL(hb_impl_sha256_shani, "shani", HB_SHA_X86_SHANI, hb_sha256_ctx,
                hb_sha256_init, sha256_update_shani, sha256_final_shani, 0);

/* The one-shot: the state stays in the instruction's registers from the
 * initial value to the digest, the padded tail is built in registers
 * (md_pad_x86.h), and the digest is stored from them byte-swapped: no
 * context, no byte loops, one call for the data blocks and the padding. */
void hb_sha256_oneshot_shani(const uint8_t *data, size_t len, uint8_t *digest)
{
    __m128i abef, cdgh;

    hb_sha256_shani_to_abef(_mm_loadu_si128((const __m128i *)(const void *)hb_sha256_iv),
                            _mm_loadu_si128((const __m128i *)(const void *)(hb_sha256_iv + 4)),
                            &abef, &cdgh);
    hb_sha256_shani_message(&abef, &cdgh, data, len, 0);
    hb_sha256_shani_digest(abef, cdgh, digest);
}
