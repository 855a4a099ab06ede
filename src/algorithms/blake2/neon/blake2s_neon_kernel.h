/* BLAKE2s compress with NEON (RFC 7693 section 3.2), one message at a
 * time, for aarch64 and for 32-bit ARM with NEON (ARMv7-A): included by
 * exactly one file per architecture, src/algorithms/blake2/aarch64/
 * blake2s_neon.c and .../arm/blake2s_neon.c, built with that
 * architecture's NEON flags.
 *
 * The 4x4 working state is four q registers, one row each, so one vector
 * instruction does the same step of the four column (then diagonal) G
 * functions.  Between the two halves of a round, EXT rotates rows 1-3 by
 * one, two and three lanes to line the diagonals up as columns, and back.
 *
 * The message schedule: the block stays in registers, and a table lookup
 * per G half gathers that round's four message words (SIGMA[r][0,2,4,6],
 * [1,3,5,7], [8,10,12,14], [9,11,13,15]) with a byte index from the table
 * below; the gathers do not depend on the state, so they run beside the G
 * chain.  aarch64: one four-register TBL (64 bytes) per gather.  32-bit
 * ARM's VTBL reads at most four d registers (32 bytes) and writes one d:
 * per gather a VTBL on the block's first half and a VTBX (which keeps the
 * lanes whose index is out of its range) on the second half with the
 * index less 32, for each of the two d halves: four lookups and a
 * subtraction.
 *
 * aarch64, per block: 10 rounds x (2 x 16 G instructions + 6 EXT + 4 TBL
 * + 4 index loads and the loop), about 500 instructions: 7.8 a byte
 * counted under QEMU at 64 KiB, against 21.1 for the scalar `fast`.  But a
 * single message is one dependency chain of about 14 instructions per G,
 * the same length in either form, and a NEON add, EOR or shift takes 2-3
 * cycles of latency where a scalar one takes one: see docs/impl-aarch64.md
 * for why this ranks below `fast` there, and docs/impl-blake.md ("32-bit
 * ARM (NEON)") for the Cortex-A8. */
#ifndef HB_BLAKE2S_NEON_KERNEL_H
#define HB_BLAKE2S_NEON_KERNEL_H

#include <arm_neon.h>
#include "hashbench.h"
#include "hashbench/blake2.h"
#include "algorithms/blake2/neon/blake2s_neon.h"
#include "algorithms/common/rot32_neon.h"

/* byte indices for TBL: word w of the block is bytes 4w .. 4w+3 */
#define WI(w) ((uint32_t)(w) * 0x04040404u + 0x03020100u)
/* one round's four gathers from its SIGMA row */
#define SIGMA_ROW(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15) \
    { { WI(s0), WI(s2), WI(s4), WI(s6) }, { WI(s1), WI(s3), WI(s5), WI(s7) },           \
      { WI(s8), WI(s10), WI(s12), WI(s14) }, { WI(s9), WI(s11), WI(s13), WI(s15) } }

/* SIGMA of RFC 7693 section 2.7 (as hb_blake2_sigma), rows 0-9 */
static const uint32_t msg_index[10][4][4] = {
    SIGMA_ROW(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
    SIGMA_ROW(14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3),
    SIGMA_ROW(11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4),
    SIGMA_ROW(7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8),
    SIGMA_ROW(9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13),
    SIGMA_ROW(2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9),
    SIGMA_ROW(12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11),
    SIGMA_ROW(13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10),
    SIGMA_ROW(6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5),
    SIGMA_ROW(10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0)
};

#if defined(__aarch64__)
typedef uint8x16x4_t b2s_block;    /* the 64-byte block, one TBL table */

static inline b2s_block load_block(const uint8_t *p)
{
    return vld1q_u8_x4(p);
}

static inline uint32x4_t gather(b2s_block block, const uint32_t *index)
{
    return vreinterpretq_u32_u8(vqtbl4q_u8(block, vreinterpretq_u8_u32(vld1q_u32(index))));
}
#else
/* the 64-byte block as two VTBL tables of four d registers, bytes 0-31
 * and 32-63 */
typedef struct {
    uint8x8x4_t lo, hi;
} b2s_block;

static inline b2s_block load_block(const uint8_t *p)
{
    const uint8x16_t q0 = vld1q_u8(p), q1 = vld1q_u8(p + 16);
    const uint8x16_t q2 = vld1q_u8(p + 32), q3 = vld1q_u8(p + 48);
    b2s_block b;

    b.lo.val[0] = vget_low_u8(q0);
    b.lo.val[1] = vget_high_u8(q0);
    b.lo.val[2] = vget_low_u8(q1);
    b.lo.val[3] = vget_high_u8(q1);
    b.hi.val[0] = vget_low_u8(q2);
    b.hi.val[1] = vget_high_u8(q2);
    b.hi.val[2] = vget_low_u8(q3);
    b.hi.val[3] = vget_high_u8(q3);
    return b;
}

/* one d register of a gather: index bytes 0-31 from lo (VTBL gives 0 for
 * the others), then 32-63 from hi with the index less 32: it wraps to 224
 * and above for the bytes lo gave, which VTBX leaves alone */
static inline uint8x8_t gather_half(const b2s_block *block, uint8x8_t index, uint8x8_t index_hi)
{
    return vtbx4_u8(vtbl4_u8(block->lo, index), block->hi, index_hi);
}

static inline uint32x4_t gather(b2s_block block, const uint32_t *index)
{
    const uint8x16_t i = vreinterpretq_u8_u32(vld1q_u32(index));
    const uint8x16_t i_hi = vsubq_u8(i, vdupq_n_u8(32));

    return vreinterpretq_u32_u8(vcombine_u8(gather_half(&block, vget_low_u8(i), vget_low_u8(i_hi)),
                                            gather_half(&block, vget_high_u8(i), vget_high_u8(i_hi))));
}
#endif

/* the four G functions of one half round, one per lane, words x then y */
#define G4(r0, r1, r2, r3, x, y)                                     \
    do {                                                             \
        r0 = vaddq_u32(vaddq_u32(r0, x), r1);                        \
        r3 = hb_neon_ror16(veorq_u32(r3, r0));                       \
        r2 = vaddq_u32(r2, r3);                                      \
        r1 = hb_neon_ror12(veorq_u32(r1, r2));                       \
        r0 = vaddq_u32(vaddq_u32(r0, y), r1);                        \
        r3 = hb_neon_ror8(veorq_u32(r3, r0));                        \
        r2 = vaddq_u32(r2, r3);                                      \
        r1 = hb_neon_ror7(veorq_u32(r1, r2));                        \
    } while (0)

static void compress_block(uint32x4_t *h0, uint32x4_t *h1, const uint8_t *p,
                           uint32_t t0, uint32_t t1, uint32_t f0)
{
    const b2s_block block = load_block(p);
    const uint32_t tf[4] = { t0, t1, f0, 0 };
    uint32x4_t r0 = *h0, r1 = *h1;
    uint32x4_t r2 = vld1q_u32(hb_blake2s_iv);
    uint32x4_t r3 = veorq_u32(vld1q_u32(hb_blake2s_iv + 4), vld1q_u32(tf));
    unsigned r;

    /* a loop, not unrolled: unrolled, each of the 40 index loads needs an
     * ADRP of its own, more than the loop's add, compare and branch */
#pragma GCC unroll 1
    for (r = 0; r < 10; r++) {
        G4(r0, r1, r2, r3, gather(block, msg_index[r][0]), gather(block, msg_index[r][1]));
        /* diagonals into columns: row i rotated left by i lanes */
        r1 = vextq_u32(r1, r1, 1);
        r2 = vextq_u32(r2, r2, 2);
        r3 = vextq_u32(r3, r3, 3);
        G4(r0, r1, r2, r3, gather(block, msg_index[r][2]), gather(block, msg_index[r][3]));
        r1 = vextq_u32(r1, r1, 3);
        r2 = vextq_u32(r2, r2, 2);
        r3 = vextq_u32(r3, r3, 1);
    }
    *h0 = veorq_u32(*h0, veorq_u32(r0, r2));
    *h1 = veorq_u32(*h1, veorq_u32(r1, r3));
}

void hb_blake2s_compress_neon(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last)
{
    uint32x4_t h0 = vld1q_u32(h), h1 = vld1q_u32(h + 4);
    uint32_t f0 = last ? 0xFFFFFFFFu : 0;

    for (; nblocks > 0; nblocks--, blocks += HB_BLAKE2S_BLOCK) {
        t[0] += inc;
        if (t[0] < inc)
            t[1]++;
        compress_block(&h0, &h1, blocks, t[0], t[1], f0);
    }
    vst1q_u32(h, h0);
    vst1q_u32(h + 4, h1);
}

#endif /* HB_BLAKE2S_NEON_KERNEL_H */
