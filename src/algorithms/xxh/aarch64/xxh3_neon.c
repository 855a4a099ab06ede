/* XXH3 with NEON on aarch64: the kernel is shared with 32-bit ARM
 * (../neon/xxh3_neon_body.h, where it is explained). */
#include "xxh_arm.h"
#include "algorithms/xxh/neon/xxh3_neon_body.h"
