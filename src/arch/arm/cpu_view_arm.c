/* What `info`, `list` and the record show of a 32-bit ARM CPU (armhf,
 * armel), and whether it is emulated (src/arch/cpu_view.h). */
#include <stdio.h>
#include <sys/auxv.h>
#include "arch/arm/arm_cpu_view.h"
#include "arch/arm/cpu_arm.h"

/* The Linux arm AT_HWCAP and AT_HWCAP2 bits by the names /proc/cpuinfo's
 * Features line gives them (arch/arm/include/uapi/asm/hwcap.h, the
 * kernel's setup.c; an arm64 kernel gives 32-bit programs the same). */
static const char *const hwcap_names[] = {
    "swp", "half", "thumb", "26bit", "fastmult", "fpa", "vfp", "edsp", "java", "iwmmxt", "crunch",
    "thumbee", "neon", "vfpv3", "vfpv3d16", "tls", "vfpv4", "idiva", "idivt", "vfpd32", "lpae", "evtstrm",
    "fphp", "asimdhp", "asimddp", "asimdfhm", "asimdbf16", "i8mm",
};
static const char *const hwcap2_names[] = { "aes", "pmull", "sha1", "sha2", "crc32", "sb", "ssbs" };

/* The dispatcher's names for cpu_arm.h's bits, lowest first */
static const char *const dispatch_names[] = { "neon", "aes", "pmull", "sha1", "sha2", "crc32" };

void hb_arch_cpu_view(hb_cpu_view *v)
{
    static const hb_bit_names hw = HB_BIT_NAMES(hwcap_names, "hwcap"), hw2 = HB_BIT_NAMES(hwcap2_names, "hwcap2"),
                              disp = HB_BIT_NAMES(dispatch_names, "bit");
    /* 32-bit user space cannot read the MIDR itself (a privileged CP15
     * register): only the kernel's copies */
    hb_arm_fill_view(v, &hw, &hw2, hb_arm32_features(), &disp, 0);
}

static unsigned detect_emulation(char *why, size_t n)
{
    char reason[256];
    why[0] = 0;
    /* an arm64 kernel runs 32-bit ARM programs natively: same family */
    int kernel = hb_emulation_kernel_arch("arm", "32-bit ARM", reason, sizeof reason);
    if (kernel > 0)
        hb_reason_add(why, n, reason);
    /* kernels before 6.1: the cpuinfo format, its first block, then (old
     * SMP kernels put Features after every processor's block) the whole
     * file before concluding */
    if (kernel < 0 && hb_arm_cpuinfo_foreign())
        hb_reason_add(why, n, "/proc/cpuinfo is not an ARM kernel's (no Features or CPU implementer line)");
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
    snprintf(buf, size, "arm 0x%08x", hb_arm32_features());
}
