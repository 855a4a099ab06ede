/* Registry entries of the fletcher family. */
#include "../common/register.h"
#include "hashbench/fletcher.h"

HB_DEFINE_IMPL(hb_impl_fletcher16_portable, "portable", hb_fletcher16_ctx, hb_fletcher16_init,
               hb_fletcher16_update_portable, hb_fletcher16_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_fletcher16_fast, "fast", hb_fletcher16_ctx, hb_fletcher16_init,
               hb_fletcher16_update_fast, hb_fletcher16_final_fast, 0);
static const hb_impl *const fletcher16_impls[] = { &hb_impl_fletcher16_portable,
                                                   &hb_impl_fletcher16_fast };
const hb_algo hb_algo_fletcher16 = { "fletcher16", "Fletcher-16", HB_TIER_CHECKSUM, 2, 1,
                                     fletcher16_impls, HB_COUNT_OF(fletcher16_impls) };

HB_DEFINE_IMPL(hb_impl_fletcher32_portable, "portable", hb_fletcher32_ctx, hb_fletcher32_init,
               hb_fletcher32_update_portable, hb_fletcher32_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_fletcher32_fast, "fast", hb_fletcher32_ctx, hb_fletcher32_init,
               hb_fletcher32_update_fast, hb_fletcher32_final_fast, 0);
static const hb_impl *const fletcher32_impls[] = { &hb_impl_fletcher32_portable,
                                                   &hb_impl_fletcher32_fast };
const hb_algo hb_algo_fletcher32 = { "fletcher32", "Fletcher-32", HB_TIER_CHECKSUM, 4, 2,
                                     fletcher32_impls, HB_COUNT_OF(fletcher32_impls) };

HB_DEFINE_IMPL(hb_impl_fletcher64_portable, "portable", hb_fletcher64_ctx, hb_fletcher64_init,
               hb_fletcher64_update_portable, hb_fletcher64_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_fletcher64_fast, "fast", hb_fletcher64_ctx, hb_fletcher64_init,
               hb_fletcher64_update_fast, hb_fletcher64_final_fast, 0);
static const hb_impl *const fletcher64_impls[] = { &hb_impl_fletcher64_portable,
                                                   &hb_impl_fletcher64_fast };
const hb_algo hb_algo_fletcher64 = { "fletcher64", "Fletcher-64", HB_TIER_CHECKSUM, 8, 4,
                                     fletcher64_impls, HB_COUNT_OF(fletcher64_impls) };
