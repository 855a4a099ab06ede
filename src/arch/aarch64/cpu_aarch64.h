/* aarch64 CPU features, read once from the kernel's hardware capability
 * words (getauxval(AT_HWCAP), AT_HWCAP2): user space cannot read the ID
 * registers itself on every kernel, and the kernel only reports what it
 * lets user space run. */
#ifndef HB_CPU_AARCH64_H
#define HB_CPU_AARCH64_H

enum {
    HB_ARM_ASIMD = 1u << 0,     /* Advanced SIMD (NEON): baseline on Linux aarch64 */
    HB_ARM_AES = 1u << 1,       /* AESE/AESD/AESMC/AESIMC */
    HB_ARM_PMULL = 1u << 2,     /* PMULL/PMULL2 on 64-bit lanes */
    HB_ARM_SHA1 = 1u << 3,      /* SHA1C/SHA1P/SHA1M/SHA1H/SHA1SU0/SHA1SU1 */
    HB_ARM_SHA2 = 1u << 4,      /* SHA256H/SHA256H2/SHA256SU0/SHA256SU1 */
    HB_ARM_CRC32 = 1u << 5,     /* CRC32B..X, CRC32CB..CX */
    HB_ARM_SHA3 = 1u << 6,      /* EOR3, RAX1, XAR, BCAX (ARMv8.2 SHA3) */
    HB_ARM_SHA512 = 1u << 7     /* SHA512H/SHA512H2/SHA512SU0/SHA512SU1 */
};

/* The features of this CPU (cached after the first call).  HB_ARM_MASK in
 * the environment, a number, removes bits: the tests use it to make the
 * dispatcher choose every lower implementation in turn. */
unsigned hb_arm_features(void);

/* 1 when every bit of `need` is present. */
int hb_arm_has(unsigned need);

/* Defines `static int fn(void)`, 1 when the CPU has every feature of
 * `features`: an implementation's `available` function. */
#define HB_ARM_NEEDS(fn, features) \
    static int fn(void) { return hb_arm_has(features); }

#endif
