/* SHA-3 (the ARMv8.2 SHA3 instructions) on aarch64: its rows (src/impl_rows.h).  There is one
 * instruction-set form per algorithm, so the rank only has to beat the C
 * code; QEMU cannot measure speed, so the order rests on the instruction
 * counts and on what is published for real cores (docs/impl-aarch64.md). */
#include "sha3_arm.h"

const hb_impl_row hb_sha3_aarch64_rows[] = {
    { .algo = "sha3-256", .impl = &hb_impl_sha3_256_armv8, .rank = 2 },
    { .algo = "sha3-384", .impl = &hb_impl_sha3_384_armv8, .rank = 2 },
    { .algo = "sha3-512", .impl = &hb_impl_sha3_512_armv8, .rank = 2 },
    { 0 }
};
