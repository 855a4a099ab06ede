/* RDRAND and RDSEED (src/arch/hw_rng.h).  Compiled with -mrdrnd -mrdseed
 * (the Makefile's *_rdrand.o rule); run only when CPUID says the CPU has
 * them.  The CPUID bits are read here rather than added to hb_x86_features:
 * those are the dispatcher's, masked by HB_X86_MASK and --as-cpu, which have
 * nothing to say about random numbers. */
#include <cpuid.h>
#include <immintrin.h>
#include <string.h>
#include "arch/hw_rng.h"

static int has(hb_hw_rng_kind kind)
{
    unsigned a, b, c, d;
    if (kind == HB_HW_RDRAND)
        return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_RDRND);
    if (!__get_cpuid(0, &a, &b, &c, &d) || a < 7)
        return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & bit_RDSEED) != 0;
}

int hb_hw_rng_present(hb_hw_rng_kind kind, const char **why)
{
    switch (kind) {
    case HB_HW_RDRAND:
        if (has(kind))
            return 1;
        *why = "this CPU has no RDRAND (CPUID leaf 1, ECX bit 30 clear)";
        return 0;
    case HB_HW_RDSEED:
        if (has(kind))
            return 1;
        *why = "this CPU has no RDSEED (CPUID leaf 7, EBX bit 18 clear)";
        return 0;
    default:
        *why = "an aarch64 instruction (ARMv8.5-RNG); this is an x86-64 build";
        return 0;
    }
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
    if ((kind != HB_HW_RDRAND && kind != HB_HW_RDSEED) || !has(kind))
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
