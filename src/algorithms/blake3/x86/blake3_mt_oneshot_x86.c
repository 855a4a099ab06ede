/* The threaded BLAKE3's one-shot on x86-64 (the `mt` row's): a message the
 * pool would not touch through the single-threaded one-shot of the kernels
 * the pool runs (blake3_mt_ops_x86.c), a larger one through the pool
 * (threads/blake3_mt.c).  Its own file: the pool calls the kernels' file,
 * and this one calls both. */
#include "algorithms/blake3/x86/blake3_x86.h"
#include "algorithms/blake3/blake3_mt.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"
#include "algorithms/blake3/x86/blake3_oneshot_x86.h"

/* A message the pool would not touch goes through the single-threaded
 * one-shot of the kernels the pool runs, so that `mt` costs what they cost there;
 * a larger one through the threaded update. */
void hb_blake3_oneshot_mt(const uint8_t *data, size_t len, uint8_t *digest)
{
    hb_blake3_ctx c;

    if (len <= HB_BLAKE3_MT_MIN_BYTES) {
        if (hb_x86_has(HB_BLAKE3_X86_AVX512) && hb_blake3_x86_rows_first())
            hb_blake3_oneshot_avx512_rows(data, len, digest);
        else if (hb_x86_has(HB_BLAKE3_X86_AVX512))
            hb_blake3_oneshot_avx512(data, len, digest);
        else
            hb_blake3_oneshot_avx2(data, len, digest);
        return;
    }
    hb_blake3_init(&c);
    hb_blake3_update_mt(&c, data, len);
    hb_blake3_final_mt(&c, digest);
}
