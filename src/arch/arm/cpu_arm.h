/* 32-bit ARM (armhf, armel) CPU features, read once from the kernel's
 * hardware capability words (getauxval(AT_HWCAP), AT_HWCAP2), as on
 * aarch64 (cpu_aarch64.h): the kernel reports what user space may run.
 * NEON is optional here (a Cortex-A8 has it, an ARM11 has not); the ARMv8
 * crypto bits appear when an ARMv8 core runs a 32-bit kernel or a 32-bit
 * program under a 64-bit one (a Raspberry Pi 3/4 on armhf). */
#ifndef HB_CPU_ARM_H
#define HB_CPU_ARM_H

enum {
    HB_ARM32_NEON = 1u << 0,    /* Advanced SIMD (HWCAP_NEON) */
    HB_ARM32_AES = 1u << 1,     /* AArch32 AESE/AESD (HWCAP2_AES) */
    HB_ARM32_PMULL = 1u << 2,   /* VMULL.P64 (HWCAP2_PMULL) */
    HB_ARM32_SHA1 = 1u << 3,    /* SHA1C ... (HWCAP2_SHA1) */
    HB_ARM32_SHA2 = 1u << 4,    /* SHA256H ... (HWCAP2_SHA2) */
    HB_ARM32_CRC32 = 1u << 5    /* CRC32B ... (HWCAP2_CRC32) */
};

/* The features of this CPU (cached after the first call).  HB_ARM32_MASK
 * in the environment, a number, removes bits: the tests use it to make the
 * dispatcher choose every lower implementation in turn. */
unsigned hb_arm32_features(void);

/* 1 when every bit of `need` is present. */
int hb_arm32_has(unsigned need);

/* Defines `static int fn(void)`, 1 when the CPU has every feature of
 * `features`: an implementation's `available` function. */
#define HB_ARM32_NEEDS(fn, features) \
    static int fn(void) { return hb_arm32_has(features); }

#endif
