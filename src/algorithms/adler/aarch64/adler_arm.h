/* The aarch64 NEON implementation of Adler-32 (adler32_neon.c; its row:
 * adler_aarch64_rows.c).  NEON is the aarch64 baseline: no target flags. */
#ifndef HB_ADLER_ARM_H
#define HB_ADLER_ARM_H

#include "hashbench.h"
#include "hashbench/adler.h"
#include "algorithms/common/arm_impl.h"

/* the digest is written by the fast C final */
void hb_adler32_update_neon(hb_adler32_ctx *c, const uint8_t *data, size_t len);


#endif /* HB_ADLER_ARM_H */
