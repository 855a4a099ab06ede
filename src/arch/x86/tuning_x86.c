/* Per-core tuning on x86-64 (see tuning_x86.h). */
#include <cpuid.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"
#include "arch/x86/cpu_x86.h"
#include "arch/x86/tuning_x86.h"

enum { CORE_OTHER, CORE_OTHER_AVX2, CORE_ZEN3, CORE_ZEN4, CORE_ZEN5 };

static const struct hb_x86_rank same_ranks[] = { { 0, 0, 0 } };

/* docs/impl-xxh3-adler-sha3.md, "SHA-3 on Zen 4": above avx512 (2) */
static const struct hb_x86_rank zen4_ranks[] = {
    { "sha3-256", "bmi2", 3 }, { "sha3-384", "bmi2", 3 }, { "sha3-512", "bmi2", 3 },
    /* docs/impl-fletcher-murmur3.md, "Zen 4": above fast (1) */
    { "murmur3-128", "avx512", 2 }, { "fletcher32", "avx2", 2 },
    { 0, 0, 0 }
};

/* Zen 3 (AVX2, SHA-NI, VAES and VPCLMULQDQ on ymm, no AVX-512): the ranks
 * measured there (issue 19; docs/peers-avx2.md), which every core without
 * AVX-512 that nobody has measured gets too. */
static const struct hb_x86_rank zen3_ranks[] = {
    /* SHA-3: docs/impl-xxh3-adler-sha3.md, "Zen 3 / AVX2-class cores": bmi2
     * above fast (1); avx512 (where this table meets it: HB_X86_CORE=zen3 on
     * an AVX-512 core) stays above bmi2 as in the table */
    { "sha3-256", "bmi2", 2 }, { "sha3-384", "bmi2", 2 }, { "sha3-512", "bmi2", 2 },
    { "sha3-256", "avx512", 3 }, { "sha3-384", "avx512", 3 }, { "sha3-512", "avx512", 3 },
    /* XXH32 / XXH64: docs/impl-xxh.md, "Zen 3 / AVX2-class cores": the AVX2
     * forms above fast (1); rank 2 ties the AVX-512 forms, which come first
     * in the table and so still win where AVX-512 exists */
    { "xxh32", "avx2", 2 }, { "xxh64", "avx2", 2 },
    /* BLAKE2s: docs/impl-blake.md, "BLAKE2 on Zen 3": avx2 above x64 (2) */
    { "blake2s", "avx2", 3 },
    { 0, 0, 0 }
};

/* Zen 5's choices, which a core nobody measured gets too */
#define ZEN5_CHOICES(name, ranks)                                                        \
    { name, 1664, 256, 8192, 3072, 256u * 1024u, 0, 0, SIZE_MAX, SIZE_MAX, ranks }
/* Zen 3's: Zen 5's thresholds, the SHA-512 round in OpenSSL's form */
#define ZEN3_CHOICES(name)                                                               \
    { name, 1664, 256, 8192, 3072, 256u * 1024u, 0, 1, SIZE_MAX, SIZE_MAX, zen3_ranks }

static const hb_x86_tuning_t tunings[] = {
    /* measured on Zen 5: docs/impl-xxh.md */
    [CORE_ZEN5] = ZEN5_CHOICES("zen5", same_ranks),
    /* measured on Zen 4: docs/impl-xxh.md ("Zen 4"), docs/impl-blake.md
     * ("BLAKE3 on Zen 4"), docs/impl-xxh3-adler-sha3.md ("on Zen 4") */
    [CORE_ZEN4] = { "zen4", 0xFFFFFFFFu, 512, 2048, 0xFFFFFFFFu, SIZE_MAX, 1, 1, 2048, 2048,
                    zen4_ranks },
    /* measured on Zen 3 (issue 19): its ranks (zen3_ranks) and OpenSSL's
     * form of the SHA-512 round in the avx2 kernel (sha512_deferred, 7-10%
     * faster there, docs/impl-sha.md "Zen 3"); no AVX-512 kernel runs
     * there, so the other thresholds stay Zen 5's */
    [CORE_ZEN3] = ZEN3_CHOICES("zen3"),
    /* not measured: Zen 5's with AVX-512, Zen 3's without (see other()) */
    [CORE_OTHER] = ZEN5_CHOICES("other", same_ranks),
    [CORE_OTHER_AVX2] = ZEN3_CHOICES("other"),
};

/* 1 when cpuid itself reports AVX-512F (not hb_x86_features(): see detect) */
static int cpuid_avx512(void)
{
    unsigned a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX512F);
}

/* A core nobody measured: Zen 5's choices where the dispatcher sees
 * AVX-512, Zen 3's ranks where it does not.  Here the features after
 * HB_X86_MASK decide, so that `--as-cpu` (src/cli/as_cpu.c), which masks
 * AVX-512 and names the core `other`, gets the ranks of the cores it
 * stands for. */
static unsigned other(void)
{
    return hb_x86_has(HB_X86_AVX512F) ? CORE_OTHER : CORE_OTHER_AVX2;
}

/* AMD's family (base + extended, cpuid leaf 1): Zen 5 is 1Ah; Zen 4 is
 * 19h with AVX-512, Zen 3 19h without.  The AVX-512 bit is read from
 * cpuid itself, not from hb_x86_features(): HB_X86_MASK takes features
 * away to reach lower implementations, and must not change which core's
 * tuning they follow.  A core nobody measured is `other` (see other()). */
static unsigned detect(void)
{
    unsigned a, b, c, d, family;
    const char *env = getenv("HB_X86_CORE");
    char vendor[13];

    if (env)
        return strcmp(env, "zen3") == 0   ? CORE_ZEN3
               : strcmp(env, "zen4") == 0 ? CORE_ZEN4
               : strcmp(env, "zen5") == 0 ? CORE_ZEN5
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
        return CORE_ZEN5;
    if (family == 0x19)
        return cpuid_avx512() ? CORE_ZEN4 : CORE_ZEN3;
    return other();
}

hb_x86_tuning_t hb_x86_tuned = ZEN5_CHOICES("other", same_ranks);

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
