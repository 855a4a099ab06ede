/* BLAKE2s's NEON compress, shared by aarch64 and 32-bit ARM
 * (blake2s_neon_kernel.h, built once per architecture by its
 * <arch>/blake2s_neon.c): one message, one q register per state row.  The
 * shape is blake2.h's compress function: buffering and keying stay in
 * blake2_common.c; the registry entries are each architecture's. */
#ifndef HB_BLAKE2S_NEON_H
#define HB_BLAKE2S_NEON_H

#include <stddef.h>
#include <stdint.h>

void hb_blake2s_compress_neon(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last);

#endif /* HB_BLAKE2S_NEON_H */
