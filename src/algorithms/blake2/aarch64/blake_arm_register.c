/* The aarch64 NEON implementations of the blake group, with their dispatch
 * ranks (higher wins; portable C is 0, fast C 1).  QEMU cannot measure
 * speed, so the ranks rest on instruction counts and on the latencies
 * published for real cores (docs/impl-aarch64.md):
 *   - BLAKE2s / BLAKE2b `neon` need 2.6x / 1.4x fewer instructions than the
 *     C code at 1 KiB, but hash one message: a single dependency chain, where every
 *     NEON step costs 2-3 cycles of latency against one for the scalar
 *     ALU.  They rank 0, so `fast` stays the pick until hardware says
 *     otherwise (the x86-64 row forms measured slower than the scalar C
 *     for the same reason);
 *   - BLAKE3 `neon` hashes four chunks at once, four independent chains,
 *     and does exactly what `fast` does for the single blocks: it ranks 2;
 *   - BLAKE3 `mt` (src/algorithms/blake3/threads/: `neon`, on every core
 *     above 128 KiB) ranks above it, as on x86-64
 *     (src/algorithms/blake2/x86/blake_x86_register.c).
 * Built at the baseline; NEON is part of it on aarch64. */
#include "blake_arm.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

#define B2_WRAP(algo, ctx_t)                                                            \
    static void algo##_update_neon(ctx_t *c, const uint8_t *p, size_t n)               \
    { hb_##algo##_update_with(c, p, n, hb_##algo##_compress_neon); }                    \
    static void algo##_final_neon(ctx_t *c, uint8_t *d)                                 \
    { hb_##algo##_final_with(c, d, hb_##algo##_compress_neon); }                        \
    static int algo##_params_neon(const hb_params *p, const uint8_t *data, size_t len,  \
                                  uint8_t *out, size_t out_len)                         \
    { return hb_##algo##_params_with(p, data, len, out, out_len, hb_##algo##_compress_neon); }

B2_WRAP(blake2s, hb_blake2s_ctx)
B2_WRAP(blake2b, hb_blake2b_ctx)

HB_ARM_IMPL(hb_impl_blake2s_neon, "neon", HB_ARM_ASIMD, hb_blake2s_ctx, hb_blake2s_init,
            blake2s_update_neon, blake2s_final_neon, blake2s_params_neon);
HB_ARM_IMPL(hb_impl_blake2b_neon, "neon", HB_ARM_ASIMD, hb_blake2b_ctx, hb_blake2b_init,
            blake2b_update_neon, blake2b_final_neon, blake2b_params_neon);
HB_ARM_IMPL(hb_impl_blake3_neon, "neon", HB_ARM_ASIMD, hb_blake3_ctx, hb_blake3_init,
            hb_blake3_update_neon, hb_blake3_final_neon, hb_blake3_params_neon);

const hb_extra_impl hb_arm_blake_impls[] = {
    { "blake2s", &hb_impl_blake2s_neon, 0 },
    { "blake2b", &hb_impl_blake2b_neon, 0 },
    { "blake3", &hb_impl_blake3_neon, 2 },
    { "blake3", &hb_impl_blake3_mt, 3 },
    { 0, 0, 0 }
};
