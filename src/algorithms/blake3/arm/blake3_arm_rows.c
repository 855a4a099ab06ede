/* BLAKE3 on 32-bit ARM: its rows (src/impl_rows.h).  QEMU cannot measure
 * speed, so the ranks rest on instruction counts on QEMU's cortex-a8 and
 * llvm-mca's Cortex-A8 model (docs/impl-blake.md, "32-bit ARM (NEON)"):
 * `neon` hashes four chunks at once, four independent chains, and does
 * exactly what `fast` does for the single blocks: it ranks 2 where the CPU
 * has NEON.  `mt` (src/algorithms/blake3/threads/) ranks above it, as
 * everywhere with threads: over `neon` where the CPU has NEON, over the
 * fast C where it has not (blake3_mt_ops_arm32.c).  Built at the target's
 * baseline (armv5te included): only blake3_neon.c has NEON flags. */
#include "algorithms/common/arm32_impl.h"
#include "algorithms/blake3/neon/blake3_neon.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

HB_ARM32_IMPL(hb_impl_blake3_neon, "neon", HB_ARM32_NEON, hb_blake3_ctx, hb_blake3_init,
              hb_blake3_update_neon, hb_blake3_final_neon, hb_blake3_params_neon);

const hb_impl_row hb_blake3_arm_rows[] = {
    { .algo = "blake3", .impl = &hb_impl_blake3_neon, .rank = 2 },
    { .algo = "blake3", .impl = &hb_impl_blake3_mt, .rank = 3, .threads = &hb_blake3_mt_threads_iface },
    { 0 }
};
