/* SHA-3 on x86-64: its rows (src/impl_rows.h).  Ranks from
 * docs/impl-xxh3-adler-sha3.md: on Zen 5 (the default) avx512 > bmi2 >
 * fast; on Zen 4 ("SHA-3 on Zen 4") the AVX-512 planes run on 256-bit
 * units and bmi2 (andn, rorx) wins; on Zen 3 and other cores without
 * AVX-512 ("Zen 3 / AVX2-class cores") bmi2 beats fast, and avx512 (where
 * a core tuned as Zen 3 meets it: HB_X86_CORE=zen3 on an AVX-512 core)
 * stays above it.  Built at the baseline: the `available` functions run
 * before any AVX instruction may. */
#include "algorithms/sha3/x86/sha3_x86.h"
#include "algorithms/common/oneshot.h"

HB_X86_IMPL(hb_impl_sha3_256_avx512, "avx512", HB_X86_ISA_AVX512, hb_sha3_256_ctx,
            hb_sha3_256_init, hb_sha3_update_avx512, hb_sha3_final_avx512, 0);
HB_X86_IMPL(hb_impl_sha3_384_avx512, "avx512", HB_X86_ISA_AVX512, hb_sha3_384_ctx,
            hb_sha3_384_init, hb_sha3_update_avx512, hb_sha3_final_avx512, 0);
HB_X86_IMPL(hb_impl_sha3_512_avx512, "avx512", HB_X86_ISA_AVX512, hb_sha3_512_ctx,
            hb_sha3_512_init, hb_sha3_update_avx512, hb_sha3_final_avx512, 0);
#define HB_SHA3_X86_BMI2 (HB_X86_BMI1 | HB_X86_BMI2)
HB_X86_IMPL(hb_impl_sha3_256_bmi2, "bmi2", HB_SHA3_X86_BMI2, hb_sha3_256_ctx,
            hb_sha3_256_init, hb_sha3_update_bmi2, hb_sha3_final_bmi2, 0);
HB_X86_IMPL(hb_impl_sha3_384_bmi2, "bmi2", HB_SHA3_X86_BMI2, hb_sha3_384_ctx,
            hb_sha3_384_init, hb_sha3_update_bmi2, hb_sha3_final_bmi2, 0);
HB_X86_IMPL(hb_impl_sha3_512_bmi2, "bmi2", HB_SHA3_X86_BMI2, hb_sha3_512_ctx,
            hb_sha3_512_init, hb_sha3_update_bmi2, hb_sha3_final_bmi2, 0);

/* the AVX-512 one-shots: the context on one function's stack (the bmi2
 * ones hash straight from the input, sha3_bmi2.c) */
HB_DEFINE_ONESHOT(sha3_256_avx512_oneshot, hb_sha3_256_ctx, hb_sha3_256_init, hb_sha3_update_avx512,
                  hb_sha3_final_avx512)
HB_DEFINE_ONESHOT(sha3_384_avx512_oneshot, hb_sha3_384_ctx, hb_sha3_384_init, hb_sha3_update_avx512,
                  hb_sha3_final_avx512)
HB_DEFINE_ONESHOT(sha3_512_avx512_oneshot, hb_sha3_512_ctx, hb_sha3_512_init, hb_sha3_update_avx512,
                  hb_sha3_final_avx512)

#define AVX512_RANKS HB_CORE_RANKS({ "zen3", 3 })
#define BMI2_RANKS HB_CORE_RANKS({ "zen3", 2 }, { "zen4", 3 })

const hb_impl_row hb_sha3_x86_rows[] = {
    { .algo = "sha3-256", .impl = &hb_impl_sha3_256_avx512, .rank = 2,
      .oneshot = sha3_256_avx512_oneshot, .core_ranks = AVX512_RANKS },
    { .algo = "sha3-384", .impl = &hb_impl_sha3_384_avx512, .rank = 2,
      .oneshot = sha3_384_avx512_oneshot, .core_ranks = AVX512_RANKS },
    { .algo = "sha3-512", .impl = &hb_impl_sha3_512_avx512, .rank = 2,
      .oneshot = sha3_512_avx512_oneshot, .core_ranks = AVX512_RANKS },
    { .algo = "sha3-256", .impl = &hb_impl_sha3_256_bmi2, .rank = 1,
      .oneshot = hb_sha3_256_oneshot_bmi2, .core_ranks = BMI2_RANKS },
    { .algo = "sha3-384", .impl = &hb_impl_sha3_384_bmi2, .rank = 1,
      .oneshot = hb_sha3_384_oneshot_bmi2, .core_ranks = BMI2_RANKS },
    { .algo = "sha3-512", .impl = &hb_impl_sha3_512_bmi2, .rank = 1,
      .oneshot = hb_sha3_512_oneshot_bmi2, .core_ranks = BMI2_RANKS },
    { 0 }
};
