/* What `info` and the record show of an x86-64 CPU, and whether it is
 * emulated (src/arch/cpu_view.h). */
#include <cpuid.h>
#include <stdio.h>
#include <string.h>
#include "arch/cpu_view.h"
#include "arch/cpu_view_proc.h"
#include "arch/x86/cpu_x86.h"

/* The /proc/cpuinfo flags that decide which implementation is fastest */
static const char *const interesting_flags[] = {
    "sse2", "ssse3", "sse4_1", "sse4_2", "avx", "avx2", "bmi2", "avx512f", "avx512bw", "avx512vl", "avx512dq",
    "avx512ifma", "avx512vbmi", "sha_ni", "aes", "vaes", "pclmulqdq", "vpclmulqdq", "gfni", "sha512",
};

void hb_arch_cpu_view(hb_cpu_view *v)
{
    static char text[16384];
    char flags[8192], padded[8200];
    unsigned f = hb_x86_features(), i;
    size_t used = 0;
    memset(v, 0, sizeof *v);
    /* the first processor's flags: every block has the same */
    if (hb_cpuinfo_head(text, sizeof text) > 0 && hb_cpuinfo_field(text, "flags", flags, sizeof flags)) {
        snprintf(padded, sizeof padded, " %s ", flags);
        for (i = 0; i < sizeof interesting_flags / sizeof interesting_flags[0]; i++) {
            char needle[32];
            snprintf(needle, sizeof needle, " %s ", interesting_flags[i]);
            if (strstr(padded, needle) && !strstr(v->features, needle + 1)) {
                size_t len = strlen(v->features);
                snprintf(v->features + len, sizeof v->features - len, "%s%s", len ? " " : "", interesting_flags[i]);
            }
        }
    }
    for (i = 0; hb_x86_feature_name(i) && used + 1 < sizeof v->dispatch; i++)
        if (f & (1u << i))
            used += (size_t)snprintf(v->dispatch + used, sizeof v->dispatch - used, "%s%s", used ? " " : "",
                                     hb_x86_feature_name(i));
}

/* The hypervisor's vendor, CPUID leaf 0x40000000.  Leaf 1's "hypervisor
 * present" bit is not asked first: each CPUID in a VM is an exit (15 us
 * measured under Firecracker), every `sum` start pays them (the profile's
 * key), and on bare metal the leaf repeats the highest basic leaf's
 * values, which never spell a hypervisor's name. */
static void hypervisor_vendor(char out[13])
{
    unsigned a, b, c, d;
    __cpuid(0x40000000, a, b, c, d);
    (void)a;
    memcpy(out, &b, 4);
    memcpy(out + 4, &c, 4);
    memcpy(out + 8, &d, 4);
    out[12] = 0;
}

/* Is text an x86 kernel's /proc/cpuinfo?  It has flags and vendor_id lines. */
static int x86_cpuinfo(const char *text)
{
    char v[8];
    return hb_cpuinfo_field(text, "flags", v, sizeof v) || hb_cpuinfo_field(text, "vendor_id", v, sizeof v);
}

static unsigned detect_emulation(char *why, size_t n)
{
    static char text[16384];
    char reason[256], vendor[13];
    why[0] = 0;
    /* QEMU's TCG translates every instruction (qemu-system without KVM,
     * and qemu-x86_64 in user mode) and says so in the hypervisor leaf.
     * KVM ("KVMKVMKVM"), Hyper-V, Xen, VMware ... run the CPU's own
     * instructions: their times are the CPU's, no warning. */
    hypervisor_vendor(vendor);
    if (strcmp(vendor, "TCGTCGTCGTCG") == 0)
        hb_reason_add(why, n, "QEMU TCG translates the instructions (CPUID hypervisor vendor TCGTCGTCGTCG)");
    int kernel = hb_emulation_kernel_arch("x86", "x86-64", reason, sizeof reason);
    if (kernel > 0)
        hb_reason_add(why, n, reason);
    /* kernels before 6.1: an x86 kernel's cpuinfo has flags and vendor_id */
    if (kernel < 0 && hb_cpuinfo_head(text, sizeof text) > 0 && !x86_cpuinfo(text) &&
        hb_cpuinfo_text(text, sizeof text) > 0 && !x86_cpuinfo(text))
        hb_reason_add(why, n, "/proc/cpuinfo is not an x86 kernel's (no flags or vendor_id line)");
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
    unsigned f = hb_x86_features(), i;
    size_t used = (size_t)snprintf(buf, size, "x86-64 0x%08x", f);
    for (i = 0; hb_x86_feature_name(i) && used + 1 < size; i++)
        if (f & (1u << i))
            used += (size_t)snprintf(buf + used, size - used, " %s", hb_x86_feature_name(i));
}
