/* The x86-64 implementations of this family group, with their dispatch
 * ranks (higher wins; portable C is 0, fast C 1).  The ranks follow the
 * measurements in docs/impl-sha.md. */
#include "sha_x86.h"

const hb_extra_impl hb_x86_sha_impls[] = {
    { "sha1", &hb_impl_sha1_shani, 2 },
    { "sha256", &hb_impl_sha256_shani, 2 },
    { "hmac-sha256", &hb_impl_hmac_sha256_shani, 2 },
    { "pbkdf2-sha256", &hb_impl_pbkdf2_sha256_shani, 2 },
    { "sha512", &hb_impl_sha512_avx2, 2 },
    { "sha384", &hb_impl_sha384_avx2, 2 },
    { "sha512", &hb_impl_sha512_avx512, 3 },
    { "sha384", &hb_impl_sha384_avx512, 3 },
    { 0, 0, 0 }
};

/* One-shot functions (hb_oneshot), through src/algorithms/common/oneshot.h:
 * the hashes' (each beside its kernel: their update and final are static
 * there), and HMAC under the roster's fixed key, keyed once. */

HB_HMAC_SHA256_DECLARE(shani);
HB_DEFINE_ONESHOT_PREKEYED(hmac_sha256_shani_oneshot, hb_hmac_sha256_ctx, hb_hmac_sha256_init_shani,
                  hb_hmac_sha256_update_shani, hb_hmac_sha256_final_shani)

const hb_oneshot hb_x86_sha_oneshots[] = {
    { &hb_impl_sha1_shani, hb_sha1_oneshot_shani },
    { &hb_impl_sha256_shani, hb_sha256_oneshot_shani },
    { &hb_impl_sha512_avx2, hb_sha512_oneshot_avx2 },
    { &hb_impl_sha384_avx2, hb_sha384_oneshot_avx2 },
    { &hb_impl_sha512_avx512, hb_sha512_oneshot_avx512 },
    { &hb_impl_sha384_avx512, hb_sha384_oneshot_avx512 },
    { &hb_impl_hmac_sha256_shani, hmac_sha256_shani_oneshot },
    { 0, 0 }
};
