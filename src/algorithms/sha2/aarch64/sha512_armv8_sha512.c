/* SHA-512 and SHA-384 with the ARMv8.2 SHA-512 instructions (FEAT_SHA512):
 * the compress function and the registry entries.
 *
 * What the instructions compute (Arm ARM, SHA512H/SHA512H2/SHA512SU0/SU1;
 * lane 0 is the low 64 bits):
 *   SHA512H  d, n, m:  d1 += Sigma1(m1) + Ch(m1, n0, n1);
 *                      d0 += Sigma1(d1 + m0) + Ch(d1 + m0, m1, n0)
 *     two rounds of T1, with m = [d e], n = [f g] and d = [g + K W (second
 *     round), h + K W (first round)]: its result is [T1', T1].
 *   SHA512H2 d, n, m:  with m = [a b], n = [c -] and d = SHA512H's result,
 *     the new [a b] after the two rounds.
 *   SHA512SU0 d, n:    [W0 + s0(W1), W1 + s0(W2)] from d = [W0 W1], n = [W2 -]
 *   SHA512SU1 d, n, m: adds s1 of n = [W14 W15] and m = [W9 W10].
 * So the state lives in four vectors AB = [a b], CD, EF, GH, and after
 * two rounds AB' = SHA512H2(T, CD, AB), CD' = AB, EF' = CD + T (the new e
 * is d + T1, the new f the e of the first round: [c + T1', d + T1]) and
 * GH' = EF.  Rather than move registers, the code renames them: the four
 * variables rotate roles every two rounds, period four.  A block is 40
 * steps of (ADD, EXT x3, ADD, SHA512H, SHA512H2, ADD) plus 32 schedule
 * steps of (SU0, EXT, SU1): about 420 instructions for 80 rounds. */
#include <arm_neon.h>
#include "sha_arm.h"

/* two rounds: x0 = AB, x1 = CD, x2 = EF, x3 = GH; after it the roles are
 * AB = x3, CD = x0, EF = x1, GH = x2.  kw = [KW(t), KW(t+1)]. */
#define ROUND2(x0, x1, x2, x3, kw)                                                  \
    do {                                                                            \
        uint64x2_t t_ = vaddq_u64((x3), vextq_u64((kw), (kw), 1));                  \
        t_ = vsha512hq_u64(t_, vextq_u64((x2), (x3), 1), vextq_u64((x1), (x2), 1)); \
        (x3) = vsha512h2q_u64(t_, (x1), (x0));                                      \
        (x1) = vaddq_u64((x1), t_);                                                 \
    } while (0)

/* rounds 2i, 2i+1 with message pair m (and, for i < 32, the schedule of
 * pair i + 8 into m: W[2i+16], W[2i+17] from m = W[2i..], m1 = W[2i+2..],
 * m4, m5 = W[2i+8..2i+11] and m7 = W[2i+14..]) */
#define STEP(x0, x1, x2, x3, i, m)                                                  \
    ROUND2(x0, x1, x2, x3, vaddq_u64((m), vld1q_u64(k + 2 * (i))))
#define SCHED(m, m1, m4, m5, m7) \
    (m) = vsha512su1q_u64(vsha512su0q_u64((m), (m1)), (m7), vextq_u64((m4), (m5), 1))

/* Eight steps, starting at step i with the roles as at step 0 */
#define EIGHT(i, sched)                                                             \
    do {                                                                            \
        STEP(s0, s1, s2, s3, (i) + 0, m0); sched(m0, m1, m4, m5, m7);               \
        STEP(s3, s0, s1, s2, (i) + 1, m1); sched(m1, m2, m5, m6, m0);               \
        STEP(s2, s3, s0, s1, (i) + 2, m2); sched(m2, m3, m6, m7, m1);               \
        STEP(s1, s2, s3, s0, (i) + 3, m3); sched(m3, m4, m7, m0, m2);               \
        STEP(s0, s1, s2, s3, (i) + 4, m4); sched(m4, m5, m0, m1, m3);               \
        STEP(s3, s0, s1, s2, (i) + 5, m5); sched(m5, m6, m1, m2, m4);               \
        STEP(s2, s3, s0, s1, (i) + 6, m6); sched(m6, m7, m2, m3, m5);               \
        STEP(s1, s2, s3, s0, (i) + 7, m7); sched(m7, m0, m3, m4, m6);               \
    } while (0)
#define NO_SCHED(m, m1, m4, m5, m7) ((void)0)

static void compress(uint64_t *st, const uint64_t *k, const uint8_t *blocks, size_t nblocks)
{
    uint64x2_t s0 = vld1q_u64(st), s1 = vld1q_u64(st + 2);
    uint64x2_t s2 = vld1q_u64(st + 4), s3 = vld1q_u64(st + 6);
    uint64x2_t a0, a1, a2, a3, m0, m1, m2, m3, m4, m5, m6, m7;

    for (; nblocks > 0; nblocks--, blocks += HB_SHA512_BLOCK) {
        a0 = s0;
        a1 = s1;
        a2 = s2;
        a3 = s3;
        /* big-endian 64-bit words to integers */
        m0 = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(blocks)));
        m1 = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(blocks + 16)));
        m2 = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(blocks + 32)));
        m3 = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(blocks + 48)));
        m4 = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(blocks + 64)));
        m5 = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(blocks + 80)));
        m6 = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(blocks + 96)));
        m7 = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(blocks + 112)));

        /* 40 steps of two rounds: eight is two full turns of the roles */
        EIGHT(0, SCHED);
        EIGHT(8, SCHED);
        EIGHT(16, SCHED);
        EIGHT(24, SCHED);
        EIGHT(32, NO_SCHED);

        s0 = vaddq_u64(s0, a0);
        s1 = vaddq_u64(s1, a1);
        s2 = vaddq_u64(s2, a2);
        s3 = vaddq_u64(s3, a3);
    }
    vst1q_u64(st, s0);
    vst1q_u64(st + 2, s1);
    vst1q_u64(st + 4, s2);
    vst1q_u64(st + 6, s3);
}

void hb_sha512_compress_armv8(hb_u64 *state, hb_u64 *w, const uint8_t *blocks, size_t nblocks)
{
    uint64_t st[8];
    unsigned i;
#ifdef HB_U64_PAIR
    uint64_t k[80];                 /* the constants as native words */

    for (i = 0; i < 80; i++)
        k[i] = HB_ARM_U64_GET(hb_sha512_k[i]);
#else
    const uint64_t *k = hb_sha512_k;
#endif

    (void)w;                        /* the schedule lives in registers */
    if (nblocks == 0)
        return;
    for (i = 0; i < 8; i++)
        st[i] = HB_ARM_U64_GET(state[i]);
    compress(st, k, blocks, nblocks);
    for (i = 0; i < 8; i++)
        HB_ARM_U64_PUT(state[i], st[i]);
}

static void sha512_update_armv8(hb_sha512_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha512_update_with(c, data, len, hb_sha512_compress_armv8);
}

static void sha512_final_armv8(hb_sha512_ctx *c, uint8_t *digest)
{
    hb_sha512_final_with(c, digest, HB_SHA512_DIGEST, hb_sha512_compress_armv8);
}

static void sha384_final_armv8(hb_sha384_ctx *c, uint8_t *digest)
{
    hb_sha512_final_with(c, digest, HB_SHA384_DIGEST, hb_sha512_compress_armv8);
}

HB_ARM_IMPL(hb_impl_sha512_armv8, "armv8", HB_ARM_SHA512, hb_sha512_ctx, hb_sha512_init,
            sha512_update_armv8, sha512_final_armv8, 0);
HB_ARM_IMPL(hb_impl_sha384_armv8, "armv8", HB_ARM_SHA512, hb_sha384_ctx, hb_sha384_init,
            sha512_update_armv8, sha384_final_armv8, 0);
