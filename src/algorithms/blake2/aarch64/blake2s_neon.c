/* BLAKE2s's NEON compress built for aarch64, where NEON is the baseline:
 * the code is shared with 32-bit ARM, ../neon/blake2s_neon_kernel.h. */
#include "algorithms/blake2/neon/blake2s_neon_kernel.h"
