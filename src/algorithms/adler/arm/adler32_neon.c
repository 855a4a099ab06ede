/* Adler-32 with NEON on 32-bit ARM (ARMv7-A with NEON: Cortex-A8, A9, A7,
 * A15 ...): the kernel is shared with aarch64 (../neon/adler32_neon_body.h,
 * where it is explained). */
#include "adler_arm32.h"
#include "algorithms/adler/neon/adler32_neon_body.h"
