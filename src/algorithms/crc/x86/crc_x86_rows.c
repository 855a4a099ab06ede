/* The CRC family on x86-64: its rows (src/impl_rows.h), with their dispatch ranks
 * (higher wins; portable C is 0, fast C 1).  Ranks from measurement on
 * Zen 5 (docs/impl-crc.md): vpclmul > sse42 (crc32c) > clmul > fast at
 * every size from 64 bytes up.  vpclmul256 (AVX2 + VPCLMULQDQ, no AVX-512)
 * sits under vpclmul, so only cores without AVX-512 take it; on Zen 3 it
 * is the fastest at every size from 64 bytes (docs/impl-crc.md, "Zen 3 /
 * AVX2 + VPCLMULQDQ"), except for crc32c, where fused256 (CRC32 streams
 * beside the ymm folding) measured faster from 1 KiB and as fast at 64 B
 * (its short updates are sse42's code): fused256 17 > vpclmul256 16 >
 * sse42 15 ("CRC-32C on Zen 3").
 *
 * This file is compiled for the baseline: it only names the kernels, which
 * run once `available` says the CPU has their instructions. */
#include "algorithms/common/x86_impl.h"
#include "algorithms/common/oneshot.h"
#include "crc_x86.h"

/* the fast C implementations (crc_register.c) */
extern const hb_impl hb_impl_crc8_fast, hb_impl_crc32_fast, hb_impl_crc32c_fast;

static int has_clmul(void)
{
    return hb_x86_has(HB_X86_SSSE3 | HB_X86_SSE41 | HB_X86_PCLMUL);
}

/* crc32c's folding kernels take the SSE4.2 crc32 instruction for short
 * updates and tails (crc_fold_xmm.h), so they need it too. */
static int has_clmul_sse42(void)
{
    return hb_x86_has(HB_X86_SSSE3 | HB_X86_SSE41 | HB_X86_SSE42 | HB_X86_PCLMUL);
}

static int has_vpclmul(void)
{
    return hb_x86_has(HB_X86_SSSE3 | HB_X86_SSE41 | HB_X86_SSE42 | HB_X86_PCLMUL | HB_X86_AVX |
                      HB_X86_AVX2 | HB_X86_AVX512F | HB_X86_AVX512BW | HB_X86_AVX512VL |
                      HB_X86_VPCLMUL);
}

/* AVX2 + VPCLMULQDQ on ymm (crc_fold_vpclmul256.c; SSE4.2 for crc32c's
 * short updates and tails) */
static int has_vpclmul256(void)
{
    return hb_x86_has(HB_X86_SSSE3 | HB_X86_SSE41 | HB_X86_SSE42 | HB_X86_PCLMUL | HB_X86_AVX |
                      HB_X86_AVX2 | HB_X86_VPCLMUL);
}

static int has_sse42(void)
{
    return hb_x86_has(HB_X86_SSE42);
}

/* crc32c_fused_vpclmul256.c: CRC32 streams and ymm VPCLMULQDQ folding */
static int has_fused256(void)
{
    return hb_x86_has(HB_X86_SSE42 | HB_X86_PCLMUL | HB_X86_AVX | HB_X86_AVX2 | HB_X86_VPCLMUL);
}

HB_DEFINE_IMPL_IF(hb_impl_crc32_clmul, "clmul", has_clmul, hb_crc32_ctx, hb_crc32_init,
                  hb_crc32_update_clmul, hb_crc32_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc32_vpclmul, "vpclmul", has_vpclmul, hb_crc32_ctx, hb_crc32_init,
                  hb_crc32_update_vpclmul, hb_crc32_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc32c_sse42, "sse42", has_sse42, hb_crc32c_ctx, hb_crc32c_init,
                  hb_crc32c_update_sse42, hb_crc32c_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc32c_fused256, "fused256", has_fused256, hb_crc32c_ctx, hb_crc32c_init,
                  hb_crc32c_update_fused256, hb_crc32c_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc32c_clmul, "clmul", has_clmul_sse42, hb_crc32c_ctx, hb_crc32c_init,
                  hb_crc32c_update_clmul, hb_crc32c_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc32c_vpclmul, "vpclmul", has_vpclmul, hb_crc32c_ctx, hb_crc32c_init,
                  hb_crc32c_update_vpclmul, hb_crc32c_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc64_clmul, "clmul", has_clmul, hb_crc64_ctx, hb_crc64_init,
                  hb_crc64_update_clmul, hb_crc64_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc64_vpclmul, "vpclmul", has_vpclmul, hb_crc64_ctx, hb_crc64_init,
                  hb_crc64_update_vpclmul, hb_crc64_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc64_xz_clmul, "clmul", has_clmul, hb_crc64_xz_ctx, hb_crc64_xz_init,
                  hb_crc64_xz_update_clmul, hb_crc64_xz_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc64_xz_vpclmul, "vpclmul", has_vpclmul, hb_crc64_xz_ctx, hb_crc64_xz_init,
                  hb_crc64_xz_update_vpclmul, hb_crc64_xz_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc16_clmul, "clmul", has_clmul, hb_crc16_ctx, hb_crc16_init,
                  hb_crc16_update_clmul, hb_crc16_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc16_vpclmul, "vpclmul", has_vpclmul, hb_crc16_ctx, hb_crc16_init,
                  hb_crc16_update_vpclmul, hb_crc16_final_fast, 0);

/* eight zmm accumulators from 512 bytes: a row for `hashbench tune` to
 * weigh against vpclmul on cores with full 512-bit multipliers (Zen 5),
 * crc_fold_vpclmul.c fold_wide8 */
HB_DEFINE_IMPL_IF(hb_impl_crc32_vpclmul_x8, "vpclmul-x8", has_vpclmul, hb_crc32_ctx, hb_crc32_init,
                  hb_crc32_update_vpclmul_x8, hb_crc32_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc32c_vpclmul_x8, "vpclmul-x8", has_vpclmul, hb_crc32c_ctx, hb_crc32c_init,
                  hb_crc32c_update_vpclmul_x8, hb_crc32c_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc64_vpclmul_x8, "vpclmul-x8", has_vpclmul, hb_crc64_ctx, hb_crc64_init,
                  hb_crc64_update_vpclmul_x8, hb_crc64_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc64_xz_vpclmul_x8, "vpclmul-x8", has_vpclmul, hb_crc64_xz_ctx, hb_crc64_xz_init,
                  hb_crc64_xz_update_vpclmul_x8, hb_crc64_xz_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc16_vpclmul_x8, "vpclmul-x8", has_vpclmul, hb_crc16_ctx, hb_crc16_init,
                  hb_crc16_update_vpclmul_x8, hb_crc16_final_fast, 0);

HB_DEFINE_IMPL_IF(hb_impl_crc32_vpclmul256, "vpclmul256", has_vpclmul256, hb_crc32_ctx, hb_crc32_init,
                  hb_crc32_update_vpclmul256, hb_crc32_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc32c_vpclmul256, "vpclmul256", has_vpclmul256, hb_crc32c_ctx, hb_crc32c_init,
                  hb_crc32c_update_vpclmul256, hb_crc32c_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc64_vpclmul256, "vpclmul256", has_vpclmul256, hb_crc64_ctx, hb_crc64_init,
                  hb_crc64_update_vpclmul256, hb_crc64_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc64_xz_vpclmul256, "vpclmul256", has_vpclmul256, hb_crc64_xz_ctx, hb_crc64_xz_init,
                  hb_crc64_xz_update_vpclmul256, hb_crc64_xz_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc16_vpclmul256, "vpclmul256", has_vpclmul256, hb_crc16_ctx, hb_crc16_init,
                  hb_crc16_update_vpclmul256, hb_crc16_final_fast, 0);

/* The one-shot functions (crc_x86.h): the benchmark times one call per
 * message through these, as it does the peers' crc32_z and crc32_iscsi.
 * Each is one function with the register kept in a register (not init +
 * update + final through a context on the stack).  The fast C ones are the
 * picks where a mask takes the instructions away (CRC-32, CRC-32C), or on
 * every x86-64 CPU (CRC-8). */
HB_DEFINE_ONESHOT(crc32_fast_oneshot, hb_crc32_ctx, hb_crc32_init, hb_crc32_update_fast,
                  hb_crc32_final_fast)
HB_DEFINE_ONESHOT(crc32c_fast_oneshot, hb_crc32c_ctx, hb_crc32c_init, hb_crc32c_update_fast,
                  hb_crc32c_final_fast)
HB_DEFINE_ONESHOT(crc8_fast_oneshot, hb_crc8_ctx, hb_crc8_init, hb_crc8_update_fast, hb_crc8_final_fast)

const hb_impl_row hb_crc_x86_rows[] = {
    { .algo = "crc8", .impl = &hb_impl_crc8_fast, .rank = 1, .oneshot = crc8_fast_oneshot },
    { .algo = "crc32", .impl = &hb_impl_crc32_fast, .rank = 1, .oneshot = crc32_fast_oneshot },
    { .algo = "crc32c", .impl = &hb_impl_crc32c_fast, .rank = 1, .oneshot = crc32c_fast_oneshot },
    { .algo = "crc32", .impl = &hb_impl_crc32_clmul, .rank = 10, .oneshot = hb_crc32_oneshot_clmul },
    { .algo = "crc32", .impl = &hb_impl_crc32_vpclmul, .rank = 20, .oneshot = hb_crc32_oneshot_vpclmul },
    { .algo = "crc32c", .impl = &hb_impl_crc32c_sse42, .rank = 15, .oneshot = hb_crc32c_oneshot_sse42 },
    { .algo = "crc32c", .impl = &hb_impl_crc32c_clmul, .rank = 10, .oneshot = hb_crc32c_oneshot_clmul },
    { .algo = "crc32c", .impl = &hb_impl_crc32c_vpclmul, .rank = 20, .oneshot = hb_crc32c_oneshot_vpclmul },
    /* under the zmm vpclmul (AVX-512 cores keep it), above sse42: Zen 3,
     * docs/impl-crc.md "CRC-32C on Zen 3" */
    { .algo = "crc32c", .impl = &hb_impl_crc32c_fused256, .rank = 17, .oneshot = hb_crc32c_oneshot_fused256 },
    { .algo = "crc64", .impl = &hb_impl_crc64_clmul, .rank = 10, .oneshot = hb_crc64_oneshot_clmul },
    { .algo = "crc64", .impl = &hb_impl_crc64_vpclmul, .rank = 20, .oneshot = hb_crc64_oneshot_vpclmul },
    { .algo = "crc64-xz", .impl = &hb_impl_crc64_xz_clmul, .rank = 10, .oneshot = hb_crc64_xz_oneshot_clmul },
    { .algo = "crc64-xz", .impl = &hb_impl_crc64_xz_vpclmul, .rank = 20, .oneshot = hb_crc64_xz_oneshot_vpclmul },
    { .algo = "crc16", .impl = &hb_impl_crc16_clmul, .rank = 10, .oneshot = hb_crc16_oneshot_clmul },
    { .algo = "crc16", .impl = &hb_impl_crc16_vpclmul, .rank = 20, .oneshot = hb_crc16_oneshot_vpclmul },
    /* under vpclmul: Zen 4 gains nothing from it (the multiplier is its
     * bound, docs/impl-crc.md "Zen 5 (issue 34)"); tune picks it where
     * it measures faster */
    { .algo = "crc32", .impl = &hb_impl_crc32_vpclmul_x8, .rank = 19, .oneshot = hb_crc32_oneshot_vpclmul_x8 },
    { .algo = "crc32c", .impl = &hb_impl_crc32c_vpclmul_x8, .rank = 19, .oneshot = hb_crc32c_oneshot_vpclmul_x8 },
    { .algo = "crc64", .impl = &hb_impl_crc64_vpclmul_x8, .rank = 19, .oneshot = hb_crc64_oneshot_vpclmul_x8 },
    { .algo = "crc64-xz", .impl = &hb_impl_crc64_xz_vpclmul_x8, .rank = 19, .oneshot = hb_crc64_xz_oneshot_vpclmul_x8 },
    { .algo = "crc16", .impl = &hb_impl_crc16_vpclmul_x8, .rank = 19, .oneshot = hb_crc16_oneshot_vpclmul_x8 },
    { .algo = "crc32", .impl = &hb_impl_crc32_vpclmul256, .rank = 18, .oneshot = hb_crc32_oneshot_vpclmul256 },
    { .algo = "crc32c", .impl = &hb_impl_crc32c_vpclmul256, .rank = 16, .oneshot = hb_crc32c_oneshot_vpclmul256 },
    { .algo = "crc64", .impl = &hb_impl_crc64_vpclmul256, .rank = 18, .oneshot = hb_crc64_oneshot_vpclmul256 },
    { .algo = "crc64-xz", .impl = &hb_impl_crc64_xz_vpclmul256, .rank = 18, .oneshot = hb_crc64_xz_oneshot_vpclmul256 },
    { .algo = "crc16", .impl = &hb_impl_crc16_vpclmul256, .rank = 18, .oneshot = hb_crc16_oneshot_vpclmul256 },
    { 0 }
};
