/* The x86-64 implementations of this family group, with their dispatch
 * ranks (higher wins; portable C is 0, fast C 1).  The ranks follow the
 * measurements in docs/impl-blake.md:
 *   - BLAKE2s/BLAKE2b x64 (plain C, the state in named variables) beats
 *     the fast C and ranks 2;
 *   - BLAKE2s/BLAKE2b with the rows in vector registers lose to the scalar
 *     code on this project's Zen 5 (two-cycle vector latency on a serial
 *     chain), so they rank 0;
 *   - BLAKE3 avx512 is the best single-threaded one; mt (the same kernels
 *     on every core above 128 KiB, the single-threaded one-shot below)
 *     ranks above both, so that `hashbench sum` of a large file and any
 *     other caller of the pick uses the cores (docs/impl-blake.md, "mt is
 *     best": the pick is one per algorithm, it cannot depend on size). */
#include "blake_x86.h"

const hb_extra_impl hb_x86_blake_impls[] = {
    { "blake2s", &hb_impl_blake2s_x64, 2 },
    { "blake2b", &hb_impl_blake2b_x64, 2 },
    { "blake2s", &hb_impl_blake2s_avx2, 0 },
    { "blake2s", &hb_impl_blake2s_avx512, 0 },
    { "blake2b", &hb_impl_blake2b_avx2, 0 },
    { "blake2b", &hb_impl_blake2b_avx512, 0 },
    { "blake3", &hb_impl_blake3_mt, 5 },
    { "blake3", &hb_impl_blake3_avx2, 3 },
    { "blake3", &hb_impl_blake3_avx512, 4 },
    { 0, 0, 0 }
};

/* One-shot functions (hb_oneshot) of the kernels the dispatcher can pick:
 * BLAKE2s/b x64 and avx2 (the context on one function's stack,
 * blake2_x86_impls.c),
 * and BLAKE3's whole input tree at once, every chunk and parent level
 * through the vector kernels (src/algorithms/blake3/x86/blake3_oneshot_x86.c),
 * which `mt` uses below its threshold (blake3_mt_ops_x86.c). */
#include "algorithms/blake3/x86/blake3_oneshot_x86.h"

void hb_blake2s_oneshot_x64(const uint8_t *data, size_t len, uint8_t *digest);
void hb_blake2b_oneshot_x64(const uint8_t *data, size_t len, uint8_t *digest);
void hb_blake2s_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_blake2b_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);

const hb_oneshot hb_x86_blake_oneshots[] = {
    { &hb_impl_blake2s_x64, hb_blake2s_oneshot_x64 },
    { &hb_impl_blake2b_x64, hb_blake2b_oneshot_x64 },
    { &hb_impl_blake2s_avx2, hb_blake2s_oneshot_avx2 },
    { &hb_impl_blake2b_avx2, hb_blake2b_oneshot_avx2 },
    { &hb_impl_blake3_avx2, hb_blake3_oneshot_avx2 },
    { &hb_impl_blake3_avx512, hb_blake3_oneshot_avx512 },
    { &hb_impl_blake3_mt, hb_blake3_oneshot_mt },
    { 0, 0 }
};
