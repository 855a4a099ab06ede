/* BLAKE2b compress with NEON (RFC 7693 section 3.2), one message at a time,
 * for aarch64 and for 32-bit ARM with NEON (ARMv7-A): included by exactly
 * one file per architecture, src/algorithms/blake2/aarch64/blake2b_neon.c
 * and .../arm/blake2b_neon.c, built with that architecture's NEON flags.
 *
 * A row of the 4x4 state is four 64-bit words, two q registers, so each
 * step of the four column (then diagonal) G functions is two vector
 * instructions.  Between the halves of a round, rows 1 and 3 rotate by one
 * lane across their register pair with two EXTs each; row 2 rotates by two,
 * which is only a swap of its registers' names.
 *
 * Rotations: 32 is REV64 on words, 63 an add to itself (x << 1) and a
 * shift-right-and-insert of x >> 63; 24 and 16 are byte table lookups
 * (TBL) on aarch64, SHL + SRI on 32-bit ARM (whose VTBL works on 64-bit
 * halves).  The message stays in eight registers, two words each; every
 * pair of words a G step needs, {m[a], m[b]} for SIGMA's a and b, is one
 * ZIP1, ZIP2, EXT or INS of those registers on aarch64 (none where the
 * pair is already a register), on 32-bit ARM a choice of d registers or a
 * VEXT, resolved when the code is compiled: the rounds are written out
 * below with SIGMA's numbers.
 *
 * aarch64, per block: 12 rounds x (2 x 30 G instructions + 8 EXT + up to
 * 8 message picks) and some register spills, about 1000 instructions: 7.8
 * a byte counted under QEMU at 64 KiB, against 11.8 for the 64-bit scalar
 * `fast`.  A single message is one dependency chain either way and NEON's
 * latency is two to three times the scalar ALU's: see docs/impl-aarch64.md
 * for why this ranks below `fast` there.  32-bit ARM has 16 q registers
 * (the state takes 8, the message 8) and a scalar `fast` that does every
 * 64-bit operation in two to four 32-bit ones: docs/impl-blake.md, "32-bit
 * ARM (NEON)". */
#ifndef HB_BLAKE2B_NEON_KERNEL_H
#define HB_BLAKE2B_NEON_KERNEL_H

#include <arm_neon.h>
#include "hashbench.h"
#include "hashbench/blake2.h"
#include "hashbench/u64.h"
#include "algorithms/blake2/neon/blake2b_neon.h"

#if defined(__AARCH64EB__) || defined(__ARMEB__)
#error "blake2b_neon_kernel.h reads message words as little-endian lanes"
#endif

/* hb_u64 is a struct in the two-word build (-DHB_U64_PAIR): the kernel
 * works on uint64_t and converts at the edges (free in the native build) */
#define B2B_U64_GET(v) (((uint64_t)HB_U64_HI(v) << 32) | (uint64_t)HB_U64_LO(v))
#define B2B_U64_PUT(v, x) HB_U64_SET(v, (uint32_t)((x) >> 32), (uint32_t)(x))

static inline uint64x2_t ror32(uint64x2_t x)
{
    return vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(x)));
}

#if defined(__aarch64__)
/* byte j of a lane takes byte j + 3 (mod 8) */
static inline uint64x2_t ror24(uint64x2_t x)
{
    static const uint8_t idx[16] = { 3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10 };
    return vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(x), vld1q_u8(idx)));
}

/* byte j of a lane takes byte j + 2 (mod 8) */
static inline uint64x2_t ror16(uint64x2_t x)
{
    static const uint8_t idx[16] = { 2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9 };
    return vreinterpretq_u64_u8(vqtbl1q_u8(vreinterpretq_u8_u64(x), vld1q_u8(idx)));
}
#else
static inline uint64x2_t ror24(uint64x2_t x)
{
    return vsriq_n_u64(vshlq_n_u64(x, 40), x, 24);
}

static inline uint64x2_t ror16(uint64x2_t x)
{
    return vsriq_n_u64(vshlq_n_u64(x, 48), x, 16);
}
#endif

static inline uint64x2_t ror63(uint64x2_t x)
{
    return vsriq_n_u64(vaddq_u64(x, x), x, 63);
}

/* {m[a], m[b]} from the message registers m[k] = {m[2k], m[2k+1]}; a and
 * b are constants, so only one branch remains after inlining */
static inline __attribute__((always_inline)) uint64x2_t pick(const uint64x2_t *m, unsigned a,
                                                           unsigned b)
{
    uint64x2_t x = m[a / 2], y = m[b / 2];

    if (a / 2 == b / 2)
        return (a & 1) ? vextq_u64(x, x, 1) : x;    /* {m[a+1], m[a]} or {m[a], m[a+1]} */
#if defined(__aarch64__)
    if ((a & 1) == 0 && (b & 1) == 0)
        return vzip1q_u64(x, y);
    if ((a & 1) && (b & 1))
        return vzip2q_u64(x, y);
    if (a & 1)
        return vextq_u64(x, y, 1);
    return vcopyq_laneq_u64(x, 1, y, 1);
#else
    /* a q register is two d registers: a pair of halves is a renaming
     * where the allocator can manage it, else one VMOV */
    if (a & 1)
        return (b & 1) ? vcombine_u64(vget_high_u64(x), vget_high_u64(y)) : vextq_u64(x, y, 1);
    return vcombine_u64(vget_low_u64(x), (b & 1) ? vget_high_u64(y) : vget_low_u64(y));
#endif
}

/* one G step on a register pair: lanes hold two of the four G functions */
#define G2(a, b, c, d, x, y)                                         \
    do {                                                             \
        a = vaddq_u64(vaddq_u64(a, x), b);                           \
        d = ror32(veorq_u64(d, a));                                  \
        c = vaddq_u64(c, d);                                         \
        b = ror24(veorq_u64(b, c));                                  \
        a = vaddq_u64(vaddq_u64(a, y), b);                           \
        d = ror16(veorq_u64(d, a));                                  \
        c = vaddq_u64(c, d);                                         \
        b = ror63(veorq_u64(b, c));                                  \
    } while (0)

/* a round with SIGMA row s0..s15: the columns (v0..v3 use s0..s7, two per
 * G), then the diagonals (s8..s15); row 2's rotation by two lanes is done
 * by handing G2 its registers swapped */
#define ROUND(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15) \
    do {                                                                         \
        G2(a0, b0, c0, d0, pick(m, s0, s2), pick(m, s1, s3));                    \
        G2(a1, b1, c1, d1, pick(m, s4, s6), pick(m, s5, s7));                    \
        t = vextq_u64(b0, b1, 1);                                                \
        b1 = vextq_u64(b1, b0, 1);                                               \
        b0 = t;                                                                  \
        t = vextq_u64(d1, d0, 1);                                                \
        d1 = vextq_u64(d0, d1, 1);                                               \
        d0 = t;                                                                  \
        G2(a0, b0, c1, d0, pick(m, s8, s10), pick(m, s9, s11));                  \
        G2(a1, b1, c0, d1, pick(m, s12, s14), pick(m, s13, s15));                \
        t = vextq_u64(b1, b0, 1);                                                \
        b1 = vextq_u64(b0, b1, 1);                                               \
        b0 = t;                                                                  \
        t = vextq_u64(d0, d1, 1);                                                \
        d1 = vextq_u64(d1, d0, 1);                                               \
        d0 = t;                                                                  \
    } while (0)

static void compress_block(uint64x2_t *h, const uint8_t *p, uint64_t t0, uint64_t t1,
                           uint64_t f0)
{
    const uint64_t tf0[2] = { t0, t1 }, tf1[2] = { f0, 0 };
    uint64x2_t m[8], iv[4];
    uint64x2_t a0 = h[0], a1 = h[1], b0 = h[2], b1 = h[3];
    uint64x2_t c0, c1, d0, d1, t;
    uint64_t ivw[8];
    unsigned i;

    for (i = 0; i < 8; i++) {
        m[i] = vreinterpretq_u64_u8(vld1q_u8(p + 16 * i));
        ivw[i] = B2B_U64_GET(hb_blake2b_iv[i]);
    }
    for (i = 0; i < 4; i++)
        iv[i] = vld1q_u64(ivw + 2 * i);
    c0 = iv[0];
    c1 = iv[1];
    d0 = veorq_u64(iv[2], vld1q_u64(tf0));
    d1 = veorq_u64(iv[3], vld1q_u64(tf1));

    /* SIGMA of RFC 7693 section 2.7; rounds 10 and 11 reuse rows 0 and 1 */
    ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    ROUND(14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3);
    ROUND(11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4);
    ROUND(7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8);
    ROUND(9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13);
    ROUND(2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9);
    ROUND(12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11);
    ROUND(13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10);
    ROUND(6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5);
    ROUND(10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0);
    ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    ROUND(14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3);

    h[0] = veorq_u64(h[0], veorq_u64(a0, c0));
    h[1] = veorq_u64(h[1], veorq_u64(a1, c1));
    h[2] = veorq_u64(h[2], veorq_u64(b0, d0));
    h[3] = veorq_u64(h[3], veorq_u64(b1, d1));
}

void hb_blake2b_compress_neon(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last)
{
    uint64_t w[8], t0 = B2B_U64_GET(t[0]), t1 = B2B_U64_GET(t[1]);
    uint64x2_t hv[4];
    unsigned i;

    for (i = 0; i < 8; i++)
        w[i] = B2B_U64_GET(h[i]);
    for (i = 0; i < 4; i++)
        hv[i] = vld1q_u64(w + 2 * i);
    for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2B_BLOCK) {
        t0 += inc;
        t1 += t0 < inc;
        compress_block(hv, blocks, t0, t1, last ? ~(uint64_t)0 : 0);
    }
    for (i = 0; i < 4; i++)
        vst1q_u64(w + 2 * i, hv[i]);
    for (i = 0; i < 8; i++)
        B2B_U64_PUT(h[i], w[i]);
    B2B_U64_PUT(t[0], t0);
    B2B_U64_PUT(t[1], t1);
}

#endif /* HB_BLAKE2B_NEON_KERNEL_H */
