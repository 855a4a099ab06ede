/* The xxHash family's per-core choices on x86-64 (xxh_x86_knobs.h).
 *
 * On Zen 5 a vector add or rotate takes 2 cycles where a scalar one takes
 * 1, so the scalar loop wins once a message is long, and XXH3's AVX-512
 * loop prefetches from 256 KiB; on Zen 4 the vector chain is shorter
 * (vpaddd 1 cycle) and the scalar loop is held to the one multiply a
 * cycle that Zen 4 issues (two per lane and stripe), so the vector loop
 * wins at every length, the split forms from 2 KiB, and XXH3 never
 * prefetches (docs/impl-xxh.md, "Zen 4").  Zen 3 runs no AVX-512 kernel:
 * Zen 5's values stand.  A core nobody measured takes Zen 5's. */
#include <stdint.h>
#include "arch/x86/core_x86.h"
#include "algorithms/xxh/x86/xxh_x86_knobs.h"

#define ZEN5                                                                              \
    { .xxh32_vector_below = 1664, .xxh32_ifma_from = 256, .xxh32_ifma_below = 8192,      \
      .xxh64_vector_below = 3072, .xxh32_split_from = SIZE_MAX, .xxh64_split_from = SIZE_MAX, \
      .xxh3_prefetch_from = 256u * 1024u }

static const hb_xxh_x86_knobs_t by_core[HB_X86_CORES] = {
    [HB_X86_CORE_ZEN5] = ZEN5,
    [HB_X86_CORE_ZEN4] = { .xxh32_vector_below = 0xFFFFFFFFu, .xxh32_ifma_from = 512,
                           .xxh32_ifma_below = 2048, .xxh64_vector_below = 0xFFFFFFFFu,
                           .xxh32_split_from = 2048, .xxh64_split_from = 2048,
                           .xxh3_prefetch_from = SIZE_MAX },
    [HB_X86_CORE_ZEN3] = ZEN5,
    [HB_X86_CORE_OTHER] = ZEN5,
    [HB_X86_CORE_OTHER_AVX2] = ZEN5,
};

hb_xxh_x86_knobs_t hb_xxh_x86_knobs = ZEN5;

__attribute__((constructor)) static void pick_knobs(void)
{
    hb_xxh_x86_knobs = by_core[hb_x86_core()];
}
