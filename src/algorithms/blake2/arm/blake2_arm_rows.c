/* BLAKE2s and BLAKE2b on 32-bit ARM: their rows (src/impl_rows.h), NEON
 * where the CPU has it.  QEMU cannot measure speed, so the ranks rest on
 * instruction counts on QEMU's cortex-a8 and llvm-mca's core models
 * (docs/impl-blake.md, "32-bit ARM (NEON)"):
 *   - BLAKE2b `neon` ranks 2, above `fast`: the scalar code does every
 *     64-bit add, XOR and rotate in two to four 32-bit instructions, with
 *     the state spilled; NEON's 64-bit lanes need about a third of the
 *     instructions and fewer cycles on every model, serial chain and all;
 *   - BLAKE2s `neon` needs 2.3x fewer instructions than `fast` but is one
 *     serial chain and slower on every model: rank 0, below `fast`, as on
 *     aarch64.
 * Built at the target's baseline (armv5te included): only the *_neon.c
 * files have NEON flags. */
#include "algorithms/common/arm32_impl.h"
#include "hashbench/blake2.h"
#include "algorithms/blake2/neon/blake2s_neon.h"
#include "algorithms/blake2/neon/blake2b_neon.h"
#include "algorithms/blake2/neon/blake2_neon_wrap.h"

HB_BLAKE2_NEON_WRAP(blake2s, hb_blake2s_ctx)
HB_BLAKE2_NEON_WRAP(blake2b, hb_blake2b_ctx)

HB_ARM32_IMPL(hb_impl_blake2s_neon, "neon", HB_ARM32_NEON, hb_blake2s_ctx, hb_blake2s_init,
              blake2s_update_neon, blake2s_final_neon, blake2s_params_neon);
HB_ARM32_IMPL(hb_impl_blake2b_neon, "neon", HB_ARM32_NEON, hb_blake2b_ctx, hb_blake2b_init,
              blake2b_update_neon, blake2b_final_neon, blake2b_params_neon);

const hb_impl_row hb_blake2_arm_rows[] = {
    { .algo = "blake2s", .impl = &hb_impl_blake2s_neon, .rank = 0 },
    { .algo = "blake2b", .impl = &hb_impl_blake2b_neon, .rank = 2 },
    { 0 }
};
