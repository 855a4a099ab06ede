/* RDRAND and RDSEED (src/rng/hw_rng.h).  Compiled with -mrdrnd -mrdseed
 * (the Makefile's *_rdrand.o rule); run only when CPUID says the CPU has
 * them and the kernel has not disabled them.  The CPUID bits are read here
 * rather than added to hb_x86_features: those are the dispatcher's, masked
 * by HB_X86_MASK and --as-cpu, which have nothing to say about random
 * numbers.
 *
 * Only the 64-bit forms run (_rdrand64_step, _rdseed64_step): AMD's Zen 5
 * RDSEED erratum (AMD-SB-7055) is in the 16- and 32-bit forms, which can
 * return 0 and report success. */
#include <cpuid.h>
#include <immintrin.h>
#include <stdio.h>
#include <string.h>
#include "arch/cpu_cache.h"
#include "arch/cpu_view_proc.h"
#include "rng/hw_rng.h"

static int cpuid_has(hb_hw_rng_kind kind)
{
    unsigned a, b, c, d;
    if (kind == HB_HW_RDRAND)
        return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_RDRND);
    if (!__get_cpuid(0, &a, &b, &c, &d) || a < 7)
        return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & bit_RDSEED) != 0;
}

/* What the kernel says, as bits of one word (hb_cpu_cached's cache). */
enum {
    KERNEL_SPOKE = 1,       /* /proc/cpuinfo has a flags line: it decides */
    KERNEL_RDRAND = 2,      /* ... and lists rdrand */
    KERNEL_RDSEED = 4,      /* ... and lists rdseed */
    KERNEL_AMD_1A = 8       /* AuthenticAMD, cpu family 26 (0x1A): Zen 5 */
};

/* Linux lists rdrand and rdseed in /proc/cpuinfo's flags when programs may
 * use them, and leaves a flag out when it has disabled the instruction:
 * "nordrand", or a CPU erratum.  On Zen 5 it prints "RDSEED32 is broken.
 * Disabling the corresponding CPUID bit." at boot, yet CPUID as a program
 * sees it may still say RDSEED (issue 30: a Zen 5 under Linux 6.18 did),
 * so the flags decide wherever the file has them.  Without a flags line
 * (no /proc, another kernel) CPUID alone decides.  HB_PROC_ROOT (cpu_view_
 * proc.h) lets the tests show another kernel's file. */
static unsigned kernel_view(void)
{
    static char text[16384];
    char flags[8192], padded[8200], vendor[32], family[16];
    unsigned v = 0;
    if (hb_cpuinfo_head(text, sizeof text) <= 0 || !hb_cpuinfo_field(text, "flags", flags, sizeof flags))
        return 0;
    v = KERNEL_SPOKE;
    snprintf(padded, sizeof padded, " %s ", flags);
    if (strstr(padded, " rdrand "))
        v |= KERNEL_RDRAND;
    if (strstr(padded, " rdseed "))
        v |= KERNEL_RDSEED;
    if (hb_cpuinfo_field(text, "vendor_id", vendor, sizeof vendor) && strcmp(vendor, "AuthenticAMD") == 0 &&
        hb_cpuinfo_field(text, "cpu family", family, sizeof family) && strcmp(family, "26") == 0)
        v |= KERNEL_AMD_1A;
    return v;
}

static unsigned kernel(void)
{
    static unsigned cache;
    return hb_cpu_cached(&cache, kernel_view);
}

int hb_hw_rng_present(hb_hw_rng_kind kind, const char **why)
{
    unsigned k;
    if (kind != HB_HW_RDRAND && kind != HB_HW_RDSEED) {
        *why = "an aarch64 instruction (ARMv8.5-RNG); this is an x86-64 build";
        return 0;
    }
    if (!cpuid_has(kind)) {
        *why = kind == HB_HW_RDRAND ? "this CPU has no RDRAND (CPUID leaf 1, ECX bit 30 clear)"
                                    : "this CPU has no RDSEED (CPUID leaf 7, EBX bit 18 clear)";
        return 0;
    }
    k = kernel();
    if (!(k & KERNEL_SPOKE) || (k & (kind == HB_HW_RDRAND ? KERNEL_RDRAND : KERNEL_RDSEED)))
        return 1;
    if (kind == HB_HW_RDSEED && (k & KERNEL_AMD_1A))
        *why = "the kernel disabled RDSEED: the AMD Zen 5 RDSEED erratum, AMD-SB-7055 (on AMD family 0x1A its 16- "
               "and 32-bit forms can return 0 and report success); CPUID lists it, /proc/cpuinfo's flags do not";
    else if (kind == HB_HW_RDSEED)
        *why = "the kernel disabled RDSEED (CPUID lists it, /proc/cpuinfo's flags do not: a CPU erratum or a "
               "boot option; see dmesg)";
    else
        *why = "the kernel disabled RDRAND (CPUID lists it, /proc/cpuinfo's flags do not: a CPU erratum or a "
               "boot option; see dmesg)";
    return 0;
}

/* One 64-bit value; 0 when the instruction kept saying "none" */
static int step(hb_hw_rng_kind kind, unsigned long long *v, unsigned long long *retries)
{
    unsigned i;
    for (i = 0; i < HB_HW_RNG_RETRIES; i++) {
        if (kind == HB_HW_RDRAND ? _rdrand64_step(v) : _rdseed64_step(v))
            return 1;
        ++*retries;
        /* Intel's guidance for RDSEED: back off before asking again */
        _mm_pause();
    }
    return 0;
}

size_t hb_hw_rng_fill(hb_hw_rng_kind kind, uint8_t *out, size_t n, unsigned long long *retries)
{
    unsigned long long v;
    size_t done = 0;
    const char *why;
    if (!hb_hw_rng_present(kind, &why))
        return 0;
    while (n - done >= 8) {
        if (!step(kind, &v, retries))
            return done;
        memcpy(out + done, &v, 8);
        done += 8;
    }
    if (done < n) {
        if (!step(kind, &v, retries))
            return done;
        memcpy(out + done, &v, n - done);
        done = n;
    }
    return done;
}
