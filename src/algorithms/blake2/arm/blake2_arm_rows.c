/* BLAKE2s on 32-bit ARM: its row (src/impl_rows.h), NEON where the CPU has
 * it.  QEMU cannot measure speed, so the rank rests on instruction counts
 * on QEMU's cortex-a8 and llvm-mca's Cortex-A8 model (docs/impl-blake.md,
 * "32-bit ARM (NEON)").  Built at the target's baseline (armv5te
 * included): only blake2s_neon.c has NEON flags. */
#include "arch/arm/arm32_impl.h"
#include "hashbench/blake2.h"
#include "algorithms/blake2/neon/blake2s_neon.h"

static void blake2s_update_neon(hb_blake2s_ctx *c, const uint8_t *p, size_t n)
{
    hb_blake2s_update_with(c, p, n, hb_blake2s_compress_neon);
}

static void blake2s_final_neon(hb_blake2s_ctx *c, uint8_t *d)
{
    hb_blake2s_final_with(c, d, hb_blake2s_compress_neon);
}

static int blake2s_params_neon(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                               size_t out_len)
{
    return hb_blake2s_params_with(p, data, len, out, out_len, hb_blake2s_compress_neon);
}

HB_ARM32_IMPL(hb_impl_blake2s_neon, "neon", HB_ARM32_NEON, hb_blake2s_ctx, hb_blake2s_init,
              blake2s_update_neon, blake2s_final_neon, blake2s_params_neon);

const hb_impl_row hb_blake2_arm_rows[] = {
    { .algo = "blake2s", .impl = &hb_impl_blake2s_neon, .rank = 0 },
    { 0 }
};
