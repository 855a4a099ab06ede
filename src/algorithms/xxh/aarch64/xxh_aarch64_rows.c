/* XXH3 on aarch64: its rows (src/impl_rows.h).  The NEON form ranks above
 * the C code because it needs a fraction of the instructions
 * (docs/impl-aarch64.md) on 128-bit units every aarch64 core has.  Built
 * at the baseline like everything else here: NEON needs no target flag on
 * aarch64. */
#include "xxh_arm.h"

/* with_params: the portable seeded one-shot (xxh3_seeded.c), since the
 * NEON stripe kernel knows only the default secret */
HB_ARM_IMPL(hb_impl_xxh3_64_neon, "neon", HB_ARM_ASIMD, hb_xxh3_64_ctx, hb_xxh3_64_init,
            hb_xxh3_64_update_neon, hb_xxh3_64_final_neon,
            hb_xxh3_64_params);
HB_ARM_IMPL(hb_impl_xxh3_128_neon, "neon", HB_ARM_ASIMD, hb_xxh3_128_ctx, hb_xxh3_128_init,
            hb_xxh3_128_update_neon, hb_xxh3_128_final_neon,
            hb_xxh3_128_params);

const hb_impl_row hb_xxh_aarch64_rows[] = {
    { .algo = "xxh3-64", .impl = &hb_impl_xxh3_64_neon, .rank = 2 },
    { .algo = "xxh3-128", .impl = &hb_impl_xxh3_128_neon, .rank = 2 },
    { 0 }
};
