/* SHA-3 on aarch64 with the ARMv8.2 SHA-3 instructions
 * (sha3_armv8_sha3.c): the Keccak-f[1600] permutation and the registry
 * entries; their rows are in sha3_aarch64_rows.c.
 *
 * The kernel file is compiled with its own target flags (Makefile,
 * "Per-file target flags": _sha3 = ARMv8.2 SHA-3); this header declares
 * nothing that needs them, so the rows file builds at the baseline. */
#ifndef HB_SHA3_ARM_H
#define HB_SHA3_ARM_H

#include "hashbench.h"
#include "hashbench/sha3.h"
#include "algorithms/common/arm_impl.h"

/* the permutation */
void hb_keccakf1600_armv8(hb_u64 *st);

/* registry entries */
extern const hb_impl hb_impl_sha3_256_armv8;
extern const hb_impl hb_impl_sha3_384_armv8;
extern const hb_impl hb_impl_sha3_512_armv8;

#endif /* HB_SHA3_ARM_H */
