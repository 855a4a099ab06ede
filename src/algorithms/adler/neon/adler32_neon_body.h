/* Adler-32 (RFC 1950) with NEON, 32 bytes per step: the whole kernel for
 * both ARM architectures (every intrinsic but one horizontal sum exists on
 * AArch64 and ARMv7-A NEON alike).  Included once by
 * aarch64/adler32_neon.c and once by arm/adler32_neon.c, after the header
 * that declares hb_adler32_update_neon (aarch64/adler_arm.h,
 * arm/adler_arm32.h).
 *
 * Over a block of 32 bytes b_0..b_31 entered with (s1, s2):
 *     s1' = s1 + sum b_i,    s2' = s2 + 32 s1 + sum (32 - i) b_i.
 * Per block, in 32-bit lanes:
 *   vsum += vs1                     (s1 before each block, times 32 later);
 *   vs1  += pairwise sums of the bytes (UADDLP, UADALP, UADALP; VPADDL and
 *           VPADAL on ARMv7);
 *   vs2  += the bytes times their weights 32..1 (UMULL/UMLAL on 8-byte
 *           halves: 16-bit products, at most 255 (32 + 24) = 14280), added
 *           pairwise into the lanes (UADALP), each 16-byte half into its own
 *           accumulator (vs2a, vs2b: two short chains, 16 cycles a block in
 *           gcc's Cortex-A8 model instead of 20; vs2 is their sum).
 * Nothing is reduced inside a run: after n blocks a lane of vs1 is at most
 * 2040 n, of vsum 2040 n (n + 1) / 2 and of vs2 about 40000 n, so a run of
 * RUN_BLOCKS = 1024 blocks (32 KiB) stays below 2^32, and so does the sum
 * of vsum's four lanes (lanes_mod).  A run ends with each
 * sum taken modulo 65521 (lanes_mod) and one combination in 32-bit
 * arithmetic: every product there is of two numbers below 65521, whose
 * largest, 65520^2 + 65520, is still below 2^32.  (32-bit ARM has no
 * 64-bit division instruction: a 64-bit `%` would be a libgcc call.)
 * Fewer than 32 bytes left go through the fast C code. */
#ifndef HB_ADLER32_NEON_BODY_H
#define HB_ADLER32_NEON_BODY_H

#include <arm_neon.h>
#include "hashbench/adler.h"

#define ADLER_BASE 65521u
#define RUN_BLOCKS 1024u

/* the sum of the four lanes, modulo 65521 */
static inline uint32_t lanes_mod(uint32x4_t v)
{
#if defined(__aarch64__)
    return (uint32_t)(vaddlvq_u32(v) % ADLER_BASE);
#else
    /* no across-vector add on ARMv7: the lanes added pairwise in 32 bits
     * (VADD, VPADD), then one reduction (a constant divisor: a multiply).
     * The four lanes' sum fits: it is at most 32 * 255 n for vs1,
     * 255 * 528 n for vs2 and 8160 n (n - 1) / 2 for vsum (what vs1 was
     * before each block), 4.28e9 < 2^32 at n = RUN_BLOCKS = 1024. */
    uint32x2_t t = vadd_u32(vget_low_u32(v), vget_high_u32(v));
    return vget_lane_u32(vpadd_u32(t, t), 0) % ADLER_BASE;
#endif
}

static const uint8_t adler_weights[32] = {
    32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
    16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1
};

void hb_adler32_update_neon(hb_adler32_ctx *c, const uint8_t *data, size_t len)
{
    const uint8x8_t w0 = vld1_u8(adler_weights), w1 = vld1_u8(adler_weights + 8);
    const uint8x8_t w2 = vld1_u8(adler_weights + 16), w3 = vld1_u8(adler_weights + 24);
    uint32_t s1 = c->s1, s2 = c->s2;

    while (len >= 32) {
        size_t n = len / 32 < RUN_BLOCKS ? len / 32 : RUN_BLOCKS, i;
        uint32x4_t vs1 = vdupq_n_u32(0), vsum = vdupq_n_u32(0);
        uint32x4_t vs2a = vdupq_n_u32(0), vs2b = vdupq_n_u32(0);
        uint32_t a, sum, b, run_s1;

        for (i = 0; i < n; i++, data += 32) {
            uint8x16_t d0 = vld1q_u8(data), d1 = vld1q_u8(data + 16);
            uint16x8_t p0, p1;
            vsum = vaddq_u32(vsum, vs1);
            vs1 = vpadalq_u16(vs1, vpadalq_u8(vpaddlq_u8(d0), d1));
            p0 = vmlal_u8(vmull_u8(vget_low_u8(d0), w0), vget_high_u8(d0), w1);
            p1 = vmlal_u8(vmull_u8(vget_low_u8(d1), w2), vget_high_u8(d1), w3);
            vs2a = vpadalq_u16(vs2a, p0);
            vs2b = vpadalq_u16(vs2b, p1);
        }
        len -= 32 * n;
        a = lanes_mod(vs1);
        sum = lanes_mod(vsum);
        b = lanes_mod(vaddq_u32(vs2a, vs2b));
        /* s2 + 32 n s1 + 32 sum + b, each term reduced first */
        run_s1 = (uint32_t)(n * 32u) % ADLER_BASE * s1 % ADLER_BASE;
        s2 = ((s2 + run_s1) % ADLER_BASE + sum * 32u % ADLER_BASE + b) % ADLER_BASE;
        s1 = (s1 + a) % ADLER_BASE;
    }
    c->s1 = s1;
    c->s2 = s2;
    if (len > 0)
        hb_adler32_update_fast(c, data, len);
}

#endif /* HB_ADLER32_NEON_BODY_H */
