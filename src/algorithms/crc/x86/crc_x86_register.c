/* The x86-64 implementations of the CRC family, with their dispatch ranks
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
#include "../../common/register.h"
#include "arch/x86/cpu_x86.h"
#include "crc_x86.h"

/* HB_DEFINE_IMPL with an `available` function (register.h's macro sets it
 * to 0, "runs everywhere"). */
#define HB_DEFINE_X86_IMPL(sym, implname, ctx_t, init_fn, update_fn, final_fn, avail_fn) \
    static void sym##_init_(void *c) { init_fn((ctx_t *)c); }                          \
    static void sym##_update_(void *c, const uint8_t *p, size_t n)                    \
    { update_fn((ctx_t *)c, p, n); }                                                   \
    static void sym##_final_(void *c, uint8_t *d) { final_fn((ctx_t *)c, d); }          \
    static const hb_impl sym = { implname, avail_fn, sizeof(ctx_t), sym##_init_,       \
                                 sym##_update_, sym##_final_, 0 }

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

HB_DEFINE_X86_IMPL(crc32_clmul, "clmul", hb_crc32_ctx, hb_crc32_init,
                   hb_crc32_update_clmul, hb_crc32_final_fast, has_clmul);
HB_DEFINE_X86_IMPL(crc32_vpclmul, "vpclmul", hb_crc32_ctx, hb_crc32_init,
                   hb_crc32_update_vpclmul, hb_crc32_final_fast, has_vpclmul);
HB_DEFINE_X86_IMPL(crc32c_sse42, "sse42", hb_crc32c_ctx, hb_crc32c_init,
                   hb_crc32c_update_sse42, hb_crc32c_final_fast, has_sse42);
HB_DEFINE_X86_IMPL(crc32c_fused256, "fused256", hb_crc32c_ctx, hb_crc32c_init,
                   hb_crc32c_update_fused256, hb_crc32c_final_fast, has_fused256);
HB_DEFINE_X86_IMPL(crc32c_clmul, "clmul", hb_crc32c_ctx, hb_crc32c_init,
                   hb_crc32c_update_clmul, hb_crc32c_final_fast, has_clmul_sse42);
HB_DEFINE_X86_IMPL(crc32c_vpclmul, "vpclmul", hb_crc32c_ctx, hb_crc32c_init,
                   hb_crc32c_update_vpclmul, hb_crc32c_final_fast, has_vpclmul);
HB_DEFINE_X86_IMPL(crc64_clmul, "clmul", hb_crc64_ctx, hb_crc64_init,
                   hb_crc64_update_clmul, hb_crc64_final_fast, has_clmul);
HB_DEFINE_X86_IMPL(crc64_vpclmul, "vpclmul", hb_crc64_ctx, hb_crc64_init,
                   hb_crc64_update_vpclmul, hb_crc64_final_fast, has_vpclmul);
HB_DEFINE_X86_IMPL(crc64_xz_clmul, "clmul", hb_crc64_xz_ctx, hb_crc64_xz_init,
                   hb_crc64_xz_update_clmul, hb_crc64_xz_final_fast, has_clmul);
HB_DEFINE_X86_IMPL(crc64_xz_vpclmul, "vpclmul", hb_crc64_xz_ctx, hb_crc64_xz_init,
                   hb_crc64_xz_update_vpclmul, hb_crc64_xz_final_fast, has_vpclmul);
HB_DEFINE_X86_IMPL(crc16_clmul, "clmul", hb_crc16_ctx, hb_crc16_init,
                   hb_crc16_update_clmul, hb_crc16_final_fast, has_clmul);
HB_DEFINE_X86_IMPL(crc16_vpclmul, "vpclmul", hb_crc16_ctx, hb_crc16_init,
                   hb_crc16_update_vpclmul, hb_crc16_final_fast, has_vpclmul);

HB_DEFINE_X86_IMPL(crc32_vpclmul256, "vpclmul256", hb_crc32_ctx, hb_crc32_init,
                   hb_crc32_update_vpclmul256, hb_crc32_final_fast, has_vpclmul256);
HB_DEFINE_X86_IMPL(crc32c_vpclmul256, "vpclmul256", hb_crc32c_ctx, hb_crc32c_init,
                   hb_crc32c_update_vpclmul256, hb_crc32c_final_fast, has_vpclmul256);
HB_DEFINE_X86_IMPL(crc64_vpclmul256, "vpclmul256", hb_crc64_ctx, hb_crc64_init,
                   hb_crc64_update_vpclmul256, hb_crc64_final_fast, has_vpclmul256);
HB_DEFINE_X86_IMPL(crc64_xz_vpclmul256, "vpclmul256", hb_crc64_xz_ctx, hb_crc64_xz_init,
                   hb_crc64_xz_update_vpclmul256, hb_crc64_xz_final_fast, has_vpclmul256);
HB_DEFINE_X86_IMPL(crc16_vpclmul256, "vpclmul256", hb_crc16_ctx, hb_crc16_init,
                   hb_crc16_update_vpclmul256, hb_crc16_final_fast, has_vpclmul256);

const hb_extra_impl hb_x86_crc_impls[] = {
    { "crc32", &crc32_clmul, 10 },
    { "crc32", &crc32_vpclmul, 20 },
    { "crc32c", &crc32c_sse42, 15 },
    { "crc32c", &crc32c_clmul, 10 },
    { "crc32c", &crc32c_vpclmul, 20 },
    /* under the zmm vpclmul (AVX-512 cores keep it), above sse42: Zen 3,
     * docs/impl-crc.md "CRC-32C on Zen 3" */
    { "crc32c", &crc32c_fused256, 17 },
    { "crc64", &crc64_clmul, 10 },
    { "crc64", &crc64_vpclmul, 20 },
    { "crc64-xz", &crc64_xz_clmul, 10 },
    { "crc64-xz", &crc64_xz_vpclmul, 20 },
    { "crc16", &crc16_clmul, 10 },
    { "crc16", &crc16_vpclmul, 20 },
    { "crc32", &crc32_vpclmul256, 18 },
    { "crc32c", &crc32c_vpclmul256, 16 },
    { "crc64", &crc64_vpclmul256, 18 },
    { "crc64-xz", &crc64_xz_vpclmul256, 18 },
    { "crc16", &crc16_vpclmul256, 18 },
    { 0, 0, 0 }
};

/* One-shot functions of the same kernels (crc_x86.h): the benchmark times
 * one call per message through these, as it does the peers' crc32_z and
 * crc32_iscsi.  Each is one function with the register kept in a register
 * (not init + update + final through a context on the stack). */
const hb_oneshot hb_x86_crc_oneshots[] = {
    { &crc32_clmul, hb_crc32_oneshot_clmul },
    { &crc32_vpclmul, hb_crc32_oneshot_vpclmul },
    { &crc32c_sse42, hb_crc32c_oneshot_sse42 },
    { &crc32c_clmul, hb_crc32c_oneshot_clmul },
    { &crc32c_vpclmul, hb_crc32c_oneshot_vpclmul },
    { &crc32c_fused256, hb_crc32c_oneshot_fused256 },
    { &crc64_clmul, hb_crc64_oneshot_clmul },
    { &crc64_vpclmul, hb_crc64_oneshot_vpclmul },
    { &crc64_xz_clmul, hb_crc64_xz_oneshot_clmul },
    { &crc64_xz_vpclmul, hb_crc64_xz_oneshot_vpclmul },
    { &crc16_clmul, hb_crc16_oneshot_clmul },
    { &crc16_vpclmul, hb_crc16_oneshot_vpclmul },
    { &crc32_vpclmul256, hb_crc32_oneshot_vpclmul256 },
    { &crc32c_vpclmul256, hb_crc32c_oneshot_vpclmul256 },
    { &crc64_vpclmul256, hb_crc64_oneshot_vpclmul256 },
    { &crc64_xz_vpclmul256, hb_crc64_xz_oneshot_vpclmul256 },
    { &crc16_vpclmul256, hb_crc16_oneshot_vpclmul256 },
    { 0, 0 }
};
