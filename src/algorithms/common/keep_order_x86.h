/* HB_X86_KEEP_ORDER on a function: gcc's second instruction scheduling
 * pass (after register allocation) off for it, so that the instructions
 * run in the order the source gives them.  For the few loops whose source
 * order was chosen by measurement and which the pass made slower:
 * BLAKE3's one-set lane kernels (blake3_lanes_x86.h), SHA-1 with SHA-NI
 * (sha1_shani.c) and BLAKE2b's x64 compress (blake2b_x64.c).  With other
 * compilers it expands to nothing (clang has no such per-function switch). */
#ifndef HB_KEEP_ORDER_X86_H
#define HB_KEEP_ORDER_X86_H

#if defined(__GNUC__) && !defined(__clang__)
#define HB_X86_KEEP_ORDER __attribute__((optimize("no-schedule-insns2")))
#else
#define HB_X86_KEEP_ORDER
#endif

/* HB_X86_PIN(x) (x in a vector register), HB_X86_PIN_GPR(x) (in a general
 * one): an empty asm that takes x and gives it back, which the compiler
 * cannot see through, so x is computed where the source says.  For a
 * chain's three-term add: in `a = (a + m) + b`, with b the value the chain
 * delivers last, gcc reassociates to (b + m) + a, two adds after b instead
 * of one; pinning a + m keeps the order (BLAKE3's row-wise compress on
 * Zen 4: 243 -> 230 cycles a block).  gcc and clang alike. */
#define HB_X86_PIN(x) __asm__("" : "+v"(x))
#define HB_X86_PIN_GPR(x) __asm__("" : "+r"(x))

#endif /* HB_KEEP_ORDER_X86_H */
