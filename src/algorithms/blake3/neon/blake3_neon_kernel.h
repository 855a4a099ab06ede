/* BLAKE3 with NEON, for aarch64 and for 32-bit ARM with NEON (ARMv7-A):
 * hash_many four chunks (or four parents) side by side, one per 32-bit
 * lane of the q registers.  Included by exactly one file per architecture,
 * src/algorithms/blake3/aarch64/blake3_neon.c and .../arm/blake3_neon.c,
 * which are built with that architecture's NEON flags.
 *
 * State word i of the four inputs is one register (v[i]), so the four G
 * functions of a half round are four independent chains of the same
 * instructions, and there is no diagonal shuffling at all: the diagonals
 * are just other registers.  Message word i of the four inputs' current
 * blocks is likewise one register, gathered from four 16-byte loads per
 * input by 4x4 transposes (32-bit then 64-bit element transposes); the
 * message permutation is a renaming of those registers, resolved when the
 * code is compiled (the rounds are written out with the permuted word
 * order, as blake3_fast.c does).
 *
 * aarch64 (32 q registers): per 64-byte block of each of four inputs, 7
 * rounds x 8 G x 16 instructions, plus 16 loads, 32 transposing
 * instructions and a few spills: about 1010 instructions for 256 bytes,
 * 3.95 a byte (5.1 a byte for a whole 64 KiB message, parents and the last
 * chunk included, against 14.9 for the scalar `fast`, counted under QEMU).
 * 32-bit ARM has 16 q registers, one set of v[] alone: the message words
 * and part of the state live on the stack, reloaded beside the arithmetic
 * (docs/impl-blake.md, "32-bit ARM (NEON)").
 *
 * Single blocks (a lone chunk, the last parents, the root and its extended
 * output) go through the scalar compress of blake3_fast.c: a single
 * compress is one long dependency chain, and NEON's 2-3 cycles of latency
 * per instruction against the scalar ALU's one would make a row-wise form
 * slower although it needs fewer instructions (docs/impl-aarch64.md). */
#ifndef HB_BLAKE3_NEON_KERNEL_H
#define HB_BLAKE3_NEON_KERNEL_H

#include <arm_neon.h>
#include "algorithms/blake3/neon/blake3_neon.h"
#include "algorithms/common/rot32_neon.h"

/* the four G functions of a half round on registers of four lanes each:
 * G(a_i, b_i, c_i, d_i, x_i, y_i) for i = 0..3, interleaved step by step */
#define G4(a0, b0, c0, d0, x0, y0, a1, b1, c1, d1, x1, y1,                         \
           a2, b2, c2, d2, x2, y2, a3, b3, c3, d3, x3, y3)                         \
    do {                                                                           \
        a0 = vaddq_u32(vaddq_u32(a0, x0), b0); a1 = vaddq_u32(vaddq_u32(a1, x1), b1); \
        a2 = vaddq_u32(vaddq_u32(a2, x2), b2); a3 = vaddq_u32(vaddq_u32(a3, x3), b3); \
        d0 = hb_neon_ror16(veorq_u32(d0, a0)); d1 = hb_neon_ror16(veorq_u32(d1, a1)); \
        d2 = hb_neon_ror16(veorq_u32(d2, a2)); d3 = hb_neon_ror16(veorq_u32(d3, a3)); \
        c0 = vaddq_u32(c0, d0); c1 = vaddq_u32(c1, d1);                            \
        c2 = vaddq_u32(c2, d2); c3 = vaddq_u32(c3, d3);                            \
        b0 = hb_neon_ror12(veorq_u32(b0, c0)); b1 = hb_neon_ror12(veorq_u32(b1, c1)); \
        b2 = hb_neon_ror12(veorq_u32(b2, c2)); b3 = hb_neon_ror12(veorq_u32(b3, c3)); \
        a0 = vaddq_u32(vaddq_u32(a0, y0), b0); a1 = vaddq_u32(vaddq_u32(a1, y1), b1); \
        a2 = vaddq_u32(vaddq_u32(a2, y2), b2); a3 = vaddq_u32(vaddq_u32(a3, y3), b3); \
        d0 = hb_neon_ror8(veorq_u32(d0, a0)); d1 = hb_neon_ror8(veorq_u32(d1, a1));   \
        d2 = hb_neon_ror8(veorq_u32(d2, a2)); d3 = hb_neon_ror8(veorq_u32(d3, a3));   \
        c0 = vaddq_u32(c0, d0); c1 = vaddq_u32(c1, d1);                            \
        c2 = vaddq_u32(c2, d2); c3 = vaddq_u32(c3, d3);                            \
        b0 = hb_neon_ror7(veorq_u32(b0, c0)); b1 = hb_neon_ror7(veorq_u32(b1, c1));   \
        b2 = hb_neon_ror7(veorq_u32(b2, c2)); b3 = hb_neon_ror7(veorq_u32(b3, c3));   \
    } while (0)

/* a round whose message words, in the order the eight G take them, are
 * m[w0], m[w1], ... m[w15] */
#define ROUND(w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15) \
    do {                                                                          \
        G4(v[0], v[4], v[8], v[12], m[w0], m[w1], v[1], v[5], v[9], v[13], m[w2], m[w3], \
           v[2], v[6], v[10], v[14], m[w4], m[w5], v[3], v[7], v[11], v[15], m[w6], m[w7]); \
        G4(v[0], v[5], v[10], v[15], m[w8], m[w9], v[1], v[6], v[11], v[12], m[w10], m[w11], \
           v[2], v[7], v[8], v[13], m[w12], m[w13], v[3], v[4], v[9], v[14], m[w14], m[w15]); \
    } while (0)

/* rows a, b, c, d (one per input) become columns: lane i of out[k] is
 * element k of input i */
static inline void transpose4(uint32x4_t a, uint32x4_t b, uint32x4_t c, uint32x4_t d,
                              uint32x4_t *out)
{
#if defined(__aarch64__)
    uint32x4_t ab_lo = vtrn1q_u32(a, b), ab_hi = vtrn2q_u32(a, b);
    uint32x4_t cd_lo = vtrn1q_u32(c, d), cd_hi = vtrn2q_u32(c, d);

    out[0] = vreinterpretq_u32_u64(vtrn1q_u64(vreinterpretq_u64_u32(ab_lo),
                                              vreinterpretq_u64_u32(cd_lo)));
    out[1] = vreinterpretq_u32_u64(vtrn1q_u64(vreinterpretq_u64_u32(ab_hi),
                                              vreinterpretq_u64_u32(cd_hi)));
    out[2] = vreinterpretq_u32_u64(vtrn2q_u64(vreinterpretq_u64_u32(ab_lo),
                                              vreinterpretq_u64_u32(cd_lo)));
    out[3] = vreinterpretq_u32_u64(vtrn2q_u64(vreinterpretq_u64_u32(ab_hi),
                                              vreinterpretq_u64_u32(cd_hi)));
#else
    /* VTRN.32 gives both halves of the 32-bit step at once; the 64-bit
     * step is only a choice of d registers (the halves of a q register) */
    uint32x4x2_t ab = vtrnq_u32(a, b), cd = vtrnq_u32(c, d);

    out[0] = vcombine_u32(vget_low_u32(ab.val[0]), vget_low_u32(cd.val[0]));
    out[1] = vcombine_u32(vget_low_u32(ab.val[1]), vget_low_u32(cd.val[1]));
    out[2] = vcombine_u32(vget_high_u32(ab.val[0]), vget_high_u32(cd.val[0]));
    out[3] = vcombine_u32(vget_high_u32(ab.val[1]), vget_high_u32(cd.val[1]));
#endif
}

static inline uint32x4_t load_words(const uint8_t *p)
{
    return vreinterpretq_u32_u8(vld1q_u8(p));
}

/* four inputs of `blocks` blocks each; lane i's counter is counter[i]; the
 * 8-word chaining values go to out, 32 bytes per input */
static void hash4(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                  uint32x4_t ctr_lo, uint32x4_t ctr_hi, unsigned flags,
                  unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    uint32x4_t h[8], v[16], m[16], t[8];
    size_t b, off;
    unsigned i, f;

    for (i = 0; i < 8; i++)
        h[i] = vdupq_n_u32(key[i]);
    for (b = 0; b < blocks; b++) {
        off = b * HB_BLAKE3_BLOCK_LEN;
        /* unrolled, here and below: 32-bit ARM's gcc 12 otherwise keeps
         * these short loops (and makes v[i] = h[i] a memcpy call), which
         * puts m[] and v[] in memory and the block loop around them */
#pragma GCC unroll 4
        for (i = 0; i < 4; i++)
            transpose4(load_words(in[0] + off + 16 * i), load_words(in[1] + off + 16 * i),
                       load_words(in[2] + off + 16 * i), load_words(in[3] + off + 16 * i),
                       m + 4 * i);
        f = flags;
        if (b == 0)
            f |= flags_start;
        if (b + 1 == blocks)
            f |= flags_end;
#pragma GCC unroll 8
        for (i = 0; i < 8; i++)
            v[i] = h[i];
        v[8] = vdupq_n_u32(hb_blake3_iv[0]);
        v[9] = vdupq_n_u32(hb_blake3_iv[1]);
        v[10] = vdupq_n_u32(hb_blake3_iv[2]);
        v[11] = vdupq_n_u32(hb_blake3_iv[3]);
        v[12] = ctr_lo;
        v[13] = ctr_hi;
        v[14] = vdupq_n_u32(HB_BLAKE3_BLOCK_LEN);
        v[15] = vdupq_n_u32(f);
        /* the seven rounds: the message permutation of the BLAKE3
         * specification applied 0..6 times */
        ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        ROUND(2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8);
        ROUND(3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1);
        ROUND(10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6);
        ROUND(12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4);
        ROUND(9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7);
        ROUND(11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13);
#pragma GCC unroll 8
        for (i = 0; i < 8; i++)
            h[i] = veorq_u32(v[i], v[i + 8]);
    }
    /* back to one row per input: words 0-3 and 4-7 of each CV */
    transpose4(h[0], h[1], h[2], h[3], t);
    transpose4(h[4], h[5], h[6], h[7], t + 4);
    for (i = 0; i < 4; i++) {
        vst1q_u8(out + 32 * i, vreinterpretq_u8_u32(t[i]));
        vst1q_u8(out + 32 * i + 16, vreinterpretq_u8_u32(t[4 + i]));
    }
}

void hb_blake3_hash_many_neon(const uint8_t **inputs, size_t n_inputs, size_t blocks,
                              const uint32_t *key, uint32_t counter_lo, uint32_t counter_hi,
                              int increment_counter, unsigned flags, unsigned flags_start,
                              unsigned flags_end, uint8_t *out)
{
    static const uint32_t lane[4] = { 0, 1, 2, 3 };
    const uint8_t *in[4];
    uint8_t tail[4 * HB_BLAKE3_OUT_LEN];
    uint32x4_t lo, hi, base;
    size_t k, i;

    while (n_inputs > 0) {
        if (n_inputs == 1) {
            /* one input: four lanes would do four times its work */
            hb_blake3_hash_many_fast(inputs, 1, blocks, key, counter_lo, counter_hi,
                                     increment_counter, flags, flags_start, flags_end, out);
            return;
        }
        /* two or three inputs: the idle lanes repeat the last one, and
         * their results are dropped (still fewer instructions than the
         * scalar code for two) */
        k = n_inputs < 4 ? n_inputs : 4;
        for (i = 0; i < 4; i++)
            in[i] = inputs[i < k ? i : k - 1];
        base = vdupq_n_u32(counter_lo);
        lo = increment_counter ? vaddq_u32(base, vld1q_u32(lane)) : base;
        /* a lane whose low word wrapped carries into the high word: the
         * comparison's all-ones is -1 */
        hi = vsubq_u32(vdupq_n_u32(counter_hi), vcltq_u32(lo, base));
        hash4(in, blocks, key, lo, hi, flags, flags_start, flags_end, k == 4 ? out : tail);
        if (k < 4)
            for (i = 0; i < k * HB_BLAKE3_OUT_LEN; i++)
                out[i] = tail[i];
        inputs += k;
        n_inputs -= k;
        out += k * HB_BLAKE3_OUT_LEN;
        if (increment_counter) {
            counter_lo += (uint32_t)k;
            counter_hi += counter_lo < (uint32_t)k;
        }
    }
}

const hb_blake3_ops hb_blake3_ops_neon = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hb_blake3_hash_many_neon
};

void hb_blake3_update_neon(hb_blake3_ctx *c, const uint8_t *data, size_t len)
{
    hb_blake3_update_with(c, data, len, &hb_blake3_ops_neon);
}

void hb_blake3_final_neon(hb_blake3_ctx *c, uint8_t *digest)
{
    hb_blake3_finalize_with(c, digest, HB_BLAKE3_OUT_LEN, &hb_blake3_ops_neon);
}

int hb_blake3_params_neon(const hb_params *p, const uint8_t *data, size_t len,
                          uint8_t *out, size_t out_len)
{
    return hb_blake3_params_with(p, data, len, out, out_len, &hb_blake3_ops_neon);
}

#endif /* HB_BLAKE3_NEON_KERNEL_H */
