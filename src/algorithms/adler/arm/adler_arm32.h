/* The 32-bit ARM NEON implementation of Adler-32 (adler32_neon.c, built
 * with -march=armv7-a -mfpu=neon; its row: adler_arm_rows.c). */
#ifndef HB_ADLER_ARM32_H
#define HB_ADLER_ARM32_H

#include "hashbench.h"
#include "hashbench/adler.h"
#include "algorithms/common/arm32_impl.h"

/* the digest is written by the fast C final */
void hb_adler32_update_neon(hb_adler32_ctx *c, const uint8_t *data, size_t len);

#endif /* HB_ADLER_ARM32_H */
