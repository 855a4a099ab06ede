/* Architectures without a random-number instruction hashbench knows
 * (src/rng/hw_rng.h): none is present (every architecture
 * but x86-64 and aarch64: the Makefile's RNG_ARCH). */
#include "rng/hw_rng.h"

int hb_hw_rng_present(hb_hw_rng_kind kind, const char **why)
{
    *why = kind == HB_HW_RNDR ? "an aarch64 instruction (ARMv8.5-RNG); not this architecture"
                              : "an x86 instruction; not this architecture";
    return 0;
}

size_t hb_hw_rng_fill(hb_hw_rng_kind kind, uint8_t *out, size_t n, unsigned long long *retries)
{
    (void)kind;
    (void)out;
    (void)n;
    (void)retries;
    return 0;
}
