/* The aarch64 NEON implementation of BLAKE3 (rows: blake3_aarch64_rows.c;
 * the kernel, shared with 32-bit ARM: ../neon/).  NEON is the aarch64
 * baseline, so the kernel needs no target flags; its `available` still asks
 * for HB_ARM_ASIMD, so that HB_ARM_MASK can turn it off and the tests
 * reach the C code below it. */
#ifndef HB_BLAKE3_ARM_H
#define HB_BLAKE3_ARM_H

#include "algorithms/common/arm_impl.h"
#include "algorithms/blake3/neon/blake3_neon.h"

#endif /* HB_BLAKE3_ARM_H */
