/* Registry entries for SHA-256, SHA-384 and SHA-512: portable first, then
 * fast.  An instruction-set implementation (SHA-NI, AVX2) adds its compress
 * function, two wrappers over hb_sha*_update_with / hb_sha*_final_with, and
 * one HB_DEFINE_IMPL line here. */
#include "../common/register.h"
#include "hashbench/sha2.h"

HB_DEFINE_IMPL(hb_impl_sha256_portable, "portable", hb_sha256_ctx, hb_sha256_init,
               hb_sha256_update_portable, hb_sha256_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_sha256_fast, "fast", hb_sha256_ctx, hb_sha256_init,
               hb_sha256_update_fast, hb_sha256_final_fast, 0);
static const hb_impl *const sha256_impls[] = { &hb_impl_sha256_portable,
                                               &hb_impl_sha256_fast };
const hb_algo hb_algo_sha256 = { "sha256", "SHA-256", HB_TIER_CRYPTO, 32, 64,
                                 sha256_impls, HB_COUNT_OF(sha256_impls) };

HB_DEFINE_IMPL(hb_impl_sha384_portable, "portable", hb_sha384_ctx, hb_sha384_init,
               hb_sha384_update_portable, hb_sha384_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_sha384_fast, "fast", hb_sha384_ctx, hb_sha384_init,
               hb_sha384_update_fast, hb_sha384_final_fast, 0);
static const hb_impl *const sha384_impls[] = { &hb_impl_sha384_portable,
                                               &hb_impl_sha384_fast };
const hb_algo hb_algo_sha384 = { "sha384", "SHA-384", HB_TIER_CRYPTO, 48, 128,
                                 sha384_impls, HB_COUNT_OF(sha384_impls) };

HB_DEFINE_IMPL(hb_impl_sha512_portable, "portable", hb_sha512_ctx, hb_sha512_init,
               hb_sha512_update_portable, hb_sha512_final_portable, 0);
HB_DEFINE_IMPL(hb_impl_sha512_fast, "fast", hb_sha512_ctx, hb_sha512_init,
               hb_sha512_update_fast, hb_sha512_final_fast, 0);
static const hb_impl *const sha512_impls[] = { &hb_impl_sha512_portable,
                                               &hb_impl_sha512_fast };
const hb_algo hb_algo_sha512 = { "sha512", "SHA-512", HB_TIER_CRYPTO, 64, 128,
                                 sha512_impls, HB_COUNT_OF(sha512_impls) };
