/* The x86-64 implementations of the Fletcher family, with their dispatch
 * ranks (higher wins; portable C is 0, fast C 1; docs/impl-fletcher-murmur3.md):
 *   - Fletcher-64 `x64` beats fast from 64 bytes up.  It asks for SSE2,
 *     which every x86-64 CPU has, only so that HB_X86_MASK can switch it
 *     off and the tests reach `fast` and `portable`.
 *   - Fletcher-32 `avx2` ranks 0 here, below fast (Zen 5 was not
 *     measured), and first on Zen 4 and Zen 3 (its core ranks below), the
 *     cores it was measured on; the tests run it wherever the CPU has AVX2. */
#include "fletcher_x86.h"

HB_X86_IMPL(hb_impl_fletcher32_avx2, "avx2", HB_X86_ISA_AVX2,
            hb_fletcher32_ctx, hb_fletcher32_init, hb_fletcher32_update_avx2,
            hb_fletcher32_final_fast, 0);
HB_X86_IMPL(hb_impl_fletcher64_x64, "x64", HB_X86_SSE2, hb_fletcher64_ctx, hb_fletcher64_init,
            hb_fletcher64_update_x64, hb_fletcher64_final_fast, 0);

const hb_impl_row hb_fletcher_x86_rows[] = {
    { .algo = "fletcher32", .impl = &hb_impl_fletcher32_avx2, .rank = 0,
      /* docs/impl-fletcher-murmur3.md, "Zen 4" and "Zen 3": above fast (1) */
      .core_ranks = HB_CORE_RANKS({ "zen4", 2 }, { "zen3", 2 }) },
    { .algo = "fletcher64", .impl = &hb_impl_fletcher64_x64, .rank = 2 },
    { 0 }
};
