/* Adler-32 on aarch64: its row (src/impl_rows.h).  The NEON form ranks
 * above the C code: a fraction of the instructions (docs/impl-aarch64.md)
 * on 128-bit units every aarch64 core has. */
#include "adler_arm.h"

HB_ARM_IMPL(hb_impl_adler32_neon, "neon", HB_ARM_ASIMD, hb_adler32_ctx, hb_adler32_init,
            hb_adler32_update_neon, hb_adler32_final_fast, 0);

const hb_impl_row hb_adler_aarch64_rows[] = {
    { .algo = "adler32", .impl = &hb_impl_adler32_neon, .rank = 2 },
    { 0 }
};
