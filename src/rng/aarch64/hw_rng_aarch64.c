/* ARMv8.5-RNG's RNDR (src/rng/hw_rng.h), present when the kernel reports
 * HWCAP2_RNG.  Read through its system-register encoding (S3_3_C2_C4_0) so
 * that any assembler takes it, without -march=armv8.5-a+rng for the file. */
#include <string.h>
#include <sys/auxv.h>
#include "rng/hw_rng.h"

/* arch/arm64/include/uapi/asm/hwcap.h; spelled out for older C libraries */
#define LINUX_HWCAP2_RNG (1ul << 16)

static int has_rndr(void)
{
    return (getauxval(AT_HWCAP2) & LINUX_HWCAP2_RNG) != 0;
}

int hb_hw_rng_present(hb_hw_rng_kind kind, const char **why)
{
    if (kind != HB_HW_RNDR) {
        *why = "an x86 instruction; this is an aarch64 build";
        return 0;
    }
    if (has_rndr())
        return 1;
    *why = "this CPU has no RNDR (the kernel reports no HWCAP2_RNG)";
    return 0;
}

/* RNDR sets NZCV to 0000 with a value, to 0100 (Z) when it has none */
static int step(unsigned long long *v, unsigned long long *retries)
{
    unsigned i;
    for (i = 0; i < HB_HW_RNG_RETRIES; i++) {
        unsigned long long x;
        unsigned ok;
        __asm__ __volatile__("mrs %0, s3_3_c2_c4_0\n\tcset %w1, ne" : "=r"(x), "=r"(ok) : : "cc");
        if (ok) {
            *v = x;
            return 1;
        }
        ++*retries;
    }
    return 0;
}

size_t hb_hw_rng_fill(hb_hw_rng_kind kind, uint8_t *out, size_t n, unsigned long long *retries)
{
    unsigned long long v;
    size_t done = 0;
    if (kind != HB_HW_RNDR || !has_rndr())
        return 0;
    while (n - done >= 8) {
        if (!step(&v, retries))
            return done;
        memcpy(out + done, &v, 8);
        done += 8;
    }
    if (done < n) {
        if (!step(&v, retries))
            return done;
        memcpy(out + done, &v, n - done);
        done = n;
    }
    return done;
}
