/* AES-128 CBC-MAC with the ARMv8 AES instructions (FEAT_AES).
 *
 * AESE k is AddRoundKey(k) then SubBytes and ShiftRows; AESMC is
 * MixColumns.  So FIPS 197's ten rounds are nine (AESE, AESMC) pairs, a
 * tenth AESE and a final XOR with round key 10 - and cores that fuse an
 * AESE with the AESMC after it (Cortex-A57/A72 and later, Neoverse, Apple)
 * run each pair as one operation of about 2-3 cycles.
 *
 * CBC-MAC is one serial chain (block i+1 needs block i's result), so all
 * that can be done is to keep the rest off it:
 *   - the eleven round keys stay in registers for the whole update;
 *   - the final XOR with round key 10 and the next block's XOR with the
 *     chaining value are one: rk10 ^ m[i+1] is computed while block i is
 *     still in its rounds, and AESE's own first XOR (round key 0) does the
 *     rest.
 * The chain per block is then ten AESE, nine AESMC and one EOR.
 *
 * The context (include/hashbench/aes.h) keeps the FIPS 197 key schedule as
 * 32-bit words with byte 0 in the top bits: each update turns it into
 * round-key bytes (REV32). */
#include <arm_neon.h>
#include "aes_arm.h"

static void cbc_armv8(const uint32_t *w, uint8_t *mac, const uint8_t *blocks, size_t nblocks)
{
    uint8x16_t rk0, rk1, rk2, rk3, rk4, rk5, rk6, rk7, rk8, rk9, rk10, x;

#define HB_RK(i) vrev32q_u8(vreinterpretq_u8_u32(vld1q_u32(w + 4 * (i))))
    rk0 = HB_RK(0);
    rk1 = HB_RK(1);
    rk2 = HB_RK(2);
    rk3 = HB_RK(3);
    rk4 = HB_RK(4);
    rk5 = HB_RK(5);
    rk6 = HB_RK(6);
    rk7 = HB_RK(7);
    rk8 = HB_RK(8);
    rk9 = HB_RK(9);
    rk10 = HB_RK(10);
#undef HB_RK

#define NINE_ROUNDS(x)                         \
    x = vaesmcq_u8(vaeseq_u8(x, rk0));         \
    x = vaesmcq_u8(vaeseq_u8(x, rk1));         \
    x = vaesmcq_u8(vaeseq_u8(x, rk2));         \
    x = vaesmcq_u8(vaeseq_u8(x, rk3));         \
    x = vaesmcq_u8(vaeseq_u8(x, rk4));         \
    x = vaesmcq_u8(vaeseq_u8(x, rk5));         \
    x = vaesmcq_u8(vaeseq_u8(x, rk6));         \
    x = vaesmcq_u8(vaeseq_u8(x, rk7));         \
    x = vaesmcq_u8(vaeseq_u8(x, rk8))

    /* the chaining value XOR the first block (AESE adds rk0 itself) */
    x = veorq_u8(vld1q_u8(mac), vld1q_u8(blocks));
    for (; nblocks > 1; nblocks--) {
        uint8x16_t last;
        blocks += 16;
        last = veorq_u8(rk10, vld1q_u8(blocks));
        NINE_ROUNDS(x);
        x = veorq_u8(vaeseq_u8(x, rk9), last);   /* = E(...) ^ next block */
    }
    NINE_ROUNDS(x);
    x = veorq_u8(vaeseq_u8(x, rk9), rk10);
#undef NINE_ROUNDS
    vst1q_u8(mac, x);
}

void hb_aes_cbc_mac_update_armv8(hb_aes_cbc_mac_ctx *c, const uint8_t *data, size_t len)
{
    hb_aes_cbc_mac_absorb(c, data, len, cbc_armv8);
}

void hb_aes_cbc_mac_final_armv8(hb_aes_cbc_mac_ctx *c, uint8_t *digest)
{
    hb_aes_cbc_mac_finish(c, digest, cbc_armv8);
}
