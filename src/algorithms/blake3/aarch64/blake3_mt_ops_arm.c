/* What the threaded BLAKE3 asks of aarch64 (threads/blake3_mt_arch.h): its
 * kernels, NEON's four chunks side by side, and whether it is offered
 * (NEON: with HB_ARM_MASK hiding ASIMD the fast C is the pick, as before). */
#include "algorithms/blake3/aarch64/blake3_arm.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

static const hb_blake3_ops ops_fast = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hb_blake3_hash_many_fast
};

const hb_blake3_ops *hb_blake3_mt_ops(void)
{
    return hb_arm_has(HB_ARM_ASIMD) ? &hb_blake3_ops_neon : &ops_fast;
}

int hb_blake3_mt_available(void)
{
    return hb_arm_has(HB_ARM_ASIMD);
}
