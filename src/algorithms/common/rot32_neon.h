/* Rotations of four 32-bit lanes right by BLAKE2s's and BLAKE3's 16, 12, 8
 * and 7 bits, for aarch64 and for 32-bit ARM with NEON.  NEON has no
 * vector rotate: 16 is REV32 on halfwords, one instruction on both; 12 and
 * 7 are a left shift and a shift-right-and-insert (SHL + SRI), two.  8 is
 * one byte table lookup (TBL) on aarch64; 32-bit ARM's VTBL reads and
 * writes 64-bit halves, and gcc 12 joins two of them into a q register
 * with two more moves, so there it is SHL + SRI like the others.  Shared
 * by the blake2s and blake3 NEON kernels of src/algorithms/blake2/neon/
 * and src/algorithms/blake3/neon/. */
#ifndef HB_ROT32_NEON_H
#define HB_ROT32_NEON_H

#include <arm_neon.h>

#if defined(__AARCH64EB__) || defined(__ARMEB__)
#error "the blake NEON kernels read message words as little-endian lanes"
#endif

static inline uint32x4_t hb_neon_ror16(uint32x4_t x)
{
    return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)));
}

static inline uint32x4_t hb_neon_ror12(uint32x4_t x)
{
    return vsriq_n_u32(vshlq_n_u32(x, 20), x, 12);
}

#if defined(__aarch64__)
/* byte j of a lane takes byte j + 1 (mod 4) of the same lane (little-endian) */
static inline uint32x4_t hb_neon_ror8(uint32x4_t x)
{
    static const uint8_t idx[16] = { 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12 };
    return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(x), vld1q_u8(idx)));
}
#else
static inline uint32x4_t hb_neon_ror8(uint32x4_t x)
{
    return vsriq_n_u32(vshlq_n_u32(x, 24), x, 8);
}
#endif

static inline uint32x4_t hb_neon_ror7(uint32x4_t x)
{
    return vsriq_n_u32(vshlq_n_u32(x, 25), x, 7);
}

#endif /* HB_ROT32_NEON_H */
