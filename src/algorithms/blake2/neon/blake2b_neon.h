/* BLAKE2b's NEON compress, shared by aarch64 and 32-bit ARM
 * (blake2b_neon_kernel.h, built once per architecture by its
 * <arch>/blake2b_neon.c): one message, two q registers per state row.  The
 * shape is blake2.h's compress function: buffering and keying stay in
 * blake2_common.c; the registry entries are each architecture's. */
#ifndef HB_BLAKE2B_NEON_H
#define HB_BLAKE2B_NEON_H

#include <stddef.h>
#include <stdint.h>
#include "hashbench/u64.h"

void hb_blake2b_compress_neon(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last);

#endif /* HB_BLAKE2B_NEON_H */
