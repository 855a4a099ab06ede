/* XXH32 with NEON on 32-bit ARM: the four 32-bit lanes of XXH32 are the
 * four lanes of one q register.  A 16-byte stripe is one load (the lanes
 * are little-endian words, as ARM's are), VMUL by PRIME32_2, VADD, the
 * rotate by 13 as VSHL + VSRI (NEON has no rotate) and VMUL by PRIME32_1:
 * 6 instructions where the scalar round needs 16.  The product with
 * PRIME32_2 comes off the data alone, so the lanes' chain is add, shift,
 * insert, multiply.
 *
 * The streaming state is `fast`'s (hb_xxh32_ctx): a stripe cut between
 * two calls goes through the context's buffer with hb_xxh32_update_fast,
 * whole stripes straight from the input here, the tail again through
 * `fast`; the digest is hb_xxh32_final_fast's. */
#include <arm_neon.h>
#include "xxh_arm32.h"

#if defined(__ARMEB__)
#error "xxh32_neon.c reads the stripe's words as little-endian lanes"
#endif

#define PRIME32_1 0x9E3779B1u
#define PRIME32_2 0x85EBCA77u

static uint32x4_t stripes(uint32x4_t v, const uint8_t *p, size_t n)
{
    const uint32x4_t p1 = vdupq_n_u32(PRIME32_1), p2 = vdupq_n_u32(PRIME32_2);

    for (; n > 0; n--, p += 16) {
        uint32x4_t m = vmulq_u32(vreinterpretq_u32_u8(vld1q_u8(p)), p2);
        v = vaddq_u32(v, m);
        v = vsriq_n_u32(vshlq_n_u32(v, 13), v, 19);
        v = vmulq_u32(v, p1);
    }
    return v;
}

void hb_xxh32_update_neon(hb_xxh32_ctx *c, const uint8_t *data, size_t len)
{
    size_t n;

    if (len == 0)       /* data may be NULL then (common/empty_msg.h) */
        return;
    if (c->used > 0 || len < 16) {      /* a cut stripe first (or all of a short update) */
        size_t take = c->used > 0 ? 16u - c->used : len;
        if (take > len)
            take = len;
        hb_xxh32_update_fast(c, data, take);
        data += take;
        len -= take;
    }
    n = len / 16;
    if (n > 0) {
        vst1q_u32(c->v, stripes(vld1q_u32(c->v), data, n));
        c->total += (uint32_t)(n * 16);
        c->large = 1;
        data += n * 16;
        len -= n * 16;
    }
    if (len > 0)
        hb_xxh32_update_fast(c, data, len);
}
