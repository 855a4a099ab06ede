/* SHA-1 with the x86 SHA extensions (SHA-NI): the compress function and its
 * registry entry (its row: sha1_x86_rows.c).
 *
 * Technique (Intel's "Intel SHA Extensions" paper, 2013):
 *   - the state A B C D lives in one register (lane 3 = A), E in lane 3 of
 *     another; the block's bytes are reversed as a whole (pshufb), which
 *     turns the big-endian words into integers with W[0] in lane 3;
 *   - sha1rnds4 does four rounds; its immediate picks the round function
 *     and constant (0..3 for rounds 0-19, 20-39, 40-59, 60-79); its second
 *     operand is W[t..t+3] with E already added to the first word;
 *   - sha1nexte computes that E for the next four rounds: ROTL30 of the A
 *     from four rounds earlier (the register saved before the last
 *     sha1rnds4), added to the next message words;
 *   - the schedule, four words at a time: sha1msg1 gives W[t-16] ^ W[t-14],
 *     pxor adds W[t-8], sha1msg2 adds W[t-3] and rotates by one, handling
 *     the dependency of the fourth new word on the first.
 * The critical path is the chain of 20 sha1rnds4 per block. */
#include <immintrin.h>
#include "sha1_x86.h"
#include "algorithms/common/keep_order_x86.h"
#include "algorithms/common/md_pad_x86.h"

/* four rounds with message group m: e_next (the E input of the following
 * group) is computed from the ABCD saved before this group */
#define QROUND(m, func)                                                       \
    do {                                                                      \
        e = _mm_sha1nexte_epu32(saved, (m));                                  \
        saved = abcd;                                                         \
        abcd = _mm_sha1rnds4_epu32(abcd, e, (func));                          \
    } while (0)

/* W[4n .. 4n+3] into a (W[4n-16 ..]) from b, c, d (W[4n-12 ..], W[4n-8 ..],
 * W[4n-4 ..]) */
#define SCHED(a, b, c, d)                                                     \
    (a) = _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32((a), (b)), (c)), (d))

/* pshufb control: reverse all sixteen bytes */
#define SHA1_BSWAP _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL)

/* One block at p on *abcd_p (lane 3 = A) and *e0_p (lane 3 = E). */
static inline __attribute__((always_inline)) void sha1_shani_block(__m128i *abcd_p, __m128i *e0_p,
                                                                   const uint8_t *p)
{
    const __m128i bswap = SHA1_BSWAP;
    __m128i abcd = *abcd_p, abcd0 = abcd, e0 = *e0_p, e, saved, m0, m1, m2, m3;

    m0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), bswap);
    m1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 16)), bswap);
    m2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 32)), bswap);
    m3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)(p + 48)), bswap);

    /* rounds 0-3: E comes from the state, not from a sha1nexte */
    e = _mm_add_epi32(e0, m0);
    saved = abcd;
    abcd = _mm_sha1rnds4_epu32(abcd, e, 0);
    QROUND(m1, 0);
    QROUND(m2, 0);
    QROUND(m3, 0);
    SCHED(m0, m1, m2, m3); QROUND(m0, 0);   /* rounds 16-19 */
    SCHED(m1, m2, m3, m0); QROUND(m1, 1);
    SCHED(m2, m3, m0, m1); QROUND(m2, 1);
    SCHED(m3, m0, m1, m2); QROUND(m3, 1);
    SCHED(m0, m1, m2, m3); QROUND(m0, 1);
    SCHED(m1, m2, m3, m0); QROUND(m1, 1);   /* rounds 36-39 */
    SCHED(m2, m3, m0, m1); QROUND(m2, 2);
    SCHED(m3, m0, m1, m2); QROUND(m3, 2);
    SCHED(m0, m1, m2, m3); QROUND(m0, 2);
    SCHED(m1, m2, m3, m0); QROUND(m1, 2);
    SCHED(m2, m3, m0, m1); QROUND(m2, 2);   /* rounds 56-59 */
    SCHED(m3, m0, m1, m2); QROUND(m3, 3);
    SCHED(m0, m1, m2, m3); QROUND(m0, 3);
    SCHED(m1, m2, m3, m0); QROUND(m1, 3);
    SCHED(m2, m3, m0, m1); QROUND(m2, 3);
    SCHED(m3, m0, m1, m2); QROUND(m3, 3);   /* rounds 76-79 */

    /* feed-forward: E is ROTL30 of the A before the last four rounds,
     * plus the old E */
    *e0_p = _mm_sha1nexte_epu32(saved, e0);
    *abcd_p = _mm_add_epi32(abcd, abcd0);
}

/* in the source's order: gcc's post-RA scheduling made it 2 % slower
 * (Zen 4, 1 MiB: 554 us with it, 542 without, at the sha1rnds4 chain's
 * bound like OpenSSL's 542; 1 KiB 566 -> 555 ns) */
HB_X86_KEEP_ORDER
void hb_sha1_compress_shani(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    __m128i abcd, e0;

    if (nblocks == 0)
        return;
    abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1B);
    e0 = _mm_set_epi32((int)state[4], 0, 0, 0);
    do {
        sha1_shani_block(&abcd, &e0, blocks);
        blocks += HB_MD_BLOCK;
    } while (--nblocks > 0);
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1B));
    state[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}

static void sha1_update_shani(hb_sha1_ctx *c, const uint8_t *data, size_t len)
{
    hb_md_block_update(&c->mb, c->h, data, len, hb_sha1_compress_shani);
}

static void sha1_final_shani(hb_sha1_ctx *c, uint8_t *digest)
{
    unsigned i;

    hb_md_block_pad(&c->mb, c->h, 1, hb_sha1_compress_shani);
    for (i = 0; i < 5; i++)
        HB_STORE32_BE(digest + 4 * i, c->h[i]);
}

HB_X86_IMPL(hb_impl_sha1_shani, "shani", HB_SHA1_X86_SHANI, hb_sha1_ctx, hb_sha1_init,
                sha1_update_shani, sha1_final_shani, 0);

/* The one-shot: the state in registers from the initial value to the
 * digest, the padded tail built in registers (md_pad_x86.h), the digest
 * stored byte-swapped from them; no context, no byte loops. */
HB_X86_KEEP_ORDER
void hb_sha1_oneshot_shani(const uint8_t *data, size_t len, uint8_t *digest)
{
    uint8_t pad[128] __attribute__((aligned(16)));
    uint64_t bits = (uint64_t)len << 3;
    __m128i abcd = _mm_set_epi32(0x67452301, (int)0xEFCDAB89, (int)0x98BADCFE, 0x10325476);
    __m128i e0 = _mm_set_epi32((int)0xC3D2E1F0, 0, 0, 0);
    const uint8_t *p = data;
    size_t n, nb;
    uint32_t e;

    for (n = len / 64; n > 0; n--, p += 64)
        sha1_shani_block(&abcd, &e0, p);
    nb = hb_md_pad_tail(pad, data, len, 64, 8, _mm_set_epi64x((long long)__builtin_bswap64(bits), 0));
    sha1_shani_block(&abcd, &e0, pad);
    if (nb > 1)
        sha1_shani_block(&abcd, &e0, pad + 64);
    /* lane 3 = A: reversing all sixteen bytes gives A..D big-endian */
    _mm_storeu_si128((__m128i *)(void *)digest, _mm_shuffle_epi8(abcd, SHA1_BSWAP));
    e = __builtin_bswap32((uint32_t)_mm_extract_epi32(e0, 3));
    memcpy(digest + 16, &e, 4);
}
