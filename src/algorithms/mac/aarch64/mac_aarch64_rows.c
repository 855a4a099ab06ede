/* HMAC-SHA-256 and PBKDF2-HMAC-SHA-256 on aarch64: their rows (src/impl_rows.h).  There is one
 * instruction-set form per algorithm, so the rank only has to beat the C
 * code; QEMU cannot measure speed, so the order rests on the instruction
 * counts and on what is published for real cores (docs/impl-aarch64.md). */
#include "mac_arm.h"

const hb_impl_row hb_mac_aarch64_rows[] = {
    { .algo = "hmac-sha256", .impl = &hb_impl_hmac_sha256_armv8, .rank = 2 },
    { .algo = "pbkdf2-sha256", .impl = &hb_impl_pbkdf2_sha256_armv8, .rank = 2 },
    { 0 }
};
