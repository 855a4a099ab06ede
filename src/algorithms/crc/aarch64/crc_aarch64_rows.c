/* The CRC family on aarch64: its rows (src/impl_rows.h), with their dispatch ranks
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
#include "algorithms/common/arm_impl.h"
#include "crc_arm.h"

static int has_pmull(void)
{
    return hb_arm_has(HB_ARM_PMULL);
}

static int has_crc(void)
{
    return hb_arm_has(HB_ARM_CRC32);
}

HB_DEFINE_IMPL_IF(hb_impl_crc32_crc, "crc", has_crc, hb_crc32_ctx, hb_crc32_init,
                  hb_crc32_update_crc, hb_crc32_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc32_pmull, "pmull", has_pmull, hb_crc32_ctx, hb_crc32_init,
                  hb_crc32_update_pmull, hb_crc32_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc32c_crc, "crc", has_crc, hb_crc32c_ctx, hb_crc32c_init,
                  hb_crc32c_update_crc, hb_crc32c_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc32c_pmull, "pmull", has_pmull, hb_crc32c_ctx, hb_crc32c_init,
                  hb_crc32c_update_pmull, hb_crc32c_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc64_pmull, "pmull", has_pmull, hb_crc64_ctx, hb_crc64_init,
                  hb_crc64_update_pmull, hb_crc64_final_fast, 0);
HB_DEFINE_IMPL_IF(hb_impl_crc64_xz_pmull, "pmull", has_pmull, hb_crc64_xz_ctx, hb_crc64_xz_init,
                  hb_crc64_xz_update_pmull, hb_crc64_xz_final_fast, 0);

const hb_impl_row hb_crc_aarch64_rows[] = {
    { .algo = "crc32", .impl = &hb_impl_crc32_crc, .rank = 3 },
    { .algo = "crc32", .impl = &hb_impl_crc32_pmull, .rank = 2 },
    { .algo = "crc32c", .impl = &hb_impl_crc32c_crc, .rank = 3 },
    { .algo = "crc32c", .impl = &hb_impl_crc32c_pmull, .rank = 2 },
    { .algo = "crc64", .impl = &hb_impl_crc64_pmull, .rank = 2 },
    { .algo = "crc64-xz", .impl = &hb_impl_crc64_xz_pmull, .rank = 2 },
    { 0 }
};
