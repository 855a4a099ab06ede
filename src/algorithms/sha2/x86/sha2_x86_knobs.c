/* SHA-2's per-core choice on x86-64 (sha2_x86_knobs.h): OpenSSL's form of
 * the SHA-512 round measured faster on Zen 4 (AVX-512) and on Zen 3 (the
 * avx2 kernel, 7-10%: docs/impl-sha.md, "Zen 3"), ours on Zen 5.  A core
 * nobody measured takes Zen 5's choice with AVX-512, Zen 3's without. */
#include "arch/x86/core_x86.h"
#include "sha2_x86_knobs.h"

static const hb_sha2_x86_knobs_t by_core[HB_X86_CORES] = {
    [HB_X86_CORE_ZEN5] = { .sha512_deferred = 0 },
    [HB_X86_CORE_ZEN4] = { .sha512_deferred = 1 },
    [HB_X86_CORE_ZEN3] = { .sha512_deferred = 1 },
    [HB_X86_CORE_OTHER] = { .sha512_deferred = 0 },
    [HB_X86_CORE_OTHER_AVX2] = { .sha512_deferred = 1 },
};

hb_sha2_x86_knobs_t hb_sha2_x86_knobs;

__attribute__((constructor)) static void pick_knobs(void)
{
    hb_sha2_x86_knobs = by_core[hb_x86_core()];
}
