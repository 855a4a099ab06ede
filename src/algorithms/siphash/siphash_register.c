/* Registry entry for SipHash-2-4. */
#include "../common/register.h"
#include "hashbench/siphash.h"

HB_DEFINE_IMPL(hb_impl_siphash_2_4_portable, "portable", hb_siphash_2_4_ctx, hb_siphash_2_4_init,
               hb_siphash_2_4_update_portable, hb_siphash_2_4_final_portable,
               hb_siphash_2_4_params_portable);
HB_DEFINE_IMPL(hb_impl_siphash_2_4_fast, "fast", hb_siphash_2_4_ctx, hb_siphash_2_4_init,
               hb_siphash_2_4_update_fast, hb_siphash_2_4_final_fast,
               hb_siphash_2_4_params_fast);
static const hb_impl *const siphash_2_4_impls[] = { &hb_impl_siphash_2_4_portable,
                                                    &hb_impl_siphash_2_4_fast };
const hb_algo hb_algo_siphash_2_4 = { "siphash-2-4", "SipHash-2-4", HB_TIER_NONCRYPTO, 8, 8,
                                      siphash_2_4_impls, HB_COUNT_OF(siphash_2_4_impls) };
