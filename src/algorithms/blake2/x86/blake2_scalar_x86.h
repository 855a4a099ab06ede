/* BLAKE2 rounds for x86-64 in plain C with the sixteen state words as named
 * variables (blake2b_x64.c with uint64_t words, blake2s_x64.c with
 * uint32_t), shared by both: only the word type and the four rotation
 * counts differ.
 *
 * Why it beats the fast C (blake2b_fast.c, blake2s_fast.c): those keep the
 * state in an array v[16] that the compiler must allocate to registers
 * across one G call at a time; gcc spills about a quarter of the state
 * every round (~360 stack accesses per BLAKE2b block).  Here the four G
 * calls of a column (or diagonal) step run side by side, half a G at a
 * time, in the order a scheduler wants them:
 *     a_i += b_i + x_i   for i = 0..3,   then d_i = ROTR(d_i ^ a_i)  ...
 * so each of the four dependency chains has one instruction in flight per
 * cycle, and the diagonal step is a renaming of the same variables (no
 * moves: the macros just pass them in another order).  Sixteen words do
 * not fit in the fifteen free registers with the block pointer; the
 * compiler now spills one or two of them, where it hurts least.
 *
 * Measured on the Zen 5 of docs/impl-blake.md: see that file. */
#ifndef HB_BLAKE2_SCALAR_X86_H
#define HB_BLAKE2_SCALAR_X86_H

#include <string.h>
#include <stdint.h>
#include "algorithms/common/keep_order_x86.h"

/* Half of four G calls: a += x + b; d = ROTR(d ^ a, r1); c += d;
 * b = ROTR(b ^ c, r2), for the four columns (or diagonals) at once.
 * a + x is pinned (HB_X86_PIN_GPR) so that b, the word the chain delivers
 * last, has one add after it, not gcc's lea a + b then add x (BLAKE2b on
 * Zen 4: 1 KiB 906 -> 876 ns).  The including file defines
 * HB_B2X_ROTR(x, n). */
#define HB_B2X_HALF(a0, b0, c0, d0, a1, b1, c1, d1, a2, b2, c2, d2, a3, b3, c3, d3,  \
                    x0, x1, x2, x3, r1, r2)                                          \
    a0 += (x0); a1 += (x1); a2 += (x2); a3 += (x3);                                  \
    HB_X86_PIN_GPR(a0); HB_X86_PIN_GPR(a1); HB_X86_PIN_GPR(a2); HB_X86_PIN_GPR(a3);  \
    a0 += b0; a1 += b1; a2 += b2; a3 += b3;                                          \
    d0 = HB_B2X_ROTR(d0 ^ a0, r1); d1 = HB_B2X_ROTR(d1 ^ a1, r1);                    \
    d2 = HB_B2X_ROTR(d2 ^ a2, r1); d3 = HB_B2X_ROTR(d3 ^ a3, r1);                    \
    c0 += d0; c1 += d1; c2 += d2; c3 += d3;                                          \
    b0 = HB_B2X_ROTR(b0 ^ c0, r2); b1 = HB_B2X_ROTR(b1 ^ c1, r2);                    \
    b2 = HB_B2X_ROTR(b2 ^ c2, r2); b3 = HB_B2X_ROTR(b3 ^ c3, r2)

/* One round on v0..v15 with the message words of SIGMA row s0..s15 (M(i)
 * loads word i of the block): the column step G(v0, v4, v8, v12) ..., then
 * the diagonal step G(v0, v5, v10, v15) ..., RFC 7693 section 3.2.  The
 * including file defines HB_B2X_R1 .. HB_B2X_R4 (the rotation counts). */
#define HB_B2X_ROUND(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15) \
    do {                                                                              \
        HB_B2X_HALF(v0, v4, v8, v12, v1, v5, v9, v13, v2, v6, v10, v14, v3, v7, v11, v15, \
                    M(s0), M(s2), M(s4), M(s6), HB_B2X_R1, HB_B2X_R2);                \
        HB_B2X_HALF(v0, v4, v8, v12, v1, v5, v9, v13, v2, v6, v10, v14, v3, v7, v11, v15, \
                    M(s1), M(s3), M(s5), M(s7), HB_B2X_R3, HB_B2X_R4);                \
        HB_B2X_HALF(v0, v5, v10, v15, v1, v6, v11, v12, v2, v7, v8, v13, v3, v4, v9, v14, \
                    M(s8), M(s10), M(s12), M(s14), HB_B2X_R1, HB_B2X_R2);             \
        HB_B2X_HALF(v0, v5, v10, v15, v1, v6, v11, v12, v2, v7, v8, v13, v3, v4, v9, v14, \
                    M(s9), M(s11), M(s13), M(s15), HB_B2X_R3, HB_B2X_R4);             \
    } while (0)

/* The ten rows of SIGMA (RFC 7693 section 2.7), as macro arguments so that
 * every message index is a constant: ROW(r) calls HB_B2X_ROUND with row r. */
#define HB_B2X_SIGMA0 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
#define HB_B2X_SIGMA1 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3
#define HB_B2X_SIGMA2 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4
#define HB_B2X_SIGMA3 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8
#define HB_B2X_SIGMA4 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13
#define HB_B2X_SIGMA5 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9
#define HB_B2X_SIGMA6 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11
#define HB_B2X_SIGMA7 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10
#define HB_B2X_SIGMA8 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5
#define HB_B2X_SIGMA9 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0
/* expands the row macro before HB_B2X_ROUND sees its sixteen arguments */
#define HB_B2X_ROUND_ROW(row) HB_B2X_ROUND_(row)
#define HB_B2X_ROUND_(...) HB_B2X_ROUND(__VA_ARGS__)

#endif /* HB_BLAKE2_SCALAR_X86_H */
