/* SHA-256 with the ARMv8 cryptographic extension (FEAT_SHA256): the
 * compress function and its registry entry.
 *
 * The state lives in two vectors in its natural order, [a b c d] and
 * [e f g h] (lane 0 first), so it loads and stores as it is in memory.
 * Four rounds are two instructions on the same message-plus-constant
 * vector WK:
 *   SHA256H  (abcd, efgh, WK) -> the new [a b c d],
 *   SHA256H2 (efgh, abcd, WK) -> the new [e f g h] (from the old abcd,
 *            hence the copy);
 * and the schedule, four words at a time, is SHA256SU0 (W[t-16], W[t-15]
 * terms: sigma0) followed by SHA256SU1 (W[t-7] and sigma1 of W[t-2],
 * including the dependency of the last two new words on the first two).
 * A block is 16 x (H, H2) + 12 x (SU0, SU1) + 16 adds: about 80 vector
 * instructions for 64 rounds.  The critical path is the H/H2 chain. */
#include <arm_neon.h>
#include "sha_arm.h"

/* four rounds on group m (already byte-swapped), constants at k */
#define QROUND(m, kp)                                                   \
    do {                                                                \
        uint32x4_t wk_ = vaddq_u32((m), vld1q_u32(kp));                 \
        uint32x4_t abcd_ = abcd;                                        \
        abcd = vsha256hq_u32(abcd, efgh, wk_);                          \
        efgh = vsha256h2q_u32(efgh, abcd_, wk_);                        \
    } while (0)

/* W[4n .. 4n+3] into a (W[4n-16 ..]) from b, c, d (W[4n-12 ..], ...) */
#define SCHED(a, b, c, d) (a) = vsha256su1q_u32(vsha256su0q_u32((a), (b)), (c), (d))

void hb_sha256_compress_armv8(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    const uint32_t *k = hb_sha256_k;
    uint32x4_t abcd = vld1q_u32(state), efgh = vld1q_u32(state + 4);
    uint32x4_t abcd0, efgh0, m0, m1, m2, m3;

    for (; nblocks > 0; nblocks--, blocks += HB_SHA256_BLOCK) {
        abcd0 = abcd;
        efgh0 = efgh;
        /* big-endian words to integers: reverse the bytes in each lane */
        m0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks)));
        m1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks + 16)));
        m2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks + 32)));
        m3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(blocks + 48)));

        QROUND(m0, k + 0);  SCHED(m0, m1, m2, m3);
        QROUND(m1, k + 4);  SCHED(m1, m2, m3, m0);
        QROUND(m2, k + 8);  SCHED(m2, m3, m0, m1);
        QROUND(m3, k + 12); SCHED(m3, m0, m1, m2);
        QROUND(m0, k + 16); SCHED(m0, m1, m2, m3);
        QROUND(m1, k + 20); SCHED(m1, m2, m3, m0);
        QROUND(m2, k + 24); SCHED(m2, m3, m0, m1);
        QROUND(m3, k + 28); SCHED(m3, m0, m1, m2);
        QROUND(m0, k + 32); SCHED(m0, m1, m2, m3);
        QROUND(m1, k + 36); SCHED(m1, m2, m3, m0);
        QROUND(m2, k + 40); SCHED(m2, m3, m0, m1);
        QROUND(m3, k + 44); SCHED(m3, m0, m1, m2);
        QROUND(m0, k + 48);
        QROUND(m1, k + 52);
        QROUND(m2, k + 56);
        QROUND(m3, k + 60);

        abcd = vaddq_u32(abcd, abcd0);
        efgh = vaddq_u32(efgh, efgh0);
    }
    vst1q_u32(state, abcd);
    vst1q_u32(state + 4, efgh);
}

static void sha256_update_armv8(hb_sha256_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha256_update_with(c, data, len, hb_sha256_compress_armv8);
}

static void sha256_final_armv8(hb_sha256_ctx *c, uint8_t *digest)
{
    hb_sha256_final_with(c, digest, hb_sha256_compress_armv8);
}

HB_ARM_IMPL(hb_impl_sha256_armv8, "armv8", HB_ARM_SHA2, hb_sha256_ctx, hb_sha256_init,
            sha256_update_armv8, sha256_final_armv8, 0);
