/* The 32-bit ARM NEON implementations of the xxHash family (rows:
 * xxh_arm_rows.c): XXH32 (xxh32_neon.c) and XXH3 (xxh3_neon.c, the kernel
 * shared with aarch64).  The *_neon.c files are built with
 * -march=armv7-a -mfpu=neon (Makefile); their `available` asks for
 * HB_ARM32_NEON, so that cores without NEON (ARM11, ARM9) and HB_ARM32_MASK
 * reach the C code below them. */
#ifndef HB_XXH_ARM32_H
#define HB_XXH_ARM32_H

#include "hashbench.h"
#include "hashbench/xxh.h"
#include "hashbench/xxh3.h"
#include "algorithms/common/arm32_impl.h"

void hb_xxh32_update_neon(hb_xxh32_ctx *c, const uint8_t *data, size_t len);

void hb_xxh3_64_update_neon(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_64_final_neon(hb_xxh3_64_ctx *c, uint8_t *digest);
void hb_xxh3_128_update_neon(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_128_final_neon(hb_xxh3_128_ctx *c, uint8_t *digest);

#endif
