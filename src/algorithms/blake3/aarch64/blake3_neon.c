/* BLAKE3's NEON kernel (four chunks or parents side by side) built for
 * aarch64, where NEON is the baseline: the code is shared with 32-bit ARM,
 * ../neon/blake3_neon_kernel.h. */
#include "algorithms/blake3/neon/blake3_neon_kernel.h"
