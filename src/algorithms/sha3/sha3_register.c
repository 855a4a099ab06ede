/* Registry entries for SHA3-256, SHA3-384 and SHA3-512 (FIPS 202). */
#include "../common/register.h"
#include "hashbench/sha3.h"

HB_DEFINE_IMPL(hb_impl_sha3_256_portable, "portable", hb_sha3_256_ctx, hb_sha3_256_init,
               hb_sha3_256_update_portable, hb_sha3_256_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_sha3_256_fast, "fast", hb_sha3_256_ctx, hb_sha3_256_init,
               hb_sha3_256_update_fast, hb_sha3_256_final_fast, 0);
static const hb_impl *const sha3_256_impls[] = { &hb_impl_sha3_256_portable,
                                                 &hb_impl_sha3_256_fast };
const hb_algo hb_algo_sha3_256 = { "sha3-256", "SHA3-256", HB_TIER_CRYPTO, 32, 136,
                                   sha3_256_impls, HB_COUNT_OF(sha3_256_impls) };

HB_DEFINE_IMPL(hb_impl_sha3_384_portable, "portable", hb_sha3_384_ctx, hb_sha3_384_init,
               hb_sha3_384_update_portable, hb_sha3_384_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_sha3_384_fast, "fast", hb_sha3_384_ctx, hb_sha3_384_init,
               hb_sha3_384_update_fast, hb_sha3_384_final_fast, 0);
static const hb_impl *const sha3_384_impls[] = { &hb_impl_sha3_384_portable,
                                                 &hb_impl_sha3_384_fast };
const hb_algo hb_algo_sha3_384 = { "sha3-384", "SHA3-384", HB_TIER_CRYPTO, 48, 104,
                                   sha3_384_impls, HB_COUNT_OF(sha3_384_impls) };

HB_DEFINE_IMPL(hb_impl_sha3_512_portable, "portable", hb_sha3_512_ctx, hb_sha3_512_init,
               hb_sha3_512_update_portable, hb_sha3_512_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_sha3_512_fast, "fast", hb_sha3_512_ctx, hb_sha3_512_init,
               hb_sha3_512_update_fast, hb_sha3_512_final_fast, 0);
static const hb_impl *const sha3_512_impls[] = { &hb_impl_sha3_512_portable,
                                                 &hb_impl_sha3_512_fast };
const hb_algo hb_algo_sha3_512 = { "sha3-512", "SHA3-512", HB_TIER_CRYPTO, 64, 72,
                                   sha3_512_impls, HB_COUNT_OF(sha3_512_impls) };
