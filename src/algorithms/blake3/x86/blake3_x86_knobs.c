/* BLAKE3's per-core choice on x86-64 (blake3_x86_knobs.h): on Zen 4 a
 * vector add takes 1 cycle and a single block compresses faster with the
 * rows of its state in xmm registers; on Zen 5 (2 cycles) the scalar
 * compress wins (docs/impl-blake.md, "BLAKE3 on Zen 4").  Cores without
 * AVX-512 never run the AVX-512 kernels; a core nobody measured takes
 * Zen 5's choice. */
#include "arch/x86/core_x86.h"
#include "blake3_x86_knobs.h"

static const hb_blake3_x86_knobs_t by_core[HB_X86_CORES] = {
    [HB_X86_CORE_ZEN4] = { .blake3_rows = 1 },
};

hb_blake3_x86_knobs_t hb_blake3_x86_knobs;

__attribute__((constructor)) static void pick_knobs(void)
{
    hb_blake3_x86_knobs = by_core[hb_x86_core()];
}
