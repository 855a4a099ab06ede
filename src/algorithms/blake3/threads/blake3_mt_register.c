/* Registry entry for the threaded BLAKE3: available on every CPU (its
 * kernels fall back to the fast C where the vector units are missing or
 * masked, blake3_mt_arch.h), ranked by each architecture's table. */
#include "algorithms/common/register.h"
#include "algorithms/blake3/blake3_mt.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

HB_DEFINE_IMPL(hb_impl_blake3_mt, "mt", hb_blake3_ctx, hb_blake3_init, hb_blake3_update_mt,
               hb_blake3_final_mt, hb_blake3_params_mt);
