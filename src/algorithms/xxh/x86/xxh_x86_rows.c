/* The xxHash family on x86-64 (XXH32, XXH64, XXH3): its rows
 * (src/impl_rows.h), with their dispatch ranks (higher wins; portable C is
 * 0, fast C 1).  Each runs its vector loop only
 * on the lengths where that measured faster than `fast`, and `fast`'s
 * scalar loop on the others (the thresholds in xxh_x86.h), so each ranks
 * above `fast`; XXH32's IFMA form above its plain AVX-512 one, which it
 * beats from 128 bytes on and equals below (docs/impl-xxh.md).
 *
 * The lengths that measured best differ by core, so each set is its own
 * row and the core ranks choose: on Zen 4 the `-split` rows (the vector
 * loops at every length, the split forms from 2 KiB, IFMA from 512 B to
 * 2 KiB) and XXH3's `avx512-noprefetch`; on every other core (Zen 5, Zen 3,
 * any core nobody measured) the plain rows (`fast`'s scalar loop for long
 * messages, IFMA from 256 B to 8 KiB, XXH3 prefetching from 256 KiB).  Built at
 * the baseline: the `available` functions run before any AVX instruction
 * may.  XXH32's and XXH64's one-shot functions are in xxh_oneshot.c. */
#include "algorithms/xxh/x86/xxh_x86.h"
#include "algorithms/xxh/x86/vector_x86.h"
#include "algorithms/common/oneshot.h"

/* what the suffix _avx512ifma lets the compiler use: _avx512's
 * (HB_X86_ISA_AVX512, algorithms/common/x86_impl.h) and -mavx512ifma */
#define XXH_X86_AVX512IFMA (HB_X86_ISA_AVX512 | HB_X86_AVX512IFMA)

/* The seeded forms run through each implementation's own update and
 * final (hb_xxh32_params_with, xxh_params.c), so that the seeded vectors
 * test its vector code too. */
static int xxh32_params_avx512(const hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len)
{
    return hb_xxh32_params_with(p, data, len, out, out_len, hb_xxh32_update_avx512,
                                hb_xxh32_final_avx512);
}

static int xxh32_params_avx512_split(const hb_params *p, const uint8_t *data, size_t len,
                                     uint8_t *out, size_t out_len)
{
    return hb_xxh32_params_with(p, data, len, out, out_len, hb_xxh32_update_avx512_split,
                                hb_xxh32_final_avx512_split);
}

static int xxh32_params_avx512ifma_split(const hb_params *p, const uint8_t *data, size_t len,
                                         uint8_t *out, size_t out_len)
{
    return hb_xxh32_params_with(p, data, len, out, out_len, hb_xxh32_update_avx512ifma_split,
                                hb_xxh32_final_avx512_split);
}

static int xxh64_params_avx512_split(const hb_params *p, const uint8_t *data, size_t len,
                                     uint8_t *out, size_t out_len)
{
    return hb_xxh64_params_with(p, data, len, out, out_len, hb_xxh64_update_avx512dq_split,
                                hb_xxh64_final_avx512dq_split);
}

static int xxh32_params_avx512ifma(const hb_params *p, const uint8_t *data, size_t len,
                                   uint8_t *out, size_t out_len)
{
    return hb_xxh32_params_with(p, data, len, out, out_len, hb_xxh32_update_avx512ifma,
                                hb_xxh32_final_avx512);
}

static int xxh64_params_avx512(const hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len)
{
    return hb_xxh64_params_with(p, data, len, out, out_len, hb_xxh64_update_avx512dq,
                                hb_xxh64_final_avx512dq);
}

static int xxh32_params_avx2(const hb_params *p, const uint8_t *data, size_t len,
                             uint8_t *out, size_t out_len)
{
    return hb_xxh32_params_with(p, data, len, out, out_len, hb_xxh32_update_avx2,
                                hb_xxh32_final_fast);
}

static int xxh64_params_avx2(const hb_params *p, const uint8_t *data, size_t len,
                             uint8_t *out, size_t out_len)
{
    return hb_xxh64_params_with(p, data, len, out, out_len, hb_xxh64_update_avx2,
                                hb_xxh64_final_fast);
}

HB_X86_IMPL(hb_impl_xxh32_avx2, "avx2", HB_X86_ISA_AVX2, hb_xxh32_ctx,
                     hb_xxh32_init, hb_xxh32_update_avx2, hb_xxh32_final_fast,
                     xxh32_params_avx2);
HB_X86_IMPL(hb_impl_xxh64_avx2, "avx2", HB_X86_ISA_AVX2, hb_xxh64_ctx,
                     hb_xxh64_init, hb_xxh64_update_avx2, hb_xxh64_final_fast,
                     xxh64_params_avx2);
HB_X86_IMPL(hb_impl_xxh32_avx512, "avx512", HB_X86_ISA_AVX512, hb_xxh32_ctx,
                     hb_xxh32_init, hb_xxh32_update_avx512, hb_xxh32_final_avx512,
                     xxh32_params_avx512);
HB_X86_IMPL(hb_impl_xxh32_avx512ifma, "avx512ifma", XXH_X86_AVX512IFMA, hb_xxh32_ctx,
                     hb_xxh32_init, hb_xxh32_update_avx512ifma, hb_xxh32_final_avx512,
                     xxh32_params_avx512ifma);
HB_X86_IMPL(hb_impl_xxh64_avx512, "avx512", HB_X86_ISA_AVX512DQ, hb_xxh64_ctx,
                     hb_xxh64_init, hb_xxh64_update_avx512dq, hb_xxh64_final_avx512dq,
                     xxh64_params_avx512);
HB_X86_IMPL(hb_impl_xxh32_avx512_split, "avx512-split", HB_X86_ISA_AVX512, hb_xxh32_ctx,
            hb_xxh32_init, hb_xxh32_update_avx512_split, hb_xxh32_final_avx512_split,
            xxh32_params_avx512_split);
HB_X86_IMPL(hb_impl_xxh32_avx512ifma_split, "avx512ifma-split", XXH_X86_AVX512IFMA, hb_xxh32_ctx,
            hb_xxh32_init, hb_xxh32_update_avx512ifma_split, hb_xxh32_final_avx512_split,
            xxh32_params_avx512ifma_split);
HB_X86_IMPL(hb_impl_xxh64_avx512_split, "avx512-split", HB_X86_ISA_AVX512DQ, hb_xxh64_ctx,
            hb_xxh64_init, hb_xxh64_update_avx512dq_split, hb_xxh64_final_avx512dq_split,
            xxh64_params_avx512_split);

/* XXH3: the streaming code's one-shot for `fast` (the context on one
 * function's stack), the vector kernels' straight from the input */
HB_DEFINE_ONESHOT(xxh3_64_fast_oneshot, hb_xxh3_64_ctx, hb_xxh3_64_init, hb_xxh3_64_update_fast,
                  hb_xxh3_64_final_fast)
HB_DEFINE_ONESHOT(xxh3_128_fast_oneshot, hb_xxh3_128_ctx, hb_xxh3_128_init,
                  hb_xxh3_128_update_fast, hb_xxh3_128_final_fast)

/* with_params: the portable seeded one-shot (xxh3_seeded.c), since these
 * stripe kernels know only the default secret */
HB_X86_IMPL(hb_impl_xxh3_64_avx2, "avx2", HB_X86_ISA_AVX2, hb_xxh3_64_ctx,
            hb_xxh3_64_init, hb_xxh3_64_update_avx2, hb_xxh3_64_final_avx2,
            hb_xxh3_64_params);
HB_X86_IMPL(hb_impl_xxh3_64_avx512, "avx512", HB_X86_ISA_AVX512, hb_xxh3_64_ctx,
            hb_xxh3_64_init, hb_xxh3_64_update_avx512, hb_xxh3_64_final_avx512,
            hb_xxh3_64_params);
HB_X86_IMPL(hb_impl_xxh3_128_avx2, "avx2", HB_X86_ISA_AVX2, hb_xxh3_128_ctx,
            hb_xxh3_128_init, hb_xxh3_128_update_avx2, hb_xxh3_128_final_avx2,
            hb_xxh3_128_params);
HB_X86_IMPL(hb_impl_xxh3_128_avx512, "avx512", HB_X86_ISA_AVX512, hb_xxh3_128_ctx,
            hb_xxh3_128_init, hb_xxh3_128_update_avx512, hb_xxh3_128_final_avx512,
            hb_xxh3_128_params);
HB_X86_IMPL(hb_impl_xxh3_64_avx512_noprefetch, "avx512-noprefetch", HB_X86_ISA_AVX512,
            hb_xxh3_64_ctx, hb_xxh3_64_init, hb_xxh3_64_update_noprefetch_avx512,
            hb_xxh3_64_final_noprefetch_avx512,
            hb_xxh3_64_params);
HB_X86_IMPL(hb_impl_xxh3_128_avx512_noprefetch, "avx512-noprefetch", HB_X86_ISA_AVX512,
            hb_xxh3_128_ctx, hb_xxh3_128_init, hb_xxh3_128_update_noprefetch_avx512,
            hb_xxh3_128_final_noprefetch_avx512,
            hb_xxh3_128_params);

extern const hb_impl hb_impl_xxh32_fast, hb_impl_xxh64_fast;        /* xxh_register.c */
extern const hb_impl hb_impl_xxh3_64_fast, hb_impl_xxh3_128_fast;   /* xxh3_register.c */

/* XXH32 and XXH64 on Zen 3 and other cores without AVX-512 ("Zen 3 /
 * AVX2-class cores", docs/impl-xxh.md): the AVX2 forms rank above fast
 * (1), below every AVX-512 form (3 and up), which still win where AVX-512
 * exists.  Elsewhere they rank 1, after `fast` (which wins the tie), so
 * Zen 4 and 5 keep their choices. */
#define AVX2_RANKS HB_CORE_RANKS({ "zen3", 2 })
/* the rank of a row on Zen 4, whose measured limits differ (above) */
#define ZEN4(rank) HB_CORE_RANKS({ "zen4", (rank) })

/* The picks (the rows with AVX-512 where the CPU has it):
 *            zen5, zen3, other, other-avx2    zen4
 *   xxh32    avx512ifma (avx512 w/o IFMA)     avx512ifma-split (avx512-split)
 *   xxh64    avx512                           avx512-split
 *   xxh3-*   avx512                           avx512-noprefetch
 * and without AVX-512: avx2 for xxh32/xxh64 on zen3 and other-avx2, fast
 * elsewhere; avx2 for XXH3 everywhere. */
const hb_impl_row hb_xxh_x86_rows[] = {
    { .algo = "xxh32", .impl = &hb_impl_xxh32_fast, .rank = 1, .oneshot = hb_xxh32_oneshot_fast },
    { .algo = "xxh32", .impl = &hb_impl_xxh32_avx512, .rank = 5, .oneshot = hb_xxh32_oneshot_avx512,
      .core_ranks = ZEN4(3) },
    { .algo = "xxh32", .impl = &hb_impl_xxh32_avx512ifma, .rank = 6,
      .oneshot = hb_xxh32_oneshot_avx512ifma, .core_ranks = ZEN4(4) },
    { .algo = "xxh32", .impl = &hb_impl_xxh32_avx512_split, .rank = 3,
      .oneshot = hb_xxh32_oneshot_avx512_split, .core_ranks = ZEN4(5) },
    { .algo = "xxh32", .impl = &hb_impl_xxh32_avx512ifma_split, .rank = 4,
      .oneshot = hb_xxh32_oneshot_avx512ifma_split, .core_ranks = ZEN4(6) },
    { .algo = "xxh32", .impl = &hb_impl_xxh32_avx2, .rank = 1, .oneshot = hb_xxh32_oneshot_avx2,
      .core_ranks = AVX2_RANKS },
    { .algo = "xxh64", .impl = &hb_impl_xxh64_fast, .rank = 1, .oneshot = hb_xxh64_oneshot_fast },
    { .algo = "xxh64", .impl = &hb_impl_xxh64_avx512, .rank = 4, .oneshot = hb_xxh64_oneshot_avx512dq,
      .core_ranks = ZEN4(3) },
    { .algo = "xxh64", .impl = &hb_impl_xxh64_avx512_split, .rank = 3,
      .oneshot = hb_xxh64_oneshot_avx512dq_split, .core_ranks = ZEN4(4) },
    { .algo = "xxh64", .impl = &hb_impl_xxh64_avx2, .rank = 1, .oneshot = hb_xxh64_oneshot_avx2,
      .core_ranks = AVX2_RANKS },
    /* XXH3: docs/impl-xxh3-adler-sha3.md, avx512 > avx2 > fast */
    { .algo = "xxh3-64", .impl = &hb_impl_xxh3_64_fast, .rank = 1, .oneshot = xxh3_64_fast_oneshot },
    { .algo = "xxh3-64", .impl = &hb_impl_xxh3_64_avx2, .rank = 2, .oneshot = hb_xxh3_64_oneshot_avx2 },
    { .algo = "xxh3-64", .impl = &hb_impl_xxh3_64_avx512, .rank = 4,
      .oneshot = hb_xxh3_64_oneshot_avx512, .core_ranks = ZEN4(3) },
    { .algo = "xxh3-64", .impl = &hb_impl_xxh3_64_avx512_noprefetch, .rank = 3,
      .oneshot = hb_xxh3_64_oneshot_noprefetch_avx512, .core_ranks = ZEN4(4) },
    { .algo = "xxh3-128", .impl = &hb_impl_xxh3_128_fast, .rank = 1, .oneshot = xxh3_128_fast_oneshot },
    { .algo = "xxh3-128", .impl = &hb_impl_xxh3_128_avx2, .rank = 2, .oneshot = hb_xxh3_128_oneshot_avx2 },
    { .algo = "xxh3-128", .impl = &hb_impl_xxh3_128_avx512, .rank = 4,
      .oneshot = hb_xxh3_128_oneshot_avx512, .core_ranks = ZEN4(3) },
    { .algo = "xxh3-128", .impl = &hb_impl_xxh3_128_avx512_noprefetch, .rank = 3,
      .oneshot = hb_xxh3_128_oneshot_noprefetch_avx512, .core_ranks = ZEN4(4) },
    { 0 }
};
