/* Registry entries for BLAKE2s and BLAKE2b (RFC 7693). */
#include "../common/register.h"
#include "hashbench/blake2.h"

HB_DEFINE_IMPL(hb_impl_blake2s_portable, "portable", hb_blake2s_ctx, hb_blake2s_init,
               hb_blake2s_update_portable, hb_blake2s_final_portable,
               hb_blake2s_params_portable);
HB_DEFINE_IMPL(hb_impl_blake2s_fast, "fast", hb_blake2s_ctx, hb_blake2s_init,
               hb_blake2s_update_fast, hb_blake2s_final_fast, hb_blake2s_params_fast);
static const hb_impl *const blake2s_impls[] = {
    &hb_impl_blake2s_portable, &hb_impl_blake2s_fast
};
const hb_algo hb_algo_blake2s = { "blake2s", "BLAKE2s", HB_TIER_CRYPTO, 32, 64,
                                  blake2s_impls, HB_COUNT_OF(blake2s_impls) };

HB_DEFINE_IMPL(hb_impl_blake2b_portable, "portable", hb_blake2b_ctx, hb_blake2b_init,
               hb_blake2b_update_portable, hb_blake2b_final_portable,
               hb_blake2b_params_portable);
HB_DEFINE_IMPL(hb_impl_blake2b_fast, "fast", hb_blake2b_ctx, hb_blake2b_init,
               hb_blake2b_update_fast, hb_blake2b_final_fast, hb_blake2b_params_fast);
static const hb_impl *const blake2b_impls[] = {
    &hb_impl_blake2b_portable, &hb_impl_blake2b_fast
};
const hb_algo hb_algo_blake2b = { "blake2b", "BLAKE2b", HB_TIER_CRYPTO, 64, 128,
                                  blake2b_impls, HB_COUNT_OF(blake2b_impls) };
