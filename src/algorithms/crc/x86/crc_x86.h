/* The x86-64 CRC kernels (this directory) and what their registration
 * needs.  Each kernel continues from the register the context holds (the
 * same register the table code keeps, see include/hashbench/crc.h), so an
 * update of any length, split anywhere, gives the same CRC:
 *
 *   *_clmul    PCLMULQDQ folding, eight 128-bit accumulators (crc_fold_clmul.c)
 *   *_vpclmul  VPCLMULQDQ folding, four 512-bit accumulators (crc_fold_vpclmul.c)
 *   crc32c_sse42  the SSE4.2 crc32 instruction, three streams (crc32c_sse42.c)
 *
 * Fewer than 16 bytes (and the last 0..15 bytes of a longer update) go
 * through the family's table code, hb_<crc>_update_fast; for crc32c,
 * short updates and those last bytes take the SSE4.2 crc32 instruction
 * instead (crc32c_words.h, CRC32C_NO_FOLD in the folding files). */
#ifndef HB_CRC_X86_H
#define HB_CRC_X86_H

#include "hashbench/crc.h"

void hb_crc32_update_clmul(hb_crc32_ctx *c, const uint8_t *data, size_t len);
void hb_crc32c_update_clmul(hb_crc32c_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_update_clmul(hb_crc64_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_xz_update_clmul(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len);
void hb_crc16_update_clmul(hb_crc16_ctx *c, const uint8_t *data, size_t len);

void hb_crc32_update_vpclmul(hb_crc32_ctx *c, const uint8_t *data, size_t len);
void hb_crc32c_update_vpclmul(hb_crc32c_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_update_vpclmul(hb_crc64_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_xz_update_vpclmul(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len);
void hb_crc16_update_vpclmul(hb_crc16_ctx *c, const uint8_t *data, size_t len);

void hb_crc32c_update_sse42(hb_crc32c_ctx *c, const uint8_t *data, size_t len);
/* the same on a bare register: for the folding kernels' crc32c short path
 * (no context in memory, so no stack frame in their update functions) */
uint32_t hb_crc32c_sse42(uint32_t crc, const uint8_t *data, size_t len);

/* hb_u64 is a struct in the two-word build (-DHB_U64_PAIR): the kernels
 * work on uint64_t and convert at the edges. */
#define HB_CRC_U64_GET(v) (((uint64_t)HB_U64_HI(v) << 32) | (uint64_t)HB_U64_LO(v))
#define HB_CRC_U64_PUT(v, x) HB_U64_SET(v, (uint32_t)((x) >> 32), (uint32_t)(x))

#endif
