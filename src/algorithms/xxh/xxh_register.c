/* Registry entries for XXH32 and XXH64 (XXH3 registers in xxh3_register.c). */
#include "../common/register.h"
#include "hashbench/xxh.h"

HB_DEFINE_IMPL(hb_impl_xxh32_portable, "portable", hb_xxh32_ctx, hb_xxh32_init,
               hb_xxh32_update_portable, hb_xxh32_final_portable, hb_xxh32_params_portable);
HB_DEFINE_IMPL(hb_impl_xxh32_fast, "fast", hb_xxh32_ctx, hb_xxh32_init,
               hb_xxh32_update_fast, hb_xxh32_final_fast, hb_xxh32_params_fast);
static const hb_impl *const xxh32_impls[] = { &hb_impl_xxh32_portable, &hb_impl_xxh32_fast };
const hb_algo hb_algo_xxh32 = { "xxh32", "XXH32", HB_TIER_NONCRYPTO, 4, 16,
                                xxh32_impls, HB_COUNT_OF(xxh32_impls) };

HB_DEFINE_IMPL(hb_impl_xxh64_portable, "portable", hb_xxh64_ctx, hb_xxh64_init,
               hb_xxh64_update_portable, hb_xxh64_final_portable, hb_xxh64_params_portable);
HB_DEFINE_IMPL(hb_impl_xxh64_fast, "fast", hb_xxh64_ctx, hb_xxh64_init,
               hb_xxh64_update_fast, hb_xxh64_final_fast, hb_xxh64_params_fast);
static const hb_impl *const xxh64_impls[] = { &hb_impl_xxh64_portable, &hb_impl_xxh64_fast };
const hb_algo hb_algo_xxh64 = { "xxh64", "XXH64", HB_TIER_NONCRYPTO, 8, 32,
                                xxh64_impls, HB_COUNT_OF(xxh64_impls) };
