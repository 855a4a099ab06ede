/* What the threaded BLAKE3 asks of x86-64 (threads/blake3_mt_arch.h):
 * its kernels -- AVX-512 where the CPU has it and no mask hides it, else
 * AVX2, the same order as the single-threaded ranks -- whether it is
 * offered (AVX2: without it the fast C is the pick, as before), and its
 * one-shot function for the x86 one-shot table. */
#include "algorithms/blake3/x86/blake3_x86.h"
#include "algorithms/blake3/blake3_mt.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"
#include "algorithms/blake3/x86/blake3_oneshot_x86.h"

static const hb_blake3_ops ops_fast = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hb_blake3_hash_many_fast
};

const hb_blake3_ops *hb_blake3_mt_ops(void)
{
    if (hb_x86_has(HB_BLAKE3_X86_AVX512))
        return hb_blake3_ops_avx512();
    if (hb_x86_has(HB_BLAKE3_X86_AVX2))
        return &hb_blake3_ops_avx2;
    return &ops_fast;
}

int hb_blake3_mt_available(void)
{
    return hb_x86_has(HB_BLAKE3_X86_AVX2);
}

/* A message the pool would not touch goes through the single-threaded
 * one-shot of the kernels above, so that `mt` costs what they cost there;
 * a larger one through the threaded update. */
void hb_blake3_oneshot_mt(const uint8_t *data, size_t len, uint8_t *digest)
{
    hb_blake3_ctx c;

    if (len <= HB_BLAKE3_MT_MIN_BYTES) {
        if (hb_x86_has(HB_BLAKE3_X86_AVX512))
            hb_blake3_oneshot_avx512(data, len, digest);
        else
            hb_blake3_oneshot_avx2(data, len, digest);
        return;
    }
    hb_blake3_init(&c);
    hb_blake3_update_mt(&c, data, len);
    hb_blake3_final_mt(&c, digest);
}
