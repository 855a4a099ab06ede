/* The 32-bit ARM NEON implementation of the Fletcher family (rows:
 * fletcher_arm_rows.c): Fletcher-32 (fletcher32_neon.c, built with
 * -march=armv7-a -mfpu=neon), the one whose x86-64 form is a vector loop
 * too (../x86/fletcher32_avx2.c). */
#ifndef HB_FLETCHER_ARM32_H
#define HB_FLETCHER_ARM32_H

#include "hashbench.h"
#include "hashbench/fletcher.h"
#include "algorithms/common/arm32_impl.h"

/* the digest is written by the fast C final */
void hb_fletcher32_update_neon(hb_fletcher32_ctx *c, const uint8_t *data, size_t len);

#endif
