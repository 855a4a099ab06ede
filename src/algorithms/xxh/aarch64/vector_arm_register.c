/* The aarch64 NEON implementations of the vector group, with their dispatch
 * ranks (higher wins; portable C is 0, fast C 1).  One NEON form per
 * algorithm; it ranks above the C code because it needs a fraction of the
 * instructions (docs/impl-aarch64.md) on 128-bit units every aarch64 core
 * has.  Built at the baseline like everything else here: NEON needs no
 * target flag on aarch64. */
#include "vector_arm.h"

HB_ARM_IMPL(hb_impl_xxh3_64_neon, "neon", HB_ARM_ASIMD, hb_xxh3_64_ctx, hb_xxh3_64_init,
            hb_xxh3_64_update_neon, hb_xxh3_64_final_neon, 0);
HB_ARM_IMPL(hb_impl_xxh3_128_neon, "neon", HB_ARM_ASIMD, hb_xxh3_128_ctx, hb_xxh3_128_init,
            hb_xxh3_128_update_neon, hb_xxh3_128_final_neon, 0);
HB_ARM_IMPL(hb_impl_adler32_neon, "neon", HB_ARM_ASIMD, hb_adler32_ctx, hb_adler32_init,
            hb_adler32_update_neon, hb_adler32_final_fast, 0);

const hb_extra_impl hb_arm_vector_impls[] = {
    { "xxh3-64", &hb_impl_xxh3_64_neon, 2 },
    { "xxh3-128", &hb_impl_xxh3_128_neon, 2 },
    { "adler32", &hb_impl_adler32_neon, 2 },
    { 0, 0, 0 }
};
