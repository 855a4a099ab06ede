/* The x86-64 implementations of this family group, with their dispatch
 * ranks (higher wins; portable C is 0, fast C 1).  Ranks follow the
 * measurements in docs/impl-xxh3-adler-sha3.md, on Zen 5; the SHA-3 `bmi2`
 * form ranks first on Zen 4 and, without AVX-512, on tuning "other" (Zen 3;
 * src/arch/x86/tuning_x86.c).  Built at the baseline:
 * the `available` functions run before any AVX instruction may. */
#include "algorithms/xxh/x86/vector_x86.h"

HB_X86_IMPL(hb_impl_xxh3_64_avx2, "avx2", HB_X86_ISA_AVX2, hb_xxh3_64_ctx,
                   hb_xxh3_64_init, hb_xxh3_64_update_avx2, hb_xxh3_64_final_avx2, 0);
HB_X86_IMPL(hb_impl_xxh3_64_avx512, "avx512", HB_X86_ISA_AVX512, hb_xxh3_64_ctx,
                   hb_xxh3_64_init, hb_xxh3_64_update_avx512, hb_xxh3_64_final_avx512, 0);
HB_X86_IMPL(hb_impl_xxh3_128_avx2, "avx2", HB_X86_ISA_AVX2, hb_xxh3_128_ctx,
                   hb_xxh3_128_init, hb_xxh3_128_update_avx2, hb_xxh3_128_final_avx2, 0);
HB_X86_IMPL(hb_impl_xxh3_128_avx512, "avx512", HB_X86_ISA_AVX512, hb_xxh3_128_ctx,
                   hb_xxh3_128_init, hb_xxh3_128_update_avx512, hb_xxh3_128_final_avx512, 0);
HB_X86_IMPL(hb_impl_adler32_avx2, "avx2", HB_X86_ISA_AVX2, hb_adler32_ctx,
                   hb_adler32_init, hb_adler32_update_avx2, hb_adler32_final_fast, 0);
HB_X86_IMPL(hb_impl_adler32_avx512, "avx512", HB_X86_ISA_AVX512, hb_adler32_ctx,
                   hb_adler32_init, hb_adler32_update_avx512, hb_adler32_final_fast, 0);
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

const hb_extra_impl hb_x86_vector_impls[] = {
    { "xxh3-64", &hb_impl_xxh3_64_avx2, 2 },
    { "xxh3-64", &hb_impl_xxh3_64_avx512, 3 },
    { "xxh3-128", &hb_impl_xxh3_128_avx2, 2 },
    { "xxh3-128", &hb_impl_xxh3_128_avx512, 3 },
    { "adler32", &hb_impl_adler32_avx2, 2 },
    { "adler32", &hb_impl_adler32_avx512, 3 },
    { "sha3-256", &hb_impl_sha3_256_avx512, 2 },
    { "sha3-384", &hb_impl_sha3_384_avx512, 2 },
    { "sha3-512", &hb_impl_sha3_512_avx512, 2 },
    { "sha3-256", &hb_impl_sha3_256_bmi2, 1 },
    { "sha3-384", &hb_impl_sha3_384_bmi2, 1 },
    { "sha3-512", &hb_impl_sha3_512_bmi2, 1 },
    { 0, 0, 0 }
};

/* One-shot functions (hb_oneshot): XXH3 and SHA-3 bmi2 straight from the
 * input, Adler-32 and SHA-3 avx512 through src/algorithms/common/oneshot.h. */
#include "algorithms/common/oneshot.h"

HB_DEFINE_ONESHOT(adler32_avx2_oneshot, hb_adler32_ctx, hb_adler32_init,
                  hb_adler32_update_avx2, hb_adler32_final_fast)
HB_DEFINE_ONESHOT(adler32_avx512_oneshot, hb_adler32_ctx, hb_adler32_init,
                  hb_adler32_update_avx512, hb_adler32_final_fast)
HB_DEFINE_ONESHOT(sha3_256_avx512_oneshot, hb_sha3_256_ctx, hb_sha3_256_init, hb_sha3_update_avx512,
                  hb_sha3_final_avx512)
HB_DEFINE_ONESHOT(sha3_384_avx512_oneshot, hb_sha3_384_ctx, hb_sha3_384_init, hb_sha3_update_avx512,
                  hb_sha3_final_avx512)
HB_DEFINE_ONESHOT(sha3_512_avx512_oneshot, hb_sha3_512_ctx, hb_sha3_512_init, hb_sha3_update_avx512,
                  hb_sha3_final_avx512)

const hb_oneshot hb_x86_vector_oneshots[] = {
    { &hb_impl_xxh3_64_avx2, hb_xxh3_64_oneshot_avx2 },
    { &hb_impl_xxh3_64_avx512, hb_xxh3_64_oneshot_avx512 },
    { &hb_impl_xxh3_128_avx2, hb_xxh3_128_oneshot_avx2 },
    { &hb_impl_xxh3_128_avx512, hb_xxh3_128_oneshot_avx512 },
    { &hb_impl_adler32_avx2, adler32_avx2_oneshot },
    { &hb_impl_adler32_avx512, adler32_avx512_oneshot },
    { &hb_impl_sha3_256_avx512, sha3_256_avx512_oneshot },
    { &hb_impl_sha3_384_avx512, sha3_384_avx512_oneshot },
    { &hb_impl_sha3_512_avx512, sha3_512_avx512_oneshot },
    { &hb_impl_sha3_256_bmi2, hb_sha3_256_oneshot_bmi2 },
    { &hb_impl_sha3_384_bmi2, hb_sha3_384_oneshot_bmi2 },
    { &hb_impl_sha3_512_bmi2, hb_sha3_512_oneshot_bmi2 },
    { 0, 0 }
};
