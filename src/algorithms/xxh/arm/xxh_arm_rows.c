/* The xxHash family on 32-bit ARM: its rows (src/impl_rows.h), where the
 * CPU has NEON.  Ranks (higher wins; portable C is 0, fast C 1), from the
 * instruction counts on QEMU's cortex-a8 and llvm-mca's Cortex-A8 model
 * (docs/impl-arm32.md):
 *   - XXH3 (64 and 128) `neon` ranks 2, above fast: fewer instructions
 *     and fewer modelled cycles a byte;
 *   - XXH32 `neon` ranks 0, below fast: a third of fast's instructions,
 *     but its one chain (VADD, VSHL, VSRI, VMUL.I32 a stripe) takes as many
 *     Cortex-A8 cycles as fast's four scalar lanes, 1.25 a byte in gcc's
 *     Cortex-A8 model, and more on the Cortex-A57/A72 model (1.25 against
 *     0.50).  It stays registered: the tests run it wherever NEON exists.
 * Built at the target's baseline (armv5te too); only the *_neon.c files
 * use NEON, after hb_arm32_has(HB_ARM32_NEON). */
#include "xxh_arm32.h"

/* The seeded form through the NEON update (hb_xxh32_params_with,
 * xxh_params.c), so that the seeded vectors test the vector code too. */
static int xxh32_params_neon(const hb_params *p, const uint8_t *data, size_t len,
                             uint8_t *out, size_t out_len)
{
    return hb_xxh32_params_with(p, data, len, out, out_len, hb_xxh32_update_neon,
                                hb_xxh32_final_fast);
}

HB_ARM32_IMPL(hb_impl_xxh32_neon, "neon", HB_ARM32_NEON, hb_xxh32_ctx, hb_xxh32_init,
              hb_xxh32_update_neon, hb_xxh32_final_fast, xxh32_params_neon);
/* with_params: the portable seeded one-shot (xxh3_seeded.c), since the
 * NEON stripe kernel knows only the default secret */
HB_ARM32_IMPL(hb_impl_xxh3_64_neon, "neon", HB_ARM32_NEON, hb_xxh3_64_ctx, hb_xxh3_64_init,
              hb_xxh3_64_update_neon, hb_xxh3_64_final_neon,
            hb_xxh3_64_params);
HB_ARM32_IMPL(hb_impl_xxh3_128_neon, "neon", HB_ARM32_NEON, hb_xxh3_128_ctx, hb_xxh3_128_init,
              hb_xxh3_128_update_neon, hb_xxh3_128_final_neon,
            hb_xxh3_128_params);

const hb_impl_row hb_xxh_arm_rows[] = {
    { .algo = "xxh32", .impl = &hb_impl_xxh32_neon, .rank = 0 },
    { .algo = "xxh3-64", .impl = &hb_impl_xxh3_64_neon, .rank = 2 },
    { .algo = "xxh3-128", .impl = &hb_impl_xxh3_128_neon, .rank = 2 },
    { 0 }
};
