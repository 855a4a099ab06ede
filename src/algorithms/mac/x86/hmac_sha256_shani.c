/* HMAC-SHA-256 with SHA-NI: the generic HMAC of hmac_sha256_common.c over
 * hb_sha256_compress_shani (src/algorithms/sha2/x86/sha256_shani.c), with the
 * roster key's padded-key states cached (HB_HMAC_SHA256_DEFINE_CACHED).  The
 * registry entry is in the sha group's table (sha_x86_register.c). */
#include "../../sha2/x86/sha_x86.h"

HB_HMAC_SHA256_DECLARE(shani);
HB_HMAC_SHA256_DEFINE_CACHED(shani, hb_sha256_compress_shani)

HB_X86_IMPL(hb_impl_hmac_sha256_shani, "shani", HB_SHA_X86_SHANI, hb_hmac_sha256_ctx,
                hb_hmac_sha256_init_shani, hb_hmac_sha256_update_shani,
                hb_hmac_sha256_final_shani, hb_hmac_sha256_params_shani);
