/* The aarch64 implementations of the sha group, with their dispatch ranks
 * (higher wins; portable C is 0, fast C 1).  There is one instruction-set
 * form per algorithm, so the rank only has to beat the C code; QEMU cannot
 * measure speed, so the order rests on the instruction counts and on what
 * is published for real cores (docs/impl-aarch64.md). */
#include "sha_arm.h"

const hb_extra_impl hb_arm_sha_impls[] = {
    { "sha1", &hb_impl_sha1_armv8, 2 },
    { "sha256", &hb_impl_sha256_armv8, 2 },
    { "hmac-sha256", &hb_impl_hmac_sha256_armv8, 2 },
    { "pbkdf2-sha256", &hb_impl_pbkdf2_sha256_armv8, 2 },
    { "sha512", &hb_impl_sha512_armv8, 2 },
    { "sha384", &hb_impl_sha384_armv8, 2 },
    { "sha3-256", &hb_impl_sha3_256_armv8, 2 },
    { "sha3-384", &hb_impl_sha3_384_armv8, 2 },
    { "sha3-512", &hb_impl_sha3_512_armv8, 2 },
    { 0, 0, 0 }
};
