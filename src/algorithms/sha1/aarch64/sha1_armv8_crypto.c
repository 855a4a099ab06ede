/* SHA-1 with the ARMv8 cryptographic extension (FEAT_SHA1): the compress
 * function and its registry entry (its row: sha1_aarch64_rows.c).
 *
 * The state [a b c d] is one vector in its natural order, e a scalar.
 * Four rounds are one instruction, SHA1C / SHA1P / SHA1M (choose, parity,
 * majority: rounds 0-19, 20-39 and 60-79, 40-59), taking abcd, e and the
 * four message words with the round constant added.  The e of the next four
 * rounds is ROTL30 of the a before them: SHA1H on lane 0, taken before the
 * rounds overwrite it.  The schedule, four words at a time, is SHA1SU0
 * (W[t-16] ^ W[t-14] ^ W[t-8]) and SHA1SU1 (^ W[t-3], rotate by one, with
 * the fourth word's dependency on the first).  A block: 20 rounds
 * instructions, 20 SHA1H, 16 x (SU0, SU1), 20 adds. */
#include <arm_neon.h>
#include "sha1_arm.h"

/* four rounds with message group m (byte-swapped) and constant kv; `op` is
 * vsha1cq_u32, vsha1pq_u32 or vsha1mq_u32 */
#define QROUND(op, m, kv)                                               \
    do {                                                                \
        uint32x4_t wk_ = vaddq_u32((m), (kv));                          \
        uint32_t e_next_ = vsha1h_u32(vgetq_lane_u32(abcd, 0));         \
        abcd = op(abcd, e, wk_);                                        \
        e = e_next_;                                                    \
    } while (0)

/* W[4n .. 4n+3] into a (W[4n-16 ..]) from b, c, d (W[4n-12 ..], ...) */
#define SCHED(a, b, c, d) (a) = vsha1su1q_u32(vsha1su0q_u32((a), (b), (c)), (d))

void hb_sha1_compress_armv8(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    /* FIPS 180-4 4.2.1 */
    const uint32x4_t k0 = vdupq_n_u32(0x5A827999u), k1 = vdupq_n_u32(0x6ED9EBA1u);
    const uint32x4_t k2 = vdupq_n_u32(0x8F1BBCDCu), k3 = vdupq_n_u32(0xCA62C1D6u);
    uint32x4_t abcd = vld1q_u32(state), abcd0, m0, m1, m2, m3;
    uint32_t e = state[4], e0;

    for (; nblocks > 0; nblocks--, blocks += HB_MD_BLOCK) {
        abcd0 = abcd;
        e0 = e;
        m0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks)));
        m1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks + 16)));
        m2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks + 32)));
        m3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks + 48)));

        QROUND(vsha1cq_u32, m0, k0); SCHED(m0, m1, m2, m3);    /* rounds 0-3 */
        QROUND(vsha1cq_u32, m1, k0); SCHED(m1, m2, m3, m0);
        QROUND(vsha1cq_u32, m2, k0); SCHED(m2, m3, m0, m1);
        QROUND(vsha1cq_u32, m3, k0); SCHED(m3, m0, m1, m2);
        QROUND(vsha1cq_u32, m0, k0); SCHED(m0, m1, m2, m3);    /* rounds 16-19 */
        QROUND(vsha1pq_u32, m1, k1); SCHED(m1, m2, m3, m0);
        QROUND(vsha1pq_u32, m2, k1); SCHED(m2, m3, m0, m1);
        QROUND(vsha1pq_u32, m3, k1); SCHED(m3, m0, m1, m2);
        QROUND(vsha1pq_u32, m0, k1); SCHED(m0, m1, m2, m3);
        QROUND(vsha1pq_u32, m1, k1); SCHED(m1, m2, m3, m0);    /* rounds 36-39 */
        QROUND(vsha1mq_u32, m2, k2); SCHED(m2, m3, m0, m1);
        QROUND(vsha1mq_u32, m3, k2); SCHED(m3, m0, m1, m2);
        QROUND(vsha1mq_u32, m0, k2); SCHED(m0, m1, m2, m3);
        QROUND(vsha1mq_u32, m1, k2); SCHED(m1, m2, m3, m0);
        QROUND(vsha1mq_u32, m2, k2); SCHED(m2, m3, m0, m1);    /* rounds 56-59 */
        QROUND(vsha1pq_u32, m3, k3); SCHED(m3, m0, m1, m2);
        QROUND(vsha1pq_u32, m0, k3);
        QROUND(vsha1pq_u32, m1, k3);
        QROUND(vsha1pq_u32, m2, k3);
        QROUND(vsha1pq_u32, m3, k3);                           /* rounds 76-79 */

        abcd = vaddq_u32(abcd, abcd0);
        e += e0;
    }
    vst1q_u32(state, abcd);
    state[4] = e;
}

static void sha1_update_armv8(hb_sha1_ctx *c, const uint8_t *data, size_t len)
{
    hb_md_block_update(&c->mb, c->h, data, len, hb_sha1_compress_armv8);
}

static void sha1_final_armv8(hb_sha1_ctx *c, uint8_t *digest)
{
    unsigned i;

    hb_md_block_pad(&c->mb, c->h, 1, hb_sha1_compress_armv8);
    for (i = 0; i < 5; i++)
        HB_STORE32_BE(digest + 4 * i, c->h[i]);
}

HB_ARM_IMPL(hb_impl_sha1_armv8, "armv8", HB_ARM_SHA1, hb_sha1_ctx, hb_sha1_init,
            sha1_update_armv8, sha1_final_armv8, 0);
