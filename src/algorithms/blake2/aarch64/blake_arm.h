/* The aarch64 NEON implementations of BLAKE2s and BLAKE2b: their compress
 * kernels (shared with 32-bit ARM: ../neon/) and registry entries (rows:
 * blake2_aarch64_rows.c).  NEON (Advanced SIMD) is the aarch64 baseline, so
 * the kernels (*_neon.c) need no target flags; their `available` still asks
 * for HB_ARM_ASIMD, so that HB_ARM_MASK can turn them off and the tests
 * reach the C code below them.  This header needs nothing beyond the
 * baseline, so the rows file builds at the baseline too. */
#ifndef HB_BLAKE_ARM_H
#define HB_BLAKE_ARM_H

#include "hashbench.h"
#include "hashbench/blake2.h"
#include "algorithms/common/arm_impl.h"
#include "algorithms/blake2/neon/blake2s_neon.h"
#include "algorithms/blake2/neon/blake2b_neon.h"

/* registry entries */
extern const hb_impl hb_impl_blake2s_neon;
extern const hb_impl hb_impl_blake2b_neon;

#endif /* HB_BLAKE_ARM_H */
