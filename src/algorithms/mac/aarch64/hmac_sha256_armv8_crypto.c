/* HMAC-SHA-256 with the ARMv8 SHA-256 instructions: the generic HMAC of
 * hmac_sha256_common.c over hb_sha256_compress_armv8
 * (src/algorithms/sha2/aarch64/sha256_armv8_crypto.c), with the roster key's
 * padded-key states cached (HB_HMAC_SHA256_DEFINE_CACHED).  Its row
 * is in mac_aarch64_rows.c. */
#include "mac_arm.h"

HB_HMAC_SHA256_DECLARE(armv8);
HB_HMAC_SHA256_DEFINE_CACHED(armv8, hb_sha256_compress_armv8)

HB_ARM_IMPL(hb_impl_hmac_sha256_armv8, "armv8", HB_ARM_SHA2, hb_hmac_sha256_ctx,
            hb_hmac_sha256_init_armv8, hb_hmac_sha256_update_armv8,
            hb_hmac_sha256_final_armv8, hb_hmac_sha256_params_armv8);
