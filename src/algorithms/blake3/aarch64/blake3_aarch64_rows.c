/* BLAKE3 on aarch64: its rows (src/impl_rows.h).  QEMU cannot measure
 * speed, so the ranks rest on instruction counts (docs/impl-aarch64.md):
 * `neon` hashes four chunks at once, four independent chains, and does
 * exactly what `fast` does for the single blocks: it ranks 2; `mt`
 * (src/algorithms/blake3/threads/: `neon` on every core above 128 KiB)
 * ranks above it, as on x86-64.  Built at the baseline; NEON is part of it
 * on aarch64. */
#include "algorithms/blake3/aarch64/blake3_arm.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

HB_ARM_IMPL(hb_impl_blake3_neon, "neon", HB_ARM_ASIMD, hb_blake3_ctx, hb_blake3_init,
            hb_blake3_update_neon, hb_blake3_final_neon, hb_blake3_params_neon);

const hb_impl_row hb_blake3_aarch64_rows[] = {
    { .algo = "blake3", .impl = &hb_impl_blake3_neon, .rank = 2 },
    { .algo = "blake3", .impl = &hb_impl_blake3_mt, .rank = 3, .threads = &hb_blake3_mt_threads_iface },
    { 0 }
};
