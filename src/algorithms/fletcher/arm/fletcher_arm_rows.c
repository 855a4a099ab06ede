/* The Fletcher family on 32-bit ARM: its row (src/impl_rows.h).
 * Fletcher-32 `neon` ranks 2, above fast (1), where the CPU has NEON:
 * fewer instructions and cycles per byte on Cortex-A8 (docs/impl-arm32.md).
 * Built at the target's baseline (armv5te too); only fletcher32_neon.c
 * uses NEON, after hb_arm32_has(HB_ARM32_NEON). */
#include "fletcher_arm32.h"

HB_ARM32_IMPL(hb_impl_fletcher32_neon, "neon", HB_ARM32_NEON, hb_fletcher32_ctx,
              hb_fletcher32_init, hb_fletcher32_update_neon, hb_fletcher32_final_fast, 0);

const hb_impl_row hb_fletcher_arm_rows[] = {
    { .algo = "fletcher32", .impl = &hb_impl_fletcher32_neon, .rank = 2 },
    { 0 }
};
