/* What `info`, `list` and the record show of a 32-bit ARM CPU (armhf,
 * armel), and whether it is emulated (src/arch/cpu_view.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include "arch/arm/arm_midr.h"
#include "arch/arm/cpu_arm.h"
#include "arch/cpu_view.h"
#include "arch/cpu_view_proc.h"

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

/* Is text an ARM kernel's /proc/cpuinfo (arm, or arm64 running us as a
 * 32-bit program)?  Both print a Features line (old arm kernels spell the
 * first field "Processor", the same file). */
static int arm_cpuinfo(const char *text)
{
    char v[8];
    return hb_cpuinfo_field(text, "Features", v, sizeof v) || hb_cpuinfo_field(text, "CPU implementer", v, sizeof v);
}

void hb_arch_cpu_view(hb_cpu_view *v)
{
    static char text[65536];
    hb_midr_set cores;
    long len = hb_cpuinfo_text(text, sizeof text);
    memset(v, 0, sizeof *v);
    memset(&cores, 0, sizeof cores);
    add_names(v->features, sizeof v->features,
              add_names(v->features, sizeof v->features, 0, getauxval(AT_HWCAP), hwcap_names,
                        sizeof hwcap_names / sizeof hwcap_names[0], "hwcap"),
              getauxval(AT_HWCAP2), hwcap2_names, sizeof hwcap2_names / sizeof hwcap2_names[0], "hwcap2");
    v->features_source = "AT_HWCAP/AT_HWCAP2";
    add_names(v->dispatch, sizeof v->dispatch, 0, hb_arm32_features(), dispatch_names,
              sizeof dispatch_names / sizeof dispatch_names[0], "bit");
    v->detailed = 1;
    /* 32-bit user space cannot read the MIDR itself (a privileged CP15
     * register): only the kernel's copies */
    if (hb_midr_from_sysfs(&cores))
        hb_midr_describe(&cores, "the kernel's /sys/devices/system/cpu/cpu*/regs/identification/midr_el1", v->core,
                         sizeof v->core);
    else if (len > 0 && hb_midr_from_cpuinfo(text, &cores))
        hb_midr_describe(&cores, "the kernel's /proc/cpuinfo", v->core, sizeof v->core);
    /* arm kernels name the architecture ("ARMv7 Processor rev 2 (v7l)"),
     * not the core; another kernel's file names its host's CPU */
    if (cores.n == 1)
        hb_arm_midr_name(cores.midr[0], v->model, sizeof v->model);
    else if (len > 0 && !arm_cpuinfo(text))
        snprintf(v->model, sizeof v->model, "unknown");
}

static unsigned detect_emulation(char *why, size_t n)
{
    static char text[16384];
    char reason[256];
    why[0] = 0;
    /* an arm64 kernel runs 32-bit ARM programs natively: same family */
    int kernel = hb_emulation_kernel_arch("arm", "32-bit ARM", reason, sizeof reason);
    if (kernel > 0)
        hb_reason_add(why, n, reason);
    /* kernels before 6.1: the cpuinfo format, its first block, then (old
     * SMP kernels put Features after every processor's block) the whole
     * file before concluding */
    if (kernel < 0 && hb_cpuinfo_head(text, sizeof text) > 0 && !arm_cpuinfo(text) &&
        hb_cpuinfo_text(text, sizeof text) > 0 && !arm_cpuinfo(text))
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
