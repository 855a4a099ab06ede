/* XXH3 with NEON on 32-bit ARM: the kernel is shared with aarch64
 * (../neon/xxh3_neon_body.h, where it is explained); ARMv7's NEON has
 * every instruction it uses (VEXT, VMOVN, VSHRN, VMLAL.U32). */
#include "xxh_arm32.h"
#include "algorithms/xxh/neon/xxh3_neon_body.h"
