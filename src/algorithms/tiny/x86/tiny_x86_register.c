/* The x86-64 implementations of the tiny family, with their dispatch ranks
 * (higher wins; portable C is 0, fast C 1).  Ranks by the measurements of
 * docs/impl-tiny.md: each new form is faster than portable and fast at
 * every size from 64 bytes up. */
#include "tiny_x86.h"

HB_X86_IMPL(hb_impl_djb2_avx2, "avx2", HB_X86_ISA_AVX2, hb_djb2_ctx, hb_djb2_init,
                 hb_djb2_update_avx2, hb_djb2_final_portable, 0);
HB_X86_IMPL(hb_impl_sdbm_avx2, "avx2", HB_X86_ISA_AVX2, hb_sdbm_ctx, hb_sdbm_init,
                 hb_sdbm_update_avx2, hb_sdbm_final_portable, 0);
HB_X86_IMPL(hb_impl_djb2_avx512, "avx512", HB_X86_ISA_AVX512, hb_djb2_ctx, hb_djb2_init,
                 hb_djb2_update_avx512, hb_djb2_final_portable, 0);
HB_X86_IMPL(hb_impl_sdbm_avx512, "avx512", HB_X86_ISA_AVX512, hb_sdbm_ctx, hb_sdbm_init,
                 hb_sdbm_update_avx512, hb_sdbm_final_portable, 0);
HB_X86_IMPL(hb_impl_oat_x64, "x64", HB_TINY_X86_BASE, hb_oat_ctx, hb_oat_init,
                 hb_oat_update_x64, hb_oat_final_portable, 0);
HB_X86_IMPL(hb_impl_pjw_x64, "x64", HB_TINY_X86_BASE, hb_pjw_ctx, hb_pjw_init,
                 hb_pjw_update_x64, hb_pjw_final_portable, 0);
HB_X86_IMPL(hb_impl_pearson8_x64, "x64", HB_TINY_X86_BASE, hb_pearson8_ctx, hb_pearson8_init,
                 hb_pearson8_update_x64, hb_pearson8_final_portable, 0);

const hb_extra_impl hb_x86_tiny_impls[] = {
    { "djb2", &hb_impl_djb2_avx2, 2 },
    { "sdbm", &hb_impl_sdbm_avx2, 2 },
    { "djb2", &hb_impl_djb2_avx512, 3 },
    { "sdbm", &hb_impl_sdbm_avx512, 3 },
    { "oat", &hb_impl_oat_x64, 2 },
    { "pjw", &hb_impl_pjw_x64, 2 },
    { "pearson8", &hb_impl_pearson8_x64, 2 },
    { 0, 0, 0 }
};
