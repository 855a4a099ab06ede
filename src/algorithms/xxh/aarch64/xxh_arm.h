/* The aarch64 NEON implementation of XXH3 (rows: xxh_aarch64_rows.c):
 * their update and final functions.  NEON (Advanced SIMD) is part of the
 * aarch64 baseline, so the kernels (*_neon.c) need no target flags; their
 * `available` still asks for HB_ARM_ASIMD, so that HB_ARM_MASK can turn
 * them off and the tests reach the C code below them. */
#ifndef HB_XXH_ARM_H
#define HB_XXH_ARM_H

#include "hashbench.h"
#include "hashbench/xxh3.h"
#include "algorithms/common/arm_impl.h"

void hb_xxh3_64_update_neon(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_64_final_neon(hb_xxh3_64_ctx *c, uint8_t *digest);
void hb_xxh3_128_update_neon(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_128_final_neon(hb_xxh3_128_ctx *c, uint8_t *digest);

#endif
