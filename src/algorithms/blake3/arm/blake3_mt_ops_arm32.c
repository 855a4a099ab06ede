/* What the threaded BLAKE3 asks of 32-bit ARM (threads/blake3_mt_arch.h):
 * NEON's four chunks side by side where the CPU has NEON (a Cortex-A8,
 * A9, A7, or an ARMv8 core in 32-bit mode), else the fast C (an ARM11, an
 * ARM926, or HB_ARM32_MASK hiding NEON).  Unlike on aarch64 and x86-64,
 * `mt` is offered either way: without NEON it is what generic/ gave every
 * 32-bit ARM before, the threads over the fast C. */
#include "arch/arm/cpu_arm.h"
#include "algorithms/blake3/neon/blake3_neon.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

static const hb_blake3_ops ops_fast = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hb_blake3_hash_many_fast
};

const hb_blake3_ops *hb_blake3_mt_ops(void)
{
    return hb_arm32_has(HB_ARM32_NEON) ? &hb_blake3_ops_neon : &ops_fast;
}

int hb_blake3_mt_available(void)
{
    return 1;
}
