/* x86 CPU feature detection, done once (see cpu_x86.h). */
#include <cpuid.h>
#include <stdlib.h>
#include "arch/x86/cpu_x86.h"
#include "arch/cpu_cache.h"

static unsigned long long read_xcr0(void)
{
    unsigned lo, hi;
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((unsigned long long)hi << 32) | lo;
}

/* What the CPU and the OS offer, before HB_X86_MASK */
static unsigned detect_unmasked(void)
{
    unsigned a, b, c, d, max, f = 0;
    unsigned long long xcr0 = 0;
    int os_avx, os_avx512;
    if (!__get_cpuid(0, &max, &b, &c, &d))
        return 0;
    __cpuid(1, a, b, c, d);
    if (d & bit_SSE2) f |= HB_X86_SSE2;
    if (c & bit_SSSE3) f |= HB_X86_SSSE3;
    if (c & bit_SSE4_1) f |= HB_X86_SSE41;
    if (c & bit_SSE4_2) f |= HB_X86_SSE42;
    if (c & bit_PCLMUL) f |= HB_X86_PCLMUL;
    if (c & bit_AES) f |= HB_X86_AES;
    if (c & bit_OSXSAVE)
        xcr0 = read_xcr0();
    os_avx = (xcr0 & 0x6) == 0x6;               /* XMM and YMM state */
    os_avx512 = os_avx && (xcr0 & 0xE0) == 0xE0; /* opmask, ZMM0-15 high, ZMM16-31 */
    if (os_avx && (c & bit_AVX))
        f |= HB_X86_AVX;
    if (max >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (os_avx && (b & bit_AVX2)) f |= HB_X86_AVX2;
        if (b & bit_BMI) f |= HB_X86_BMI1;
        if (b & bit_BMI2) f |= HB_X86_BMI2;
        if (b & bit_SHA) f |= HB_X86_SHA;
        if (os_avx512 && (b & bit_AVX512F)) f |= HB_X86_AVX512F;
        if (os_avx512 && (b & bit_AVX512BW)) f |= HB_X86_AVX512BW;
        if (os_avx512 && (b & bit_AVX512DQ)) f |= HB_X86_AVX512DQ;
        if (os_avx512 && (b & bit_AVX512IFMA)) f |= HB_X86_AVX512IFMA;
        if (os_avx512 && (b & bit_AVX512VL)) f |= HB_X86_AVX512VL;
        if (os_avx512 && (c & bit_AVX512VBMI)) f |= HB_X86_AVX512VBMI;
        if (os_avx && (c & bit_VAES)) f |= HB_X86_VAES;
        if (os_avx && (c & bit_VPCLMULQDQ)) f |= HB_X86_VPCLMUL;
        if (c & bit_GFNI) f |= HB_X86_GFNI;
    }
    return f;
}

static unsigned detect(void)
{
    const char *mask = getenv("HB_X86_MASK");
    unsigned f = hb_x86_features_unmasked();
    if (mask)
        f &= ~(unsigned)strtoul(mask, NULL, 0);
    return f;
}

unsigned hb_x86_features_unmasked(void)
{
    static unsigned cache;
    return hb_cpu_cached(&cache, detect_unmasked);
}

unsigned hb_x86_features(void)
{
    static unsigned cache;
    return hb_cpu_cached(&cache, detect);
}

int hb_x86_has(unsigned need)
{
    return (hb_x86_features() & need) == need;
}

const char *hb_x86_feature_name(unsigned bit)
{
    /* in the order of the bits (cpu_x86.h), as /proc/cpuinfo spells them */
    static const char *const names[] = { "sse2", "ssse3", "sse4_1", "sse4_2", "pclmulqdq", "aes", "avx",
                                         "avx2", "bmi2", "sha_ni", "avx512f", "avx512bw", "avx512vl",
                                         "avx512vbmi", "vaes", "vpclmulqdq", "gfni", "avx512dq",
                                         "avx512ifma", "bmi1" };
    return bit < sizeof names / sizeof names[0] ? names[bit] : 0;
}
