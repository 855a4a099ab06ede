/* The aarch64 implementations of the CRC family, with their dispatch ranks
 * (higher wins; portable C is 0, fast C 1).
 *
 * crc32/crc32c: the CRC32 instructions rank above PMULL folding.  QEMU
 * cannot time anything, so this rests on what is known of real cores and
 * on the instruction counts (docs/impl-aarch64.md): on the Cortex-A53 the
 * CRC instructions are the faster of the two (the reason Linux dropped its
 * PMULL crc32 driver for arm64 in 2018), they need no 128-byte run-up and
 * no reduction, and PMULL is optional in ARMv8 while the CRC instructions
 * are mandatory from ARMv8.1.  Wide out-of-order cores (Neoverse V, Apple)
 * can fold faster at large sizes; this table cannot say which core it runs
 * on.  crc64/crc64-xz: PMULL only (no instruction knows their polynomial).
 *
 * Compiled for the baseline: it only names the kernels, which run once
 * `available` says the CPU has their instructions. */
#include "../../common/register.h"
#include "arch/aarch64/cpu_aarch64.h"
#include "crc_arm.h"

/* HB_DEFINE_IMPL with an `available` function */
#define HB_DEFINE_ARM_IMPL(sym, implname, ctx_t, init_fn, update_fn, final_fn, avail_fn) \
    static void sym##_init_(void *c) { init_fn((ctx_t *)c); }                          \
    static void sym##_update_(void *c, const uint8_t *p, size_t n)                    \
    { update_fn((ctx_t *)c, p, n); }                                                   \
    static void sym##_final_(void *c, uint8_t *d) { final_fn((ctx_t *)c, d); }          \
    static const hb_impl sym = { implname, avail_fn, sizeof(ctx_t), sym##_init_,       \
                                 sym##_update_, sym##_final_, 0 }

static int has_pmull(void)
{
    return hb_arm_has(HB_ARM_PMULL);
}

static int has_crc(void)
{
    return hb_arm_has(HB_ARM_CRC32);
}

HB_DEFINE_ARM_IMPL(crc32_crc, "crc", hb_crc32_ctx, hb_crc32_init, hb_crc32_update_crc,
                   hb_crc32_final_fast, has_crc);
HB_DEFINE_ARM_IMPL(crc32_pmull, "pmull", hb_crc32_ctx, hb_crc32_init, hb_crc32_update_pmull,
                   hb_crc32_final_fast, has_pmull);
HB_DEFINE_ARM_IMPL(crc32c_crc, "crc", hb_crc32c_ctx, hb_crc32c_init, hb_crc32c_update_crc,
                   hb_crc32c_final_fast, has_crc);
HB_DEFINE_ARM_IMPL(crc32c_pmull, "pmull", hb_crc32c_ctx, hb_crc32c_init,
                   hb_crc32c_update_pmull, hb_crc32c_final_fast, has_pmull);
HB_DEFINE_ARM_IMPL(crc64_pmull, "pmull", hb_crc64_ctx, hb_crc64_init, hb_crc64_update_pmull,
                   hb_crc64_final_fast, has_pmull);
HB_DEFINE_ARM_IMPL(crc64_xz_pmull, "pmull", hb_crc64_xz_ctx, hb_crc64_xz_init,
                   hb_crc64_xz_update_pmull, hb_crc64_xz_final_fast, has_pmull);

const hb_extra_impl hb_arm_crc_impls[] = {
    { "crc32", &crc32_crc, 3 },
    { "crc32", &crc32_pmull, 2 },
    { "crc32c", &crc32c_crc, 3 },
    { "crc32c", &crc32c_pmull, 2 },
    { "crc64", &crc64_pmull, 2 },
    { "crc64-xz", &crc64_xz_pmull, 2 },
    { 0, 0, 0 }
};
