/* BLAKE2s and BLAKE2b on aarch64: their rows (src/impl_rows.h), with their
 * dispatch ranks (higher wins; portable C is 0, fast C 1).  QEMU cannot measure
 * speed, so the ranks rest on instruction counts and on the latencies
 * published for real cores (docs/impl-aarch64.md):
 *   - BLAKE2s / BLAKE2b `neon` need 2.6x / 1.4x fewer instructions than the
 *     C code at 1 KiB, but hash one message: a single dependency chain, where every
 *     NEON step costs 2-3 cycles of latency against one for the scalar
 *     ALU.  They rank 0, so `fast` stays the pick until hardware says
 *     otherwise (the x86-64 row forms measured slower than the scalar C
 *     for the same reason);
 * Built at the baseline; NEON is part of it on aarch64. */
#include "blake_arm.h"
#include "algorithms/blake2/neon/blake2_neon_wrap.h"

HB_BLAKE2_NEON_WRAP(blake2s, hb_blake2s_ctx)
HB_BLAKE2_NEON_WRAP(blake2b, hb_blake2b_ctx)

HB_ARM_IMPL(hb_impl_blake2s_neon, "neon", HB_ARM_ASIMD, hb_blake2s_ctx, hb_blake2s_init,
            blake2s_update_neon, blake2s_final_neon, blake2s_params_neon);
HB_ARM_IMPL(hb_impl_blake2b_neon, "neon", HB_ARM_ASIMD, hb_blake2b_ctx, hb_blake2b_init,
            blake2b_update_neon, blake2b_final_neon, blake2b_params_neon);
const hb_impl_row hb_blake2_aarch64_rows[] = {
    { .algo = "blake2s", .impl = &hb_impl_blake2s_neon, .rank = 0 },
    { .algo = "blake2b", .impl = &hb_impl_blake2b_neon, .rank = 0 },
    { 0 }
};
