/* crc32, crc32c, crc64, crc64-xz by PMULL folding (128-bit lanes).
 *
 * The same mathematics as the x86 PCLMULQDQ kernel (crc_fold_clmul.c, with
 * its derivation in tools/gen_clmul_constants.py), and the same constants:
 * PMULL (low 64-bit lanes) and PMULL2 (high lanes) compute exactly the
 * carry-less products PCLMULQDQ's 0x00 and 0x11 do, with the same lane
 * order, so crc_clmul_constants.h serves both (it is plain data).
 *
 * Eight accumulators take 128 bytes a step: each lane is multiplied forward
 * by x^1024 (PMULL and PMULL2 against the two halves of the constant) and
 * the next 16 message bytes are added (two EOR; EOR3 would need the SHA3
 * extension).  Eight independent chains cover PMULL's latency (2-3 cycles
 * on Cortex-A72/Neoverse N1, which issue one or two a cycle).  At the end
 * every accumulator and leftover lane is multiplied by the power of x that
 * moves it to the end and starts the reduction (all independent), the
 * products are added, and a Barrett reduction (two dependent PMULL) gives
 * the register; the last 0..15 bytes go to the table code. */
#include <arm_neon.h>
#include "crc_arm.h"
#include "../x86/crc_clmul_constants.h"

#define HB_CRC_INLINE static inline __attribute__((always_inline))

/* low-lane and high-lane carry-less products */
HB_CRC_INLINE uint64x2_t clmul_lo(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0),
                                            (poly64_t)vgetq_lane_u64(b, 0)));
}

HB_CRC_INLINE uint64x2_t clmul_hi(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a),
                                                 vreinterpretq_p64_u64(b)));
}

/* a.hi * b.lo and a.lo * b.hi (the Barrett steps) */
HB_CRC_INLINE uint64x2_t clmul_hl(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 1),
                                            (poly64_t)vgetq_lane_u64(b, 0)));
}

HB_CRC_INLINE uint64x2_t clmul_lh(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0),
                                            (poly64_t)vgetq_lane_u64(b, 1)));
}

/* A 16-byte chunk as a lane: as is for a reflected CRC (byte 0 bit 0 is the
 * highest power), byte-reversed otherwise (then bit i is x^i). */
HB_CRC_INLINE uint64x2_t load128(const uint8_t *p, int reflected)
{
    uint8x16_t v = vld1q_u8(p);
    if (!reflected) {
        v = vrev64q_u8(v);
        v = vextq_u8(v, v, 8);
    }
    return vreinterpretq_u64_u8(v);
}

/* The running register as it enters the first lane: the low W bits of a
 * reflected lane, the top W bits of a byte-reversed one. */
HB_CRC_INLINE uint64x2_t inject128(uint64_t reg, int reflected, unsigned width)
{
    if (reflected)
        return vcombine_u64(vcreate_u64(reg), vcreate_u64(0));
    return vcombine_u64(vcreate_u64(0), vcreate_u64(reg << (64 - width)));
}

/* a moved k lanes on (k = the constant's distance), plus c */
HB_CRC_INLINE uint64x2_t fold128(uint64x2_t a, uint64x2_t k, uint64x2_t c)
{
    return veorq_u64(veorq_u64(clmul_lo(a, k), clmul_hi(a, k)), c);
}

HB_CRC_INLINE uint64x2_t fold_const(const hb_crc_clmul_consts *K, unsigned k)
{
    return vld1q_u64(K->fold[16 - k]);
}

HB_CRC_INLINE uint64x2_t merge_const(const hb_crc_clmul_consts *K, unsigned k)
{
    return vld1q_u64(K->merge[18 - k]);
}

/* R (== message * x^64 mod P64) to the CRC register: Barrett */
HB_CRC_INLINE uint64_t barrett(uint64x2_t r, const hb_crc_clmul_consts *K, int reflected,
                               unsigned width)
{
    uint64x2_t mp = vld1q_u64(K->mupoly);
    uint64x2_t q, t;
    uint64_t out;
    if (reflected) {                /* the high half of R is its low qword */
        q = veorq_u64(r, clmul_lo(r, mp));              /* low qword: q */
        t = clmul_lh(q, mp);                            /* q * P' */
        out = vgetq_lane_u64(veorq_u64(r, t), 1);
        if (K->poly_top)
            out ^= vgetq_lane_u64(q, 0);
        return out;
    }
    q = veorq_u64(r, clmul_hl(r, mp));                  /* high qword: q */
    t = clmul_hi(q, mp);
    out = vgetq_lane_u64(veorq_u64(r, t), 0);
    return out >> (64 - width);
}

/* n lanes at p, each moved by (lanes after it) and started on the
 * reduction, added onto r */
HB_CRC_INLINE uint64x2_t merge_tail(const hb_crc_clmul_consts *K, int reflected, uint64x2_t r,
                                    const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        r = fold128(load128(p + 16 * i, reflected), merge_const(K, (unsigned)(n - 1 - i)), r);
    return r;
}

/* the register after n >= 1 whole 16-byte lanes at p, from reg */
HB_CRC_INLINE uint64_t fold_lanes(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                  uint64_t reg, const uint8_t *p, size_t n)
{
    uint64x2_t a0, a1, a2, a3, a4, a5, a6, a7, k, r;
    const uint64x2_t zero = vdupq_n_u64(0);
    unsigned left;

    a0 = veorq_u64(load128(p, reflected), inject128(reg, reflected, width));
    if (n < 8) {                    /* too short for accumulators: merge each lane */
        r = fold128(a0, merge_const(K, (unsigned)(n - 1)), zero);
        r = merge_tail(K, reflected, r, p + 16, n - 1);
        return barrett(r, K, reflected, width);
    }
    a1 = load128(p + 16, reflected);
    a2 = load128(p + 32, reflected);
    a3 = load128(p + 48, reflected);
    a4 = load128(p + 64, reflected);
    a5 = load128(p + 80, reflected);
    a6 = load128(p + 96, reflected);
    a7 = load128(p + 112, reflected);
    p += 128;
    n -= 8;
    k = fold_const(K, 8);
    for (; n >= 8; n -= 8, p += 128) {
        a0 = fold128(a0, k, load128(p, reflected));
        a1 = fold128(a1, k, load128(p + 16, reflected));
        a2 = fold128(a2, k, load128(p + 32, reflected));
        a3 = fold128(a3, k, load128(p + 48, reflected));
        a4 = fold128(a4, k, load128(p + 64, reflected));
        a5 = fold128(a5, k, load128(p + 80, reflected));
        a6 = fold128(a6, k, load128(p + 96, reflected));
        a7 = fold128(a7, k, load128(p + 112, reflected));
    }
    /* accumulator j is 7 - j lanes before the last one, which is `left`
     * lanes before the end */
    left = (unsigned)n;
    r = fold128(a0, merge_const(K, 7 + left), zero);
    r = fold128(a1, merge_const(K, 6 + left), r);
    r = fold128(a2, merge_const(K, 5 + left), r);
    r = fold128(a3, merge_const(K, 4 + left), r);
    r = fold128(a4, merge_const(K, 3 + left), r);
    r = fold128(a5, merge_const(K, 2 + left), r);
    r = fold128(a6, merge_const(K, 1 + left), r);
    r = fold128(a7, merge_const(K, left), r);
    r = merge_tail(K, reflected, r, p, left);
    return barrett(r, K, reflected, width);
}

void hb_crc32_update_pmull(hb_crc32_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        c->crc = (uint32_t)fold_lanes(&hb_crc32_clmul, 1, 32, c->crc, data, len / 16);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc32_update_fast(c, data, len);
}

void hb_crc32c_update_pmull(hb_crc32c_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        c->crc = (uint32_t)fold_lanes(&hb_crc32c_clmul, 1, 32, c->crc, data, len / 16);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc32c_update_fast(c, data, len);
}

void hb_crc64_update_pmull(hb_crc64_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        uint64_t r = fold_lanes(&hb_crc64_clmul, 0, 64, HB_CRC_U64_GET(c->crc), data, len / 16);
        HB_CRC_U64_PUT(c->crc, r);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc64_update_fast(c, data, len);
}

void hb_crc64_xz_update_pmull(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        uint64_t r = fold_lanes(&hb_crc64_xz_clmul, 1, 64, HB_CRC_U64_GET(c->crc), data, len / 16);
        HB_CRC_U64_PUT(c->crc, r);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc64_xz_update_fast(c, data, len);
}
