/* aarch64 CPU feature detection, done once (see cpu_aarch64.h). */
#include <stdlib.h>
#include <sys/auxv.h>
#include "arch/aarch64/cpu_aarch64.h"
#include "arch/cpu_cache.h"

/* The Linux arm64 hwcap bits (arch/arm64/include/uapi/asm/hwcap.h); spelled
 * out because older C libraries' headers lack some of them. */
#define LINUX_HWCAP_ASIMD (1ul << 1)
#define LINUX_HWCAP_AES (1ul << 3)
#define LINUX_HWCAP_PMULL (1ul << 4)
#define LINUX_HWCAP_SHA1 (1ul << 5)
#define LINUX_HWCAP_SHA2 (1ul << 6)
#define LINUX_HWCAP_CRC32 (1ul << 7)
#define LINUX_HWCAP_SHA3 (1ul << 17)
#define LINUX_HWCAP_SHA512 (1ul << 21)

static unsigned detect(void)
{
    unsigned long hw = getauxval(AT_HWCAP);
    unsigned f = 0;
    const char *mask;

    if (hw & LINUX_HWCAP_ASIMD) f |= HB_ARM_ASIMD;
    if (hw & LINUX_HWCAP_AES) f |= HB_ARM_AES;
    if (hw & LINUX_HWCAP_PMULL) f |= HB_ARM_PMULL;
    if (hw & LINUX_HWCAP_SHA1) f |= HB_ARM_SHA1;
    if (hw & LINUX_HWCAP_SHA2) f |= HB_ARM_SHA2;
    if (hw & LINUX_HWCAP_CRC32) f |= HB_ARM_CRC32;
    if (hw & LINUX_HWCAP_SHA3) f |= HB_ARM_SHA3;
    if (hw & LINUX_HWCAP_SHA512) f |= HB_ARM_SHA512;
    mask = getenv("HB_ARM_MASK");
    if (mask)
        f &= ~(unsigned)strtoul(mask, NULL, 0);
    return f;
}

unsigned hb_arm_features(void)
{
    static unsigned cache;
    return hb_cpu_cached(&cache, detect);
}

int hb_arm_has(unsigned need)
{
    return (hb_arm_features() & need) == need;
}
