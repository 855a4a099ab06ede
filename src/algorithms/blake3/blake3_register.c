/* Registry entry for BLAKE3 (hash mode, 32-byte output; keyed_hash and the
 * extended output through with_params). */
#include "../common/register.h"
#include "hashbench/blake3.h"

HB_DEFINE_IMPL(hb_impl_blake3_portable, "portable", hb_blake3_ctx, hb_blake3_init,
               hb_blake3_update_portable, hb_blake3_final_portable,
               hb_blake3_params_portable);
HB_DEFINE_IMPL(hb_impl_blake3_fast, "fast", hb_blake3_ctx, hb_blake3_init,
               hb_blake3_update_fast, hb_blake3_final_fast, hb_blake3_params_fast);
static const hb_impl *const blake3_impls[] = {
    &hb_impl_blake3_portable, &hb_impl_blake3_fast
};
const hb_algo hb_algo_blake3 = { "blake3", "BLAKE3", HB_TIER_CRYPTO, 32, 64,
                                 blake3_impls, HB_COUNT_OF(blake3_impls) };
