/* PBKDF2-HMAC-SHA-256 with the ARMv8 SHA-256 instructions: the generic
 * derivation of pbkdf2_sha256_common.c over hb_sha256_compress_armv8.
 * Each iteration is two compress calls on one prepared block; the compress
 * is about 110 instructions here against about 2000 in C, so the generic
 * loop's own work per iteration (the digest to bytes, the call) becomes a
 * visible share: see docs/impl-aarch64.md for the count. */
#include "mac_arm.h"

HB_PBKDF2_SHA256_DECLARE(armv8);
HB_PBKDF2_SHA256_DEFINE(armv8, hb_sha256_compress_armv8)

HB_ARM_IMPL(hb_impl_pbkdf2_sha256_armv8, "armv8", HB_ARM_SHA2, hb_pbkdf2_sha256_ctx,
            hb_pbkdf2_sha256_init, hb_pbkdf2_sha256_update_armv8,
            hb_pbkdf2_sha256_final_armv8, hb_pbkdf2_sha256_params_armv8);
