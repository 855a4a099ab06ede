/* 32-bit ARM CPU feature detection, done once (see cpu_arm.h). */
#include <stdlib.h>
#include <sys/auxv.h>
#include "arch/arm/cpu_arm.h"
#include "arch/cpu_cache.h"

/* The Linux arm hwcap bits (arch/arm/include/uapi/asm/hwcap.h); spelled
 * out because the C library's headers need not carry them. */
#define LINUX_HWCAP_NEON (1ul << 12)
#define LINUX_HWCAP2_AES (1ul << 0)
#define LINUX_HWCAP2_PMULL (1ul << 1)
#define LINUX_HWCAP2_SHA1 (1ul << 2)
#define LINUX_HWCAP2_SHA2 (1ul << 3)
#define LINUX_HWCAP2_CRC32 (1ul << 4)

static unsigned detect(void)
{
    unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
    unsigned f = 0;
    const char *mask;

    if (hw & LINUX_HWCAP_NEON) f |= HB_ARM32_NEON;
    if (hw2 & LINUX_HWCAP2_AES) f |= HB_ARM32_AES;
    if (hw2 & LINUX_HWCAP2_PMULL) f |= HB_ARM32_PMULL;
    if (hw2 & LINUX_HWCAP2_SHA1) f |= HB_ARM32_SHA1;
    if (hw2 & LINUX_HWCAP2_SHA2) f |= HB_ARM32_SHA2;
    if (hw2 & LINUX_HWCAP2_CRC32) f |= HB_ARM32_CRC32;
    mask = getenv("HB_ARM32_MASK");
    if (mask)
        f &= ~(unsigned)strtoul(mask, NULL, 0);
    return f;
}

unsigned hb_arm32_features(void)
{
    static unsigned cache;
    return hb_cpu_cached(&cache, detect);
}

int hb_arm32_has(unsigned need)
{
    return (hb_arm32_features() & need) == need;
}
