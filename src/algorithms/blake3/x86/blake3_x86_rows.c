/* BLAKE3 on x86-64: its rows (src/impl_rows.h), with their dispatch ranks
 * (higher wins; portable C is 0, fast C 1), following docs/impl-blake.md:
 * avx512 is the best single-threaded one, avx2 next; mt (the same kernels
 * on every core above 128 KiB, the single-threaded one-shot below) ranks
 * above both, so that `hashbench sum` of a large file and any other caller
 * of the pick uses the cores ("mt is best": the pick is one per algorithm,
 * it cannot depend on size).  The one-shots hash the whole input tree at
 * once, every chunk and parent level through the vector kernels
 * (blake3_oneshot_x86.c); `fast`'s keeps the context on one function's
 * stack.  Built at the baseline. */
#include "algorithms/blake3/x86/blake3_x86.h"
#include "algorithms/blake3/x86/blake3_oneshot_x86.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"
#include "algorithms/common/oneshot.h"

HB_X86_IMPL(hb_impl_blake3_avx2, "avx2", HB_BLAKE3_X86_AVX2, hb_blake3_ctx, hb_blake3_init,
            hb_blake3_update_avx2, hb_blake3_final_avx2, hb_blake3_params_avx2);
HB_X86_IMPL(hb_impl_blake3_avx512, "avx512", HB_BLAKE3_X86_AVX512, hb_blake3_ctx, hb_blake3_init,
            hb_blake3_update_avx512, hb_blake3_final_avx512, hb_blake3_params_avx512);
HB_X86_IMPL(hb_impl_blake3_avx512_rows, "avx512-rows", HB_BLAKE3_X86_AVX512, hb_blake3_ctx,
            hb_blake3_init, hb_blake3_update_avx512_rows, hb_blake3_final_avx512_rows,
            hb_blake3_params_avx512_rows);

extern const hb_impl hb_impl_blake3_fast;     /* blake3_register.c */

/* avx512's single blocks (a lone chunk, parents one by one, the root)
 * through the scalar compress, avx512-rows' through the row-wise one:
 * measured faster on Zen 4, where a vector add takes 1 cycle, slower on
 * Zen 5 (2 cycles; docs/impl-blake.md, "BLAKE3 on Zen 4").  So Zen 4 ranks
 * avx512-rows first, every other core avx512 (a core without AVX-512 runs
 * neither); mt runs the kernels of the one that ranks first
 * (blake3_mt_ops_x86.c). */
#define ROWS_FIRST(rank) HB_CORE_RANKS({ "zen4", (rank) })

HB_DEFINE_ONESHOT(blake3_fast_oneshot, hb_blake3_ctx, hb_blake3_init, hb_blake3_update_fast,
                  hb_blake3_final_fast)

const hb_impl_row hb_blake3_x86_rows[] = {
    { .algo = "blake3", .impl = &hb_impl_blake3_fast, .rank = 1, .oneshot = blake3_fast_oneshot },
    { .algo = "blake3", .impl = &hb_impl_blake3_mt, .rank = 5, .oneshot = hb_blake3_oneshot_mt,
      .threads = &hb_blake3_mt_threads_iface },
    { .algo = "blake3", .impl = &hb_impl_blake3_avx2, .rank = 2, .oneshot = hb_blake3_oneshot_avx2 },
    { .algo = "blake3", .impl = &hb_impl_blake3_avx512, .rank = 4, .oneshot = hb_blake3_oneshot_avx512,
      .core_ranks = ROWS_FIRST(3) },
    { .algo = "blake3", .impl = &hb_impl_blake3_avx512_rows, .rank = 3,
      .oneshot = hb_blake3_oneshot_avx512_rows, .core_ranks = ROWS_FIRST(4) },
    { 0 }
};
