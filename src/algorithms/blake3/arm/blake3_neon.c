/* BLAKE3's NEON kernel (four chunks or parents side by side) built for
 * 32-bit ARM with NEON (the Makefile gives *_neon.c files -march=armv7-a
 * -mfpu=neon): the code is shared with aarch64,
 * ../neon/blake3_neon_kernel.h.  Only called where the CPU has NEON
 * (blake3_arm_rows.c, blake3_mt_ops_arm32.c). */
#include "algorithms/blake3/neon/blake3_neon_kernel.h"
