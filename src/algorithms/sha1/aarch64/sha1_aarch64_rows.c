/* SHA-1 on aarch64: its row (src/impl_rows.h).  There is one
 * instruction-set form per algorithm, so the rank only has to beat the C
 * code; QEMU cannot measure speed, so the order rests on the instruction
 * counts and on what is published for real cores (docs/impl-aarch64.md). */
#include "sha1_arm.h"

const hb_impl_row hb_sha1_aarch64_rows[] = {
    { .algo = "sha1", .impl = &hb_impl_sha1_armv8, .rank = 2 },
    { 0 }
};
