/* SHA-3 (FIPS 202) with the ARMv8.2 SHA-3 instructions (FEAT_SHA3): the
 * Keccak-f[1600] permutation, and the registry entries (their rows:
 * sha3_aarch64_rows.c).
 *
 * One lane per vector register (the low 64 bits; the high half is carried
 * along unused), and the four instructions the extension adds for Keccak:
 *   EOR3  a ^ b ^ c         theta's column parities: two per column;
 *   RAX1  a ^ ROTL1(b)      theta's D[x] = C[x-1] ^ ROTL1(C[x+1]): one;
 *   XAR   ROTR(a ^ b, n)    theta's XOR into a lane fused with rho's
 *                           rotation, written straight to pi's place: one;
 *   BCAX  a ^ (b & ~c)      chi: one per lane.
 * A round is 10 EOR3 + 5 RAX1 + 25 XAR + 25 BCAX + 1 EOR (iota): 66
 * instructions, against about 120 ALU instructions for the scalar lane
 * complementing form (sha3_fast.c).  Chi of a plane reads only the five B
 * lanes pi put there, so each plane's B lives in five registers and the
 * new state fits the other 27 (the compiler renames; see the generated
 * loop).  The sponge (partial blocks, padding, squeezing) is
 * sha3_common.c's, with this permutation; the state is loaded and stored
 * once per permutation, 25 + 25 memory operations against about 1600
 * instructions of rounds. */
#include <arm_neon.h>
#include "sha3_arm.h"

static void keccak_rounds(uint64_t *st, const uint64_t *rc)
{
    uint64x2_t a00, a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12;
    uint64x2_t a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24;
    uint64x2_t e00, e01, e02, e03, e04, e05, e06, e07, e08, e09, e10, e11, e12;
    uint64x2_t e13, e14, e15, e16, e17, e18, e19, e20, e21, e22, e23, e24;
    uint64x2_t c0, c1, c2, c3, c4, d0, d1, d2, d3, d4, b0, b1, b2, b3, b4;
    unsigned round;

#define LD(i) vcombine_u64(vld1_u64(st + (i)), vdup_n_u64(0))
    a00 = LD(0);  a01 = LD(1);  a02 = LD(2);  a03 = LD(3);  a04 = LD(4);
    a05 = LD(5);  a06 = LD(6);  a07 = LD(7);  a08 = LD(8);  a09 = LD(9);
    a10 = LD(10); a11 = LD(11); a12 = LD(12); a13 = LD(13); a14 = LD(14);
    a15 = LD(15); a16 = LD(16); a17 = LD(17); a18 = LD(18); a19 = LD(19);
    a20 = LD(20); a21 = LD(21); a22 = LD(22); a23 = LD(23); a24 = LD(24);
#undef LD

    /* generated from FIPS 202 3.2.2 (rho offsets) and 3.2.3 (pi).  Unrolled
     * in full (about 7 KiB of code): in a loop the new state's registers
     * are a permutation of the old ones, and GCC closes every iteration
     * with about 20 register moves and spills on top of the 66 instructions
     * of the round (SHA3-256 at 1 KiB, counted under QEMU: 17.9 instructions
     * a byte as a loop, 15.4 unrolled). */
#pragma GCC unroll 24
    for (round = 0; round < 24; round++) {
        /* theta: column parities (two EOR3 each), then D[x] = C[x-1] ^ ROTL1(C[x+1]) (RAX1) */
        c0 = veor3q_u64(veor3q_u64(a00, a05, a10), a15, a20);
        c1 = veor3q_u64(veor3q_u64(a01, a06, a11), a16, a21);
        c2 = veor3q_u64(veor3q_u64(a02, a07, a12), a17, a22);
        c3 = veor3q_u64(veor3q_u64(a03, a08, a13), a18, a23);
        c4 = veor3q_u64(veor3q_u64(a04, a09, a14), a19, a24);
        d0 = vrax1q_u64(c4, c1);
        d1 = vrax1q_u64(c0, c2);
        d2 = vrax1q_u64(c1, c3);
        d3 = vrax1q_u64(c2, c4);
        d4 = vrax1q_u64(c3, c0);
        /* rho and pi, with theta's XOR: B[y, 2x + 3y] = ROTL(A[x, y] ^ D[x], r[x, y]),
         * one XAR each (XAR rotates right: by 64 - r); then chi, one BCAX per lane
         * (B[x] ^ (B[x + 2] & ~B[x + 1])), plane by plane into the new state */
        b0 = vxarq_u64(a00, d0, 0);
        b1 = vxarq_u64(a06, d1, 20);
        b2 = vxarq_u64(a12, d2, 21);
        b3 = vxarq_u64(a18, d3, 43);
        b4 = vxarq_u64(a24, d4, 50);
        e00 = vbcaxq_u64(b0, b2, b1);
        e01 = vbcaxq_u64(b1, b3, b2);
        e02 = vbcaxq_u64(b2, b4, b3);
        e03 = vbcaxq_u64(b3, b0, b4);
        e04 = vbcaxq_u64(b4, b1, b0);
        b0 = vxarq_u64(a03, d3, 36);
        b1 = vxarq_u64(a09, d4, 44);
        b2 = vxarq_u64(a10, d0, 61);
        b3 = vxarq_u64(a16, d1, 19);
        b4 = vxarq_u64(a22, d2, 3);
        e05 = vbcaxq_u64(b0, b2, b1);
        e06 = vbcaxq_u64(b1, b3, b2);
        e07 = vbcaxq_u64(b2, b4, b3);
        e08 = vbcaxq_u64(b3, b0, b4);
        e09 = vbcaxq_u64(b4, b1, b0);
        b0 = vxarq_u64(a01, d1, 63);
        b1 = vxarq_u64(a07, d2, 58);
        b2 = vxarq_u64(a13, d3, 39);
        b3 = vxarq_u64(a19, d4, 56);
        b4 = vxarq_u64(a20, d0, 46);
        e10 = vbcaxq_u64(b0, b2, b1);
        e11 = vbcaxq_u64(b1, b3, b2);
        e12 = vbcaxq_u64(b2, b4, b3);
        e13 = vbcaxq_u64(b3, b0, b4);
        e14 = vbcaxq_u64(b4, b1, b0);
        b0 = vxarq_u64(a04, d4, 37);
        b1 = vxarq_u64(a05, d0, 28);
        b2 = vxarq_u64(a11, d1, 54);
        b3 = vxarq_u64(a17, d2, 49);
        b4 = vxarq_u64(a23, d3, 8);
        e15 = vbcaxq_u64(b0, b2, b1);
        e16 = vbcaxq_u64(b1, b3, b2);
        e17 = vbcaxq_u64(b2, b4, b3);
        e18 = vbcaxq_u64(b3, b0, b4);
        e19 = vbcaxq_u64(b4, b1, b0);
        b0 = vxarq_u64(a02, d2, 2);
        b1 = vxarq_u64(a08, d3, 9);
        b2 = vxarq_u64(a14, d4, 25);
        b3 = vxarq_u64(a15, d0, 23);
        b4 = vxarq_u64(a21, d1, 62);
        e20 = vbcaxq_u64(b0, b2, b1);
        e21 = vbcaxq_u64(b1, b3, b2);
        e22 = vbcaxq_u64(b2, b4, b3);
        e23 = vbcaxq_u64(b3, b0, b4);
        e24 = vbcaxq_u64(b4, b1, b0);
        /* iota */
        e00 = veorq_u64(e00, vdupq_n_u64(rc[round]));
        a00 = e00;
        a01 = e01;
        a02 = e02;
        a03 = e03;
        a04 = e04;
        a05 = e05;
        a06 = e06;
        a07 = e07;
        a08 = e08;
        a09 = e09;
        a10 = e10;
        a11 = e11;
        a12 = e12;
        a13 = e13;
        a14 = e14;
        a15 = e15;
        a16 = e16;
        a17 = e17;
        a18 = e18;
        a19 = e19;
        a20 = e20;
        a21 = e21;
        a22 = e22;
        a23 = e23;
        a24 = e24;
    }

#define ST(i, v) vst1_u64(st + (i), vget_low_u64(v))
    ST(0, a00);  ST(1, a01);  ST(2, a02);  ST(3, a03);  ST(4, a04);
    ST(5, a05);  ST(6, a06);  ST(7, a07);  ST(8, a08);  ST(9, a09);
    ST(10, a10); ST(11, a11); ST(12, a12); ST(13, a13); ST(14, a14);
    ST(15, a15); ST(16, a16); ST(17, a17); ST(18, a18); ST(19, a19);
    ST(20, a20); ST(21, a21); ST(22, a22); ST(23, a23); ST(24, a24);
#undef ST
}

void hb_keccakf1600_armv8(hb_u64 *st)
{
#ifdef HB_U64_PAIR
    /* the two-word build keeps each lane as two halves: convert */
    uint64_t s[25], rc[24];
    unsigned i;

    for (i = 0; i < 25; i++)
        s[i] = HB_ARM_U64_GET(st[i]);
    for (i = 0; i < 24; i++)
        rc[i] = HB_ARM_U64_GET(hb_keccak_rc[i]);
    keccak_rounds(s, rc);
    for (i = 0; i < 25; i++)
        HB_ARM_U64_PUT(st[i], s[i]);
#else
    keccak_rounds(st, hb_keccak_rc);
#endif
}

static void sha3_update_armv8(hb_sha3_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha3_absorb(c, data, len, hb_keccakf1600_armv8);
}

static void sha3_final_armv8(hb_sha3_ctx *c, uint8_t *digest)
{
    hb_sha3_finish(c, digest, hb_keccakf1600_armv8);
}

HB_ARM_IMPL(hb_impl_sha3_256_armv8, "armv8", HB_ARM_SHA3, hb_sha3_256_ctx, hb_sha3_256_init,
            sha3_update_armv8, sha3_final_armv8, 0);
HB_ARM_IMPL(hb_impl_sha3_384_armv8, "armv8", HB_ARM_SHA3, hb_sha3_384_ctx, hb_sha3_384_init,
            sha3_update_armv8, sha3_final_armv8, 0);
HB_ARM_IMPL(hb_impl_sha3_512_armv8, "armv8", HB_ARM_SHA3, hb_sha3_512_ctx, hb_sha3_512_init,
            sha3_update_armv8, sha3_final_armv8, 0);
