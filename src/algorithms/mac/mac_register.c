/* Registry entries for HMAC-SHA-256 and PBKDF2-HMAC-SHA-256: portable first,
 * then fast.  Both are generic over a SHA-256 compress function, so they
 * differ only in the one they use.  A SHA-NI (or other) compress function
 * joins with HB_HMAC_SHA256_DEFINE / HB_PBKDF2_SHA256_DEFINE (hashbench/mac.h)
 * and one HB_DEFINE_IMPL line per algorithm here. */
#include "../common/register.h"
#include "hashbench/mac.h"

HB_DEFINE_IMPL(hb_impl_hmac_sha256_portable, "portable", hb_hmac_sha256_ctx,
               hb_hmac_sha256_init_portable, hb_hmac_sha256_update_portable,
               hb_hmac_sha256_final_portable, hb_hmac_sha256_params_portable);
HB_DEFINE_IMPL(hb_impl_hmac_sha256_fast, "fast", hb_hmac_sha256_ctx,
               hb_hmac_sha256_init_fast, hb_hmac_sha256_update_fast,
               hb_hmac_sha256_final_fast, hb_hmac_sha256_params_fast);
static const hb_impl *const hmac_sha256_impls[] = { &hb_impl_hmac_sha256_portable,
                                                    &hb_impl_hmac_sha256_fast };
const hb_algo hb_algo_hmac_sha256 = { "hmac-sha256", "HMAC-SHA-256", HB_TIER_CRYPTO, 32, 64,
                                      hmac_sha256_impls, HB_COUNT_OF(hmac_sha256_impls) };

HB_DEFINE_IMPL(hb_impl_pbkdf2_sha256_portable, "portable", hb_pbkdf2_sha256_ctx,
               hb_pbkdf2_sha256_init, hb_pbkdf2_sha256_update_portable,
               hb_pbkdf2_sha256_final_portable, hb_pbkdf2_sha256_params_portable);
HB_DEFINE_IMPL(hb_impl_pbkdf2_sha256_fast, "fast", hb_pbkdf2_sha256_ctx,
               hb_pbkdf2_sha256_init, hb_pbkdf2_sha256_update_fast,
               hb_pbkdf2_sha256_final_fast, hb_pbkdf2_sha256_params_fast);
static const hb_impl *const pbkdf2_sha256_impls[] = { &hb_impl_pbkdf2_sha256_portable,
                                                      &hb_impl_pbkdf2_sha256_fast };
const hb_algo hb_algo_pbkdf2_sha256 = { "pbkdf2-sha256", "PBKDF2-HMAC-SHA-256",
                                        HB_TIER_CRYPTO, 32, 64, pbkdf2_sha256_impls,
                                        HB_COUNT_OF(pbkdf2_sha256_impls) };
