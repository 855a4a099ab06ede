/* What `info`, `list` and the record show of an aarch64 CPU, and whether
 * it is emulated (src/arch/cpu_view.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include "arch/aarch64/cpu_aarch64.h"
#include "arch/arm/arm_cpu_view.h"

/* The Linux arm64 AT_HWCAP and AT_HWCAP2 bits by the names /proc/cpuinfo's
 * Features line gives them (arch/arm64/include/uapi/asm/hwcap.h, the
 * kernel's cpuinfo.c); a bit past these is shown as hwcap:N / hwcap2:N. */
static const char *const hwcap_names[] = {
    "fp", "asimd", "evtstrm", "aes", "pmull", "sha1", "sha2", "crc32", "atomics", "fphp", "asimdhp",
    "cpuid", "asimdrdm", "jscvt", "fcma", "lrcpc", "dcpop", "sha3", "sm3", "sm4", "asimddp", "sha512",
    "sve", "asimdfhm", "dit", "uscat", "ilrcpc", "flagm", "ssbs", "sb", "paca", "pacg", "gcs",
};
static const char *const hwcap2_names[] = {
    "dcpodp", "sve2", "sveaes", "svepmull", "svebitperm", "svesha3", "svesm4", "flagm2", "frint",
    "svei8mm", "svef32mm", "svef64mm", "svebf16", "i8mm", "bf16", "dgh", "rng", "bti", "mte", "ecv",
    "afp", "rpres", "mte3", "sme", "smei16i64", "smef64f64", "smei8i32", "smef16f32", "smeb16f32",
    "smef32f32", "smefa64", "wfxt", "ebf16", "sveebf16", "cssc", "rprfm", "sve2p1", "sme2", "sme2p1",
    "smei16i32", "smebi32i32", "smeb16b16", "smef16f16", "mops", "hbc", "sveb16b16", "lrcpc3", "lse128",
};
#define LINUX_HWCAP_CPUID (1ul << 11)

/* The dispatcher's names for cpu_aarch64.h's bits, lowest first */
static const char *const dispatch_names[] = { "asimd", "aes", "pmull", "sha1", "sha2", "crc32", "sha3", "sha512" };

/* MIDR_EL1 through the MRS instruction: the kernel traps and answers it
 * for user space when it sets HWCAP_CPUID (Linux 4.11+), and qemu-user
 * answers with its emulated model's.  0 without HWCAP_CPUID. */
static unsigned long midr_by_mrs(void)
{
    unsigned long midr = 0;
    if (!(getauxval(AT_HWCAP) & LINUX_HWCAP_CPUID))
        return 0;
    __asm__ volatile("mrs %0, MIDR_EL1" : "=r"(midr));
    return midr & 0xffffffffu;
}

void hb_arch_cpu_view(hb_cpu_view *v)
{
    static const hb_bit_names hw = HB_BIT_NAMES(hwcap_names, "hwcap"), hw2 = HB_BIT_NAMES(hwcap2_names, "hwcap2"),
                              disp = HB_BIT_NAMES(dispatch_names, "bit");
    hb_arm_fill_view(v, &hw, &hw2, hb_arm_features(), &disp, midr_by_mrs());
}

static unsigned detect_emulation(char *why, size_t n)
{
    char reason[256];
    unsigned long midr;
    why[0] = 0;
    int kernel = hb_emulation_kernel_arch("arm", "aarch64", reason, sizeof reason);
    if (kernel > 0)
        hb_reason_add(why, n, reason);
    /* kernels before 6.1 have no kernel/arch: the cpuinfo file is still
     * the running kernel's, in its architecture's format */
    if (kernel < 0 && hb_arm_cpuinfo_foreign())
        hb_reason_add(why, n, "/proc/cpuinfo is not an arm64 kernel's (no Features or CPU implementer line)");
    /* no real core has implementer 0 (reserved for software): QEMU's max,
     * in user mode or as a TCG guest's CPU */
    if ((midr = midr_by_mrs()) != 0 && HB_MIDR_IMPL(midr) == 0) {
        snprintf(reason, sizeof reason, "MIDR_EL1 0x%08lx is a software-defined CPU's (implementer 0x00%s)", midr,
                 HB_MIDR_PART(midr) == 0x051 ? ", part 'Q': QEMU's max" : "");
        hb_reason_add(why, n, reason);
    }
    return why[0] != 0;
}

const char *hb_arch_emulation(void)
{
    static char why[768];
    static int state;
    return hb_emulation_once(&state, why, sizeof why, detect_emulation);
}

void hb_arch_profile_features(char *buf, size_t size)
{
    snprintf(buf, size, "aarch64 0x%08x", hb_arm_features());
}
