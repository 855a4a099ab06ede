/* The tiny family on x86-64: its rows (src/impl_rows.h), with their dispatch
 * ranks (higher wins; portable C is 0, fast C 1).  Ranks by the measurements of
 * docs/impl-tiny.md: each new form is faster than portable and fast at
 * every size from 64 bytes up. */
#include "tiny_x86.h"

extern const hb_impl hb_impl_fnv1a32_portable;     /* tiny_register.c */

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

const hb_impl_row hb_tiny_x86_rows[] = {
    { .algo = "djb2", .impl = &hb_impl_djb2_avx2, .rank = 2 },
    { .algo = "sdbm", .impl = &hb_impl_sdbm_avx2, .rank = 2 },
    { .algo = "djb2", .impl = &hb_impl_djb2_avx512, .rank = 3 },
    { .algo = "sdbm", .impl = &hb_impl_sdbm_avx512, .rank = 3 },
    { .algo = "oat", .impl = &hb_impl_oat_x64, .rank = 2 },
    { .algo = "pjw", .impl = &hb_impl_pjw_x64, .rank = 2 },
    { .algo = "pearson8", .impl = &hb_impl_pearson8_x64, .rank = 2 },
    /* fnv1a32 `fast` replaces the multiply by shifts and adds: 1.4x on the
     * 6502, but 0.75x where a 32-bit multiply takes 3 cycles (measured on
     * x86-64: 259-324 MB/s portable, 202-236 MB/s fast at 1 MiB), so
     * portable ranks above it here */
    { .algo = "fnv1a32", .impl = &hb_impl_fnv1a32_portable, .rank = 2 },
    { 0 }
};
