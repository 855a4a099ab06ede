/* BLAKE2b's NEON compress built for 32-bit ARM with NEON (the Makefile
 * gives *_neon.c files -march=armv7-a -mfpu=neon): the code is shared
 * with aarch64, ../neon/blake2b_neon_kernel.h.  Only called where the CPU
 * has NEON (blake2_arm_rows.c). */
#include "algorithms/blake2/neon/blake2b_neon_kernel.h"
