/* What `info`, `list` and the record show of an aarch64 CPU, and whether
 * it is emulated (src/arch/cpu_view.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include "arch/aarch64/cpu_aarch64.h"
#include "arch/arm/arm_midr.h"
#include "arch/cpu_view.h"
#include "arch/cpu_view_proc.h"

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

static size_t add_names(char *out, size_t n, size_t used, unsigned long bits, const char *const *names,
                        unsigned count, const char *unknown)
{
    unsigned i;
    for (i = 0; i < 8 * sizeof bits && used < n; i++) {
        if (!(bits & (1ul << i)))
            continue;
        if (i < count)
            used += (size_t)snprintf(out + used, n - used, "%s%s", used ? " " : "", names[i]);
        else
            used += (size_t)snprintf(out + used, n - used, "%s%s:%u", used ? " " : "", unknown, i);
    }
    return used;
}

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

/* Is text an arm64 kernel's /proc/cpuinfo?  It always has a Features line. */
static int arm_cpuinfo(const char *text)
{
    char v[8];
    return hb_cpuinfo_field(text, "Features", v, sizeof v) || hb_cpuinfo_field(text, "CPU implementer", v, sizeof v);
}

void hb_arch_cpu_view(hb_cpu_view *v)
{
    static char text[65536];
    hb_midr_set cores;
    unsigned long midr;
    long len = hb_cpuinfo_text(text, sizeof text);
    memset(v, 0, sizeof *v);
    memset(&cores, 0, sizeof cores);
    add_names(v->features, sizeof v->features,
              add_names(v->features, sizeof v->features, 0, getauxval(AT_HWCAP), hwcap_names,
                        sizeof hwcap_names / sizeof hwcap_names[0], "hwcap"),
              getauxval(AT_HWCAP2), hwcap2_names, sizeof hwcap2_names / sizeof hwcap2_names[0], "hwcap2");
    v->features_source = "AT_HWCAP/AT_HWCAP2";
    add_names(v->dispatch, sizeof v->dispatch, 0, hb_arm_features(), dispatch_names,
              sizeof dispatch_names / sizeof dispatch_names[0], "bit");
    v->detailed = 1;
    if (hb_midr_from_sysfs(&cores))
        hb_midr_describe(&cores, "the kernel's /sys/devices/system/cpu/cpu*/regs/identification/midr_el1", v->core,
                         sizeof v->core);
    else if (len > 0 && hb_midr_from_cpuinfo(text, &cores))
        hb_midr_describe(&cores, "the kernel's /proc/cpuinfo", v->core, sizeof v->core);
    else if ((midr = midr_by_mrs()) != 0) {
        hb_midr_add(&cores, midr);
        hb_midr_describe(&cores, "read with MRS: the kernel shows none", v->core, sizeof v->core);
    }
    /* arm64 kernels print no model name; under user-mode emulation the
     * file's model line is the host's CPU, not the one this code runs on */
    if (cores.n == 1)
        hb_arm_midr_name(cores.midr[0], v->model, sizeof v->model);
    else if (len > 0 && !arm_cpuinfo(text))
        snprintf(v->model, sizeof v->model, "unknown");
}

static unsigned detect_emulation(char *why, size_t n)
{
    static char text[16384];
    char reason[256];
    unsigned long midr;
    why[0] = 0;
    int kernel = hb_emulation_kernel_arch("arm", "aarch64", reason, sizeof reason);
    if (kernel > 0)
        hb_reason_add(why, n, reason);
    /* kernels before 6.1 have no kernel/arch: the cpuinfo file is still
     * the running kernel's, in its architecture's format */
    if (kernel < 0 && hb_cpuinfo_head(text, sizeof text) > 0 && !arm_cpuinfo(text) &&
        hb_cpuinfo_text(text, sizeof text) > 0 && !arm_cpuinfo(text))
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
