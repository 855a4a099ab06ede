/* The kernels the threaded BLAKE3 runs on aarch64 (threads/blake3_mt_arch.h):
 * NEON's four chunks side by side, else (HB_ARM_MASK hiding ASIMD) the fast C. */
#include "algorithms/blake2/arm/blake_arm.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

static const hb_blake3_ops ops_fast = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hb_blake3_hash_many_fast
};

const hb_blake3_ops *hb_blake3_mt_ops(void)
{
    return hb_arm_has(HB_ARM_ASIMD) ? &hb_blake3_ops_neon : &ops_fast;
}
