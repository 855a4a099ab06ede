/* Adler-32 on x86-64: its rows (src/impl_rows.h), ranks from the
 * measurements of docs/impl-xxh3-adler-sha3.md (avx512 > avx2 > fast at
 * every size from 64 bytes).  Built at the baseline: the `available`
 * functions run before any AVX instruction may. */
#include "algorithms/adler/x86/adler_x86.h"
#include "algorithms/common/oneshot.h"

HB_X86_IMPL(hb_impl_adler32_avx2, "avx2", HB_X86_ISA_AVX2, hb_adler32_ctx,
            hb_adler32_init, hb_adler32_update_avx2, hb_adler32_final_fast, 0);
HB_X86_IMPL(hb_impl_adler32_avx512, "avx512", HB_X86_ISA_AVX512, hb_adler32_ctx,
            hb_adler32_init, hb_adler32_update_avx512, hb_adler32_final_fast, 0);

extern const hb_impl hb_impl_adler32_fast;       /* adler_register.c */

/* one-shot functions: the context on one function's stack */
HB_DEFINE_ONESHOT(adler32_fast_oneshot, hb_adler32_ctx, hb_adler32_init, hb_adler32_update_fast,
                  hb_adler32_final_fast)
HB_DEFINE_ONESHOT(adler32_avx2_oneshot, hb_adler32_ctx, hb_adler32_init, hb_adler32_update_avx2,
                  hb_adler32_final_fast)
HB_DEFINE_ONESHOT(adler32_avx512_oneshot, hb_adler32_ctx, hb_adler32_init,
                  hb_adler32_update_avx512, hb_adler32_final_fast)

const hb_impl_row hb_adler_x86_rows[] = {
    { .algo = "adler32", .impl = &hb_impl_adler32_fast, .rank = 1, .oneshot = adler32_fast_oneshot },
    { .algo = "adler32", .impl = &hb_impl_adler32_avx2, .rank = 2, .oneshot = adler32_avx2_oneshot },
    { .algo = "adler32", .impl = &hb_impl_adler32_avx512, .rank = 3, .oneshot = adler32_avx512_oneshot },
    { 0 }
};
