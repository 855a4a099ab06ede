/* What `hashbench info`, `list` and the results record show of the CPU,
 * and whether the times are the CPU's at all: one interface, each
 * architecture its own file (src/arch/<arch>/cpu_view_<arch>.c), so that
 * the CLI and the record know no architecture.  Host builds only. */
#ifndef HB_ARCH_CPU_VIEW_H
#define HB_ARCH_CPU_VIEW_H

#include <stddef.h>

typedef struct hb_cpu_view {
    /* The CPU's features by the names the kernel gives them: x86-64 the
     * /proc/cpuinfo flags that matter to hashing; ARM every AT_HWCAP and
     * AT_HWCAP2 bit (getauxval), as /proc/cpuinfo's Features line spells
     * them.  "" when the architecture has none to show. */
    char features[512];
    const char *features_source;    /* where they came from, for `info`; NULL: not said */
    /* What the dispatcher uses: its own feature names after the mask
     * variable (HB_X86_MASK, HB_ARM_MASK, HB_ARM32_MASK). */
    char dispatch[256];
    /* The core(s) by name where the kernel shows the ARM MIDR (or, on
     * aarch64, the MRS instruction reads it): "ARM Cortex-A53 r0p4 (...)";
     * "" where the architecture names none (x86-64: its core tuning does). */
    char core[640];
    /* A better name for `cpu` than /proc/cpuinfo's model line: set where
     * the kernel gives none (arm64) or the file is another kernel's (an
     * emulator's host); "" to keep the model line. */
    char model[128];
    /* 1: `list` shows a CPU line above its table and `info` an emulation
     * line even when there is none (the ARM builds: their features were
     * visible only as the table's "-" marks); 0 keeps both as they were
     * (x86-64: `info` says emulation only when there is some). */
    int detailed;
} hb_cpu_view;

/* Fills v (reads the auxiliary vector, /proc and /sys each call). */
void hb_arch_cpu_view(hb_cpu_view *v);

/* NULL when the times a run measures are this CPU's; otherwise one line
 * naming the emulation and the evidence: user-mode emulation (qemu-user:
 * the kernel is another architecture's), QEMU's TCG under a guest kernel
 * (x86: the hypervisor vendor "TCGTCGTCGTCG"; ARM: a software-defined
 * MIDR).  A hardware-assisted virtual machine (KVM, Hyper-V, Xen ...)
 * runs the CPU's own instructions and is not emulation.  Detected once. */
const char *hb_arch_emulation(void);

/* The dispatcher's features as the profile key records them
 * (src/profile/profile_key.c): "x86-64 0x000bffff sse2 ...",
 * "aarch64 0x0000003f", "arm 0x00000001", "none". */
void hb_arch_profile_features(char *buf, size_t size);

#endif
