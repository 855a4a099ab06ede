/* Registry entries for XXH3-64 and XXH3-128 (default secret; with_params: the seed,
 * xxh3_seeded.c). */
#include "../common/register.h"
#include "hashbench/xxh3.h"

HB_DEFINE_IMPL(hb_impl_xxh3_64_portable, "portable", hb_xxh3_64_ctx, hb_xxh3_64_init,
               hb_xxh3_64_update_portable, hb_xxh3_64_final_portable,
               hb_xxh3_64_params);
HB_DEFINE_IMPL(hb_impl_xxh3_64_fast, "fast", hb_xxh3_64_ctx, hb_xxh3_64_init,
               hb_xxh3_64_update_fast, hb_xxh3_64_final_fast,
               hb_xxh3_64_params);
static const hb_impl *const xxh3_64_impls[] = { &hb_impl_xxh3_64_portable, &hb_impl_xxh3_64_fast };
const hb_algo hb_algo_xxh3_64 = { "xxh3-64", "XXH3-64", HB_TIER_NONCRYPTO, 8, 64,
                                  xxh3_64_impls, HB_COUNT_OF(xxh3_64_impls) };

HB_DEFINE_IMPL(hb_impl_xxh3_128_portable, "portable", hb_xxh3_128_ctx, hb_xxh3_128_init,
               hb_xxh3_128_update_portable, hb_xxh3_128_final_portable,
               hb_xxh3_128_params);
HB_DEFINE_IMPL(hb_impl_xxh3_128_fast, "fast", hb_xxh3_128_ctx, hb_xxh3_128_init,
               hb_xxh3_128_update_fast, hb_xxh3_128_final_fast,
               hb_xxh3_128_params);
static const hb_impl *const xxh3_128_impls[] = { &hb_impl_xxh3_128_portable,
                                                 &hb_impl_xxh3_128_fast };
const hb_algo hb_algo_xxh3_128 = { "xxh3-128", "XXH3-128", HB_TIER_NONCRYPTO, 16, 64,
                                   xxh3_128_impls, HB_COUNT_OF(xxh3_128_impls) };
