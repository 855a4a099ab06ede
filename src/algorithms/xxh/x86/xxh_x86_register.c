/* The x86-64 implementations of XXH32 and XXH64, with their dispatch ranks
 * (higher wins; portable C is 0, fast C 1).  Each runs its vector loop only
 * on the lengths where that measured faster than `fast`, and `fast`'s
 * scalar loop on the others (the thresholds in xxh_x86.h), so each ranks
 * above `fast`; XXH32's IFMA form above its plain AVX-512 one, which it
 * beats from 128 bytes on and equals below (docs/impl-xxh.md).  Built at
 * the baseline: the `available` functions run before any AVX instruction
 * may.  The one-shot functions are listed in xxh_oneshot.c. */
#include "algorithms/xxh/x86/xxh_x86.h"
#include "algorithms/xxh/x86/vector_x86.h"

/* what the suffix _avx512ifma lets the compiler use: _avx512's
 * (HB_X86_ISA_AVX512, arch/x86/x86_impl.h) and -mavx512ifma */
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

const hb_extra_impl hb_x86_xxh_impls[] = {
    { "xxh32", &hb_impl_xxh32_avx512, 2 },
    { "xxh32", &hb_impl_xxh32_avx512ifma, 3 },
    { "xxh64", &hb_impl_xxh64_avx512, 2 },
    /* rank 1, after `fast` (which wins the tie): picked only where the
     * core's tuning raises it (tuning_x86.c, other_ranks: cores without
     * AVX-512 measured on Zen 3), so Zen 4 and 5 keep their choices */
    { "xxh32", &hb_impl_xxh32_avx2, 1 },
    { "xxh64", &hb_impl_xxh64_avx2, 1 },
    { 0, 0, 0 }
};
