/* Adler-32 with NEON on aarch64: the kernel is shared with 32-bit ARM
 * (../neon/adler32_neon_body.h, where it is explained). */
#include "adler_arm.h"
#include "algorithms/adler/neon/adler32_neon_body.h"
