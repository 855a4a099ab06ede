/* Which x86-64 core this is (core_x86.h), and the names the registry and
 * the user see for it. */
#include <cpuid.h>
#include <stdlib.h>
#include <string.h>
#include "impl_rows.h"
#include "arch/x86/cpu_x86.h"
#include "arch/x86/core_x86.h"

/* 1 when cpuid itself reports AVX-512F (not hb_x86_features(): see detect) */
static int cpuid_avx512(void)
{
    unsigned a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX512F);
}

/* A core nobody measured: Zen 5's choices where the dispatcher sees
 * AVX-512, Zen 3's where it does not.  Here the features after
 * HB_X86_MASK decide, so that `--as-cpu` (src/cli/as_cpu.c), which masks
 * AVX-512 and names the core `other`, gets the choices of the cores it
 * stands for. */
static hb_x86_core_id other(void)
{
    return hb_x86_has(HB_X86_AVX512F) ? HB_X86_CORE_OTHER : HB_X86_CORE_OTHER_AVX2;
}

/* AMD's family (base + extended, cpuid leaf 1): Zen 5 is 1Ah; Zen 4 is
 * 19h with AVX-512, Zen 3 19h without.  The AVX-512 bit is read from
 * cpuid itself, not from hb_x86_features(): HB_X86_MASK takes features
 * away to reach lower implementations, and must not change which core's
 * choices they follow. */
static hb_x86_core_id detect(void)
{
    unsigned a, b, c, d, family;
    const char *env = getenv("HB_X86_CORE");
    char vendor[13];

    if (env)
        return strcmp(env, "zen3") == 0   ? HB_X86_CORE_ZEN3
               : strcmp(env, "zen4") == 0 ? HB_X86_CORE_ZEN4
               : strcmp(env, "zen5") == 0 ? HB_X86_CORE_ZEN5
                                          : other();
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return other();
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    vendor[12] = 0;
    if (strcmp(vendor, "AuthenticAMD") != 0)
        return other();
    __cpuid(1, a, b, c, d);
    family = (a >> 8) & 0xF;
    if (family == 0xF)
        family += (a >> 20) & 0xFF;
    if (family == 0x1A)
        return HB_X86_CORE_ZEN5;
    if (family == 0x19)
        return cpuid_avx512() ? HB_X86_CORE_ZEN4 : HB_X86_CORE_ZEN3;
    return other();
}

hb_x86_core_id hb_x86_core(void)
{
    static int core = -1;
    if (core < 0)
        core = (int)detect();
    return (hb_x86_core_id)core;
}

/* the rows' core ranks: Zen 5's are the rows' defaults, and a core nobody
 * measured takes Zen 5's with AVX-512, Zen 3's without.  Zen 5 is named
 * too, for the few rows that rank a choice for Zen 5 alone and not for the
 * unmeasured cores (sha2_x86_rows.c); a row without a "zen5" rank gives
 * Zen 5 its default. */
const char *hb_arch_rank_core(void)
{
    static const char *const rank_core[HB_X86_CORES] = {
        [HB_X86_CORE_OTHER] = 0, [HB_X86_CORE_OTHER_AVX2] = "zen3", [HB_X86_CORE_ZEN3] = "zen3",
        [HB_X86_CORE_ZEN4] = "zen4", [HB_X86_CORE_ZEN5] = "zen5",
    };
    return rank_core[hb_x86_core()];
}

/* for info, list and the run record (src/cli/) */
const char *hb_arch_tuning_name(void)
{
    static const char *const names[HB_X86_CORES] = {
        [HB_X86_CORE_OTHER] = "other", [HB_X86_CORE_OTHER_AVX2] = "other", [HB_X86_CORE_ZEN3] = "zen3",
        [HB_X86_CORE_ZEN4] = "zen4", [HB_X86_CORE_ZEN5] = "zen5",
    };
    return names[hb_x86_core()];
}
