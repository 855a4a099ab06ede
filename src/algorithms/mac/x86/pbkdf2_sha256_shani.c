/* PBKDF2-HMAC-SHA-256 with SHA-NI: the generic PBKDF2 of
 * pbkdf2_sha256_common.c over hb_sha256_compress_shani. */
#include "../../sha2/x86/sha_x86.h"

HB_PBKDF2_SHA256_DECLARE(shani);
HB_PBKDF2_SHA256_DEFINE(shani, hb_sha256_compress_shani)

HB_SHA_X86_IMPL(hb_impl_pbkdf2_sha256_shani, "shani", HB_SHA_X86_SHANI,
                hb_pbkdf2_sha256_ctx, hb_pbkdf2_sha256_init, hb_pbkdf2_sha256_update_shani,
                hb_pbkdf2_sha256_final_shani, hb_pbkdf2_sha256_params_shani);
