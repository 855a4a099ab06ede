/* What the threaded BLAKE3 asks of x86-64 (threads/blake3_mt_arch.h):
 * its kernels -- AVX-512 where the CPU has it and no mask hides it (those
 * of `avx512` or of `avx512-rows`, whichever ranks first on this core),
 * else AVX2, the same order as the single-threaded ranks -- whether it is
 * offered (AVX2: without it the fast C is the pick, as before).  Its
 * one-shot function is blake3_mt_oneshot_x86.c's: it calls the pool, which
 * calls this file. */
#include "algorithms/blake3/x86/blake3_x86.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"
#include "algorithms/blake3/x86/blake3_oneshot_x86.h"

static const hb_blake3_ops ops_fast = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hb_blake3_hash_many_fast
};

extern const hb_algo hb_algo_blake3;     /* blake3_register.c */

/* 1 where avx512-rows ranks above avx512 (blake3_x86_rows.c: Zen 4), read
 * once from the ranks: the same answer every time, so a race between two
 * first callers stores the same value */
int hb_blake3_x86_rows_first(void)
{
    static int known = -1;
    int v = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (v < 0) {
        v = hb_impl_rank(&hb_algo_blake3, &hb_impl_blake3_avx512_rows) >
            hb_impl_rank(&hb_algo_blake3, &hb_impl_blake3_avx512);
        __atomic_store_n(&known, v, __ATOMIC_RELAXED);
    }
    return v;
}

const hb_blake3_ops *hb_blake3_mt_ops(void)
{
    if (hb_x86_has(HB_BLAKE3_X86_AVX512))
        return hb_blake3_x86_rows_first() ? &hb_blake3_ops_avx512_rows : &hb_blake3_ops_avx512;
    if (hb_x86_has(HB_BLAKE3_X86_AVX2))
        return &hb_blake3_ops_avx2;
    return &ops_fast;
}

int hb_blake3_mt_available(void)
{
    return hb_x86_has(HB_BLAKE3_X86_AVX2);
}
