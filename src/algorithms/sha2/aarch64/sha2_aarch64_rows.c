/* SHA-256, SHA-384 and SHA-512 on aarch64: their rows (src/impl_rows.h).  There is one
 * instruction-set form per algorithm, so the rank only has to beat the C
 * code; QEMU cannot measure speed, so the order rests on the instruction
 * counts and on what is published for real cores (docs/impl-aarch64.md). */
#include "algorithms/sha2/aarch64/sha_arm.h"

const hb_impl_row hb_sha2_aarch64_rows[] = {
    { .algo = "sha256", .impl = &hb_impl_sha256_armv8, .rank = 2 },
    { .algo = "sha512", .impl = &hb_impl_sha512_armv8, .rank = 2 },
    { .algo = "sha384", .impl = &hb_impl_sha384_armv8, .rank = 2 },
    { 0 }
};
