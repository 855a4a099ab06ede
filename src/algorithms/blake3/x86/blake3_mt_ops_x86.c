/* The kernels the threaded BLAKE3 runs on x86-64 (threads/blake3_mt_arch.h):
 * AVX-512 where the CPU has it and no mask hides it, else AVX2, else the
 * fast C -- the same order as the single-threaded ranks. */
#include "algorithms/blake2/x86/blake_x86.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

static const hb_blake3_ops ops_fast = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hb_blake3_hash_many_fast
};

const hb_blake3_ops *hb_blake3_mt_ops(void)
{
    if (hb_x86_has(HB_BLAKE_X86_AVX512))
        return hb_blake3_ops_avx512();
    if (hb_x86_has(HB_BLAKE_X86_AVX2))
        return &hb_blake3_ops_avx2;
    return &ops_fast;
}
