/* Registry entries of the adler family. */
#include "../common/register.h"
#include "hashbench/adler.h"

HB_DEFINE_IMPL(hb_impl_adler32_portable, "portable", hb_adler32_ctx, hb_adler32_init,
               hb_adler32_update_portable, hb_adler32_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_adler32_fast, "fast", hb_adler32_ctx, hb_adler32_init,
               hb_adler32_update_fast, hb_adler32_final_fast, 0);
static const hb_impl *const adler32_impls[] = { &hb_impl_adler32_portable, &hb_impl_adler32_fast };
const hb_algo hb_algo_adler32 = { "adler32", "Adler-32", HB_TIER_CHECKSUM, 4, 1,
                                  adler32_impls, HB_COUNT_OF(adler32_impls) };
