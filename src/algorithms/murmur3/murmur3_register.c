/* Registry entries for MurmurHash3_x86_32 and MurmurHash3_x64_128. */
#include "../common/register.h"
#include "hashbench/murmur3.h"

HB_DEFINE_IMPL(hb_impl_murmur3_32_portable, "portable", hb_murmur3_32_ctx, hb_murmur3_32_init,
               hb_murmur3_32_update_portable, hb_murmur3_32_final_portable,
               hb_murmur3_32_params_portable);
HB_DEFINE_IMPL(hb_impl_murmur3_32_fast, "fast", hb_murmur3_32_ctx, hb_murmur3_32_init,
               hb_murmur3_32_update_fast, hb_murmur3_32_final_fast,
               hb_murmur3_32_params_fast);
static const hb_impl *const murmur3_32_impls[] = { &hb_impl_murmur3_32_portable,
                                                   &hb_impl_murmur3_32_fast };
const hb_algo hb_algo_murmur3_32 = { "murmur3-32", "Murmur3-32", HB_TIER_NONCRYPTO, 4, 4,
                                     murmur3_32_impls, HB_COUNT_OF(murmur3_32_impls) };

HB_DEFINE_IMPL(hb_impl_murmur3_128_portable, "portable", hb_murmur3_128_ctx, hb_murmur3_128_init,
               hb_murmur3_128_update_portable, hb_murmur3_128_final_portable,
               hb_murmur3_128_params_portable);
HB_DEFINE_IMPL(hb_impl_murmur3_128_fast, "fast", hb_murmur3_128_ctx, hb_murmur3_128_init,
               hb_murmur3_128_update_fast, hb_murmur3_128_final_fast,
               hb_murmur3_128_params_fast);
static const hb_impl *const murmur3_128_impls[] = { &hb_impl_murmur3_128_portable,
                                                    &hb_impl_murmur3_128_fast };
const hb_algo hb_algo_murmur3_128 = { "murmur3-128", "Murmur3-128", HB_TIER_NONCRYPTO, 16, 16,
                                      murmur3_128_impls, HB_COUNT_OF(murmur3_128_impls) };
