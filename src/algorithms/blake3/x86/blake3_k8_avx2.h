/* BLAKE3's eight-lane kernel for AVX2 with its register use fixed by hand
 * (an asm statement per block): word i of the eight inputs' states in
 * ymm i, so the sixteen state vectors fill the sixteen registers.  The
 * 12- and 7-bit rotates need one more (the shifted-out half): ymm8, row
 * c's word 0, waits in a stack slot while the rotates use its register,
 * and the next `c += d` of that word takes it from the slot as a memory
 * operand, so the spill costs one store a half round and no load.  The
 * message words (transposed by the C around it) and the byte shuffles'
 * masks are memory operands too.
 *
 * Each half round runs one step of G's ten at a time for all four Gs
 * (a += m, a += b, d ^= a, d >>>= 16, ...), which gives the core four
 * independent operations at each step.  gcc, given the same rounds in
 * intrinsics (blake3_lanes_x86.h), spilled state words around the
 * rotates (421 cycles a block on Zen 3) or, one G after the other, took
 * 396; this takes 363 (docs/impl-blake.md, "BLAKE3 on Zen 3 (AVX2)").
 *
 * Included by blake3_avx2.c only. */
#ifndef HB_BLAKE3_K8_AVX2_H
#define HB_BLAKE3_K8_AVX2_H

#define K8_R(n) "%%ymm" #n
/* a += message word w (the transposed block at %[m]) */
#define K8_ADDM(w, a) "vpaddd 32*" #w "(%[m]), " K8_R(a) ", " K8_R(a) "\n\t"
#define K8_ADD(s, d) "vpaddd " K8_R(s) ", " K8_R(d) ", " K8_R(d) "\n\t"
#define K8_XOR(s, d) "vpxor " K8_R(s) ", " K8_R(d) ", " K8_R(d) "\n\t"
/* rotate right by 16 or 8: vpshufb with the mask at %[k] + off */
#define K8_SHUF(off, d) "vpshufb " #off "(%[k]), " K8_R(d) ", " K8_R(d) "\n\t"
/* rotate right by n through ymm8 */
#define K8_ROT(n, d)                                                         \
    "vpsrld $" #n ", " K8_R(d) ", %%ymm8\n\t"                                \
    "vpslld $32-" #n ", " K8_R(d) ", " K8_R(d) "\n\t"                        \
    "vpor %%ymm8, " K8_R(d) ", " K8_R(d) "\n\t"
/* c += d; word 8 comes back from its slot at %[s] */
#define K8_CADD_8(d) "vpaddd (%[s]), " K8_R(d) ", %%ymm8\n\t"
#define K8_CADD_9(d) K8_ADD(d, 9)
#define K8_CADD_10(d) K8_ADD(d, 10)
#define K8_CADD_11(d) K8_ADD(d, 11)
#define K8_CADD(c, d) K8_CADD_##c(d)

/* half a G for four Gs (a_i, b_i, c_i, d_i) with message words w_i:
 * rotates by a byte shuffle (its mask's offset) and by r2 (shifts) */
#define K8_HALF(w0, w1, w2, w3, a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2,           \
                a3, b3, c3, d3, mask, r2)                                                \
    K8_ADDM(w0, a0) K8_ADDM(w1, a1) K8_ADDM(w2, a2) K8_ADDM(w3, a3)                      \
    K8_ADD(b0, a0) K8_ADD(b1, a1) K8_ADD(b2, a2) K8_ADD(b3, a3)                          \
    K8_XOR(a0, d0) K8_XOR(a1, d1) K8_XOR(a2, d2) K8_XOR(a3, d3)                          \
    K8_SHUF(mask, d0) K8_SHUF(mask, d1) K8_SHUF(mask, d2) K8_SHUF(mask, d3)              \
    K8_CADD(c0, d0) K8_CADD(c1, d1) K8_CADD(c2, d2) K8_CADD(c3, d3)                      \
    K8_XOR(c0, b0) K8_XOR(c1, b1) K8_XOR(c2, b2) K8_XOR(c3, b3)                          \
    "vmovdqa %%ymm8, (%[s])\n\t"                                                         \
    K8_ROT(r2, b0) K8_ROT(r2, b1) K8_ROT(r2, b2) K8_ROT(r2, b3)

#define K8_COLUMNS 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15
#define K8_DIAGONALS 0, 5, 10, 15, 1, 6, 11, 12, 2, 7, 8, 13, 3, 4, 9, 14
#define K8_HALF_(...) K8_HALF(__VA_ARGS__)
/* one round, its message words in the order of the schedule's row */
#define K8_ROUND(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15) \
    K8_HALF_(s0, s2, s4, s6, K8_COLUMNS, 0, 12)                                        \
    K8_HALF_(s1, s3, s5, s7, K8_COLUMNS, 32, 7)                                        \
    K8_HALF_(s8, s10, s12, s14, K8_DIAGONALS, 0, 12)                                   \
    K8_HALF_(s9, s11, s13, s15, K8_DIAGONALS, 32, 7)

/* the seven rounds (rows of hb_b3_schedule) */
#define K8_ROUNDS                                                                     \
    K8_ROUND(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)                    \
    K8_ROUND(2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8)                    \
    K8_ROUND(3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1)                    \
    K8_ROUND(10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6)                    \
    K8_ROUND(12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4)                    \
    K8_ROUND(9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7)                    \
    K8_ROUND(11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13)

/* the masks of the rotates by 16 (offset 0) and by 8 (offset 32), then
 * the IV's first four words, each broadcast (offsets 64 + 32 i) */
static const uint32_t k8_consts[6 * 8] __attribute__((aligned(32))) = {
    0x01000302u, 0x05040706u, 0x09080b0au, 0x0d0c0f0eu,
    0x01000302u, 0x05040706u, 0x09080b0au, 0x0d0c0f0eu,
    0x00030201u, 0x04070605u, 0x080b0a09u, 0x0c0f0e0du,
    0x00030201u, 0x04070605u, 0x080b0a09u, 0x0c0f0e0du,
#define K8_4(x) x, x, x, x
    K8_4(0x6A09E667u), K8_4(0x6A09E667u), K8_4(0xBB67AE85u), K8_4(0xBB67AE85u),
    K8_4(0x3C6EF372u), K8_4(0x3C6EF372u), K8_4(0xA54FF53Au), K8_4(0xA54FF53Au),
#undef K8_4
};

/* one block: h[0..7] (the chaining value, word i of the eight inputs in
 * h[i]) updated in place; m[0..15] the transposed message; d[0..3] row d
 * (counter low, counter high, block length, flags) */
static inline __attribute__((always_inline)) void
k8_block(__m256i *h, const __m256i *m, const __m256i *d)
{
    __m256i slot;

    __asm__ volatile(
        "vmovdqa 0(%[h]), %%ymm0\n\t"
        "vmovdqa 32(%[h]), %%ymm1\n\t"
        "vmovdqa 64(%[h]), %%ymm2\n\t"
        "vmovdqa 96(%[h]), %%ymm3\n\t"
        "vmovdqa 128(%[h]), %%ymm4\n\t"
        "vmovdqa 160(%[h]), %%ymm5\n\t"
        "vmovdqa 192(%[h]), %%ymm6\n\t"
        "vmovdqa 224(%[h]), %%ymm7\n\t"
        "vmovdqa 64(%[k]), %%ymm8\n\t"
        "vmovdqa %%ymm8, (%[s])\n\t"
        "vmovdqa 96(%[k]), %%ymm9\n\t"
        "vmovdqa 128(%[k]), %%ymm10\n\t"
        "vmovdqa 160(%[k]), %%ymm11\n\t"
        "vmovdqa 0(%[d]), %%ymm12\n\t"
        "vmovdqa 32(%[d]), %%ymm13\n\t"
        "vmovdqa 64(%[d]), %%ymm14\n\t"
        "vmovdqa 96(%[d]), %%ymm15\n\t"
        K8_ROUNDS
        /* h = v[0..7] ^ v[8..15]; word 8 is in its slot */
        "vpxor (%[s]), %%ymm0, %%ymm0\n\t"
        "vpxor %%ymm9, %%ymm1, %%ymm1\n\t"
        "vpxor %%ymm10, %%ymm2, %%ymm2\n\t"
        "vpxor %%ymm11, %%ymm3, %%ymm3\n\t"
        "vpxor %%ymm12, %%ymm4, %%ymm4\n\t"
        "vpxor %%ymm13, %%ymm5, %%ymm5\n\t"
        "vpxor %%ymm14, %%ymm6, %%ymm6\n\t"
        "vpxor %%ymm15, %%ymm7, %%ymm7\n\t"
        "vmovdqa %%ymm0, 0(%[h])\n\t"
        "vmovdqa %%ymm1, 32(%[h])\n\t"
        "vmovdqa %%ymm2, 64(%[h])\n\t"
        "vmovdqa %%ymm3, 96(%[h])\n\t"
        "vmovdqa %%ymm4, 128(%[h])\n\t"
        "vmovdqa %%ymm5, 160(%[h])\n\t"
        "vmovdqa %%ymm6, 192(%[h])\n\t"
        "vmovdqa %%ymm7, 224(%[h])\n\t"
        :
        : [h] "r"(h), [m] "r"(m), [d] "r"(d), [k] "r"(k8_consts),
          [s] "r"(&slot)
        : "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",
          "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
}

#endif /* HB_BLAKE3_K8_AVX2_H */
