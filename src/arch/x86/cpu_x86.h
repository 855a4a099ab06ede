/* x86 CPU features, detected once (cpuid, and xgetbv for the register state
 * the OS saves: AVX needs YMM state, AVX-512 needs opmask and ZMM state). */
#ifndef HB_CPU_X86_H
#define HB_CPU_X86_H

enum {
    HB_X86_SSE2 = 1u << 0,
    HB_X86_SSSE3 = 1u << 1,
    HB_X86_SSE41 = 1u << 2,
    HB_X86_SSE42 = 1u << 3,
    HB_X86_PCLMUL = 1u << 4,
    HB_X86_AES = 1u << 5,
    HB_X86_AVX = 1u << 6,
    HB_X86_AVX2 = 1u << 7,
    HB_X86_BMI2 = 1u << 8,
    HB_X86_SHA = 1u << 9,
    HB_X86_AVX512F = 1u << 10,
    HB_X86_AVX512BW = 1u << 11,
    HB_X86_AVX512VL = 1u << 12,
    HB_X86_AVX512VBMI = 1u << 13,
    HB_X86_VAES = 1u << 14,
    HB_X86_VPCLMUL = 1u << 15,
    HB_X86_GFNI = 1u << 16,
    HB_X86_AVX512DQ = 1u << 17,        /* vpmullq */
    HB_X86_AVX512IFMA = 1u << 18,      /* vpmadd52luq */
    HB_X86_BMI1 = 1u << 19             /* andn */
};

/* The features of this CPU (cached after the first call).  HB_X86_MASK in
 * the environment, a number, removes bits: the tests use it to make the
 * dispatcher choose every lower implementation in turn. */
unsigned hb_x86_features(void);

/* The features before HB_X86_MASK: what a program that asks cpuid itself
 * sees (--as-cpu names the peers that still use what the mask takes away). */
unsigned hb_x86_features_unmasked(void);

/* 1 when every bit of `need` is present. */
int hb_x86_has(unsigned need);

/* Defines `static int fn(void)`, 1 when the CPU has every feature of
 * `features`: an implementation's `available` function. */
#define HB_X86_NEEDS(fn, features) \
    static int fn(void) { return hb_x86_has(features); }

/* The name of feature bit `bit` (HB_X86_SSE2 is bit 0), 0 past the last. */
const char *hb_x86_feature_name(unsigned bit);

#endif
