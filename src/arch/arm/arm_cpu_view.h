/* The part of `info`, `list` and the record's CPU view (cpu_view.h) that
 * both ARM builds share: the kernel's HWCAP words by name, the dispatcher's
 * bits by name, the core from the MIDR, and whether /proc/cpuinfo is an ARM
 * kernel's.  Static inline, as arm_midr.h: the Makefile builds one arch
 * folder, and src/arch/aarch64/ and src/arch/arm/ each include this. */
#ifndef HB_ARCH_ARM_CPU_VIEW_H
#define HB_ARCH_ARM_CPU_VIEW_H

#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include "arch/arm/arm_midr.h"
#include "arch/cpu_view.h"
#include "arch/cpu_view_proc.h"

/* One architecture's names for a word of bits, lowest first; a set bit
 * past them is shown as `unknown`:N. */
typedef struct hb_bit_names {
    const char *const *names;
    unsigned count;
    const char *unknown;
} hb_bit_names;

#define HB_BIT_NAMES(arr, unknown) { arr, sizeof arr / sizeof arr[0], unknown }

/* Appends the names of the bits set in `bits` to out (used bytes so far);
 * returns the new length. */
static inline size_t hb_add_bit_names(char *out, size_t n, size_t used, unsigned long bits, const hb_bit_names *t)
{
    unsigned i;
    for (i = 0; i < 8 * sizeof bits && used < n; i++) {
        if (!(bits & (1ul << i)))
            continue;
        if (i < t->count)
            used += (size_t)snprintf(out + used, n - used, "%s%s", used ? " " : "", t->names[i]);
        else
            used += (size_t)snprintf(out + used, n - used, "%s%s:%u", used ? " " : "", t->unknown, i);
    }
    return used;
}

/* Is text an ARM kernel's /proc/cpuinfo?  arm64 kernels always print a
 * Features line; arm kernels too (old ones spell the first field
 * "Processor"), and both a CPU implementer line. */
static inline int hb_arm_cpuinfo(const char *text)
{
    char v[8];
    return hb_cpuinfo_field(text, "Features", v, sizeof v) || hb_cpuinfo_field(text, "CPU implementer", v, sizeof v);
}

/* 1 when /proc/cpuinfo is not an ARM kernel's: its first block, then (old
 * SMP arm kernels put Features after every processor's block) the whole
 * file before concluding.  For kernels before 6.1, which have no
 * /proc/sys/kernel/arch to ask. */
static inline int hb_arm_cpuinfo_foreign(void)
{
    static char text[16384];
    return hb_cpuinfo_head(text, sizeof text) > 0 && !hb_arm_cpuinfo(text) &&
           hb_cpuinfo_text(text, sizeof text) > 0 && !hb_arm_cpuinfo(text);
}

/* Fills v for an ARM CPU: the AT_HWCAP/AT_HWCAP2 features, the dispatcher's
 * bits, and the core from the kernel's MIDR copies (sysfs, then
 * /proc/cpuinfo), else from mrs_midr (aarch64's MRS; 0 where there is
 * none: 32-bit user space cannot read the MIDR itself). */
static inline void hb_arm_fill_view(hb_cpu_view *v, const hb_bit_names *hwcap, const hb_bit_names *hwcap2,
                                    unsigned dispatch, const hb_bit_names *dispatch_names, unsigned long mrs_midr)
{
    static char text[65536];
    hb_midr_set cores;
    long len = hb_cpuinfo_text(text, sizeof text);
    memset(v, 0, sizeof *v);
    memset(&cores, 0, sizeof cores);
    hb_add_bit_names(v->features, sizeof v->features,
                     hb_add_bit_names(v->features, sizeof v->features, 0, getauxval(AT_HWCAP), hwcap),
                     getauxval(AT_HWCAP2), hwcap2);
    v->features_source = "AT_HWCAP/AT_HWCAP2";
    hb_add_bit_names(v->dispatch, sizeof v->dispatch, 0, dispatch, dispatch_names);
    v->detailed = 1;
    if (hb_midr_from_sysfs(&cores))
        hb_midr_describe(&cores, "the kernel's /sys/devices/system/cpu/cpu*/regs/identification/midr_el1", v->core,
                         sizeof v->core);
    else if (len > 0 && hb_midr_from_cpuinfo(text, &cores))
        hb_midr_describe(&cores, "the kernel's /proc/cpuinfo", v->core, sizeof v->core);
    else if (mrs_midr != 0) {
        hb_midr_add(&cores, mrs_midr);
        hb_midr_describe(&cores, "read with MRS: the kernel shows none", v->core, sizeof v->core);
    }
    /* arm64 kernels print no model name, arm kernels the architecture
     * ("ARMv7 Processor rev 2 (v7l)"), not the core; under user-mode
     * emulation the file's model line is the host's CPU */
    if (cores.n == 1)
        hb_arm_midr_name(cores.midr[0], v->model, sizeof v->model);
    else if (len > 0 && !hb_arm_cpuinfo(text))
        snprintf(v->model, sizeof v->model, "unknown");
}

#endif
