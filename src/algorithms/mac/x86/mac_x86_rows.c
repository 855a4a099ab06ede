/* HMAC-SHA-256 and PBKDF2-HMAC-SHA-256 on x86-64: their rows
 * (src/impl_rows.h).  SHA-NI ranks above the fast C (docs/impl-sha.md).
 * The one-shots hash under the roster's fixed key, keyed once (the fast
 * C one here, the SHA-NI one in hmac_sha256_shani.c). */
#include "mac_x86.h"

extern const hb_impl hb_impl_hmac_sha256_fast;     /* mac_register.c */

HB_DEFINE_ONESHOT_PREKEYED(hmac_sha256_fast_oneshot, hb_hmac_sha256_ctx, hb_hmac_sha256_init_fast,
                           hb_hmac_sha256_update_fast, hb_hmac_sha256_final_fast)

const hb_impl_row hb_mac_x86_rows[] = {
    { .algo = "hmac-sha256", .impl = &hb_impl_hmac_sha256_fast, .rank = 1,
      .oneshot = hmac_sha256_fast_oneshot },
    { .algo = "hmac-sha256", .impl = &hb_impl_hmac_sha256_shani, .rank = 2,
      .oneshot = hb_hmac_sha256_oneshot_shani },
    { .algo = "pbkdf2-sha256", .impl = &hb_impl_pbkdf2_sha256_shani, .rank = 2 },
    { 0 }
};
