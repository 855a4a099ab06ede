/* Per-core tuning on x86-64 (see tuning_x86.h). */
#include <cpuid.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"
#include "arch/x86/tuning_x86.h"

enum { CORE_OTHER, CORE_ZEN4, CORE_ZEN5 };

static const struct hb_x86_rank same_ranks[] = { { 0, 0, 0 } };

/* docs/impl-xxh3-adler-sha3.md, "SHA-3 on Zen 4": above avx512 (2) */
static const struct hb_x86_rank zen4_ranks[] = {
    { "sha3-256", "bmi2", 3 }, { "sha3-384", "bmi2", 3 }, { "sha3-512", "bmi2", 3 },
    /* docs/impl-fletcher-murmur3.md, "Zen 4": above fast (1) */
    { "murmur3-128", "avx512", 2 }, { "fletcher32", "avx2", 2 },
    { 0, 0, 0 }
};

/* Cores without a tuning of their own ("other"): ranks measured on an
 * AVX2-class core (Zen 3, no AVX-512), issue 19.  Each helper's rows in
 * its own commented block. */
static const struct hb_x86_rank other_ranks[] = {
    /* -- XXH32 / XXH64 (docs/impl-xxh.md, "Zen 3 / AVX2-class cores"):
     * the AVX2 forms above fast (1); rank 2 ties the AVX-512 forms, which
     * come first in the table and so still win where AVX-512 exists */
    { "xxh32", "avx2", 2 }, { "xxh64", "avx2", 2 },
    /* -- end XXH32 / XXH64 */
    { 0, 0, 0 }
};

/* Zen 5's choices, which a core nobody measured gets too (with the ranks
 * given) */
#define ZEN5_CHOICES(name, ranks)                                                        \
    { name, 1664, 256, 8192, 3072, 256u * 1024u, 0, 0, SIZE_MAX, SIZE_MAX, ranks }

static const hb_x86_tuning_t tunings[] = {
    /* measured on Zen 5: docs/impl-xxh.md */
    [CORE_ZEN5] = ZEN5_CHOICES("zen5", same_ranks),
    /* measured on Zen 4: docs/impl-xxh.md ("Zen 4"), docs/impl-blake.md
     * ("BLAKE3 on Zen 4"), docs/impl-xxh3-adler-sha3.md ("on Zen 4") */
    [CORE_ZEN4] = { "zen4", 0xFFFFFFFFu, 512, 2048, 0xFFFFFFFFu, SIZE_MAX, 1, 1, 2048, 2048,
                    zen4_ranks },
    /* Zen 5's thresholds; ranks measured on Zen 3 (other_ranks) */
    [CORE_OTHER] = ZEN5_CHOICES("other", other_ranks),
};

/* AMD's family (base + extended, cpuid leaf 1): Zen 5 is 1Ah; Zen 4 is
 * 19h with AVX-512 (Zen 3, also 19h, has none).  The AVX-512 bit is read
 * from cpuid itself, not from hb_x86_features(): HB_X86_MASK takes
 * features away to reach lower implementations, and must not change
 * which core's tuning they follow. */
static unsigned detect(void)
{
    unsigned a, b, c, d, family;
    const char *env = getenv("HB_X86_CORE");
    char vendor[13];

    if (env)
        return strcmp(env, "zen4") == 0 ? CORE_ZEN4 : strcmp(env, "zen5") == 0 ? CORE_ZEN5 : CORE_OTHER;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return CORE_OTHER;
    memcpy(vendor, &b, 4);
    memcpy(vendor + 4, &d, 4);
    memcpy(vendor + 8, &c, 4);
    vendor[12] = 0;
    if (strcmp(vendor, "AuthenticAMD") != 0)
        return CORE_OTHER;
    __cpuid(1, a, b, c, d);
    family = (a >> 8) & 0xF;
    if (family == 0xF)
        family += (a >> 20) & 0xFF;
    if (family == 0x1A)
        return CORE_ZEN5;
    if (family == 0x19 && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX512F))
        return CORE_ZEN4;
    return CORE_OTHER;
}

hb_x86_tuning_t hb_x86_tuned = ZEN5_CHOICES("other", other_ranks);

__attribute__((constructor)) static void hb_x86_tune(void)
{
    hb_x86_tuned = tunings[detect()];
}

/* for hb_impl_rank (src/registry.c) */
int hb_arch_rank(const char *algo, const char *impl, int rank)
{
    const struct hb_x86_rank *r;
    for (r = hb_x86_tuned.ranks; r->algo; r++)
        if (strcmp(r->algo, algo) == 0 && strcmp(r->impl, impl) == 0)
            return r->rank;
    return rank;
}

/* for info, list and the run record (src/cli/) */
const char *hb_arch_tuning_name(void)
{
    return hb_x86_tuning()->name;
}
