/* Adler-32 on 32-bit ARM: its row (src/impl_rows.h).  The NEON form ranks
 * above the C code (rank 2 over fast's 1) where the CPU has NEON: on
 * Cortex-A8 it needs a fraction of fast's instructions and cycles per byte
 * (docs/impl-arm32.md).  This file is built at the target's baseline
 * (armv5te too): only adler32_neon.c uses NEON, and only after
 * hb_arm32_has(HB_ARM32_NEON). */
#include "adler_arm32.h"

HB_ARM32_IMPL(hb_impl_adler32_neon, "neon", HB_ARM32_NEON, hb_adler32_ctx, hb_adler32_init,
              hb_adler32_update_neon, hb_adler32_final_fast, 0);

const hb_impl_row hb_adler_arm_rows[] = {
    { .algo = "adler32", .impl = &hb_impl_adler32_neon, .rank = 2 },
    { 0 }
};
