/* The aarch64 CRC kernels (this directory) and what their registration
 * needs.  Each kernel continues from the register the context holds (the
 * same register the table code keeps, see include/hashbench/crc.h), so an
 * update of any length, split anywhere, gives the same CRC:
 *
 *   *_pmull   PMULL/PMULL2 folding, eight 128-bit accumulators
 *             (crc_fold_pmull_crypto.c): crc32, crc32c, crc64, crc64-xz;
 *   *_crc     the CRC32X / CRC32CX instructions (crc32_insn_crc.c):
 *             crc32 and crc32c only (the instructions know those two
 *             polynomials and no other). */
#ifndef HB_CRC_ARM_H
#define HB_CRC_ARM_H

#include "hashbench/crc.h"

void hb_crc32_update_pmull(hb_crc32_ctx *c, const uint8_t *data, size_t len);
void hb_crc32c_update_pmull(hb_crc32c_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_update_pmull(hb_crc64_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_xz_update_pmull(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len);

void hb_crc32_update_crc(hb_crc32_ctx *c, const uint8_t *data, size_t len);
void hb_crc32c_update_crc(hb_crc32c_ctx *c, const uint8_t *data, size_t len);

/* hb_u64 is a struct in the two-word build (-DHB_U64_PAIR): the kernels
 * work on uint64_t and convert at the edges. */
#define HB_CRC_U64_GET(v) (((uint64_t)HB_U64_HI(v) << 32) | (uint64_t)HB_U64_LO(v))
#define HB_CRC_U64_PUT(v, x) HB_U64_SET(v, (uint32_t)((x) >> 32), (uint32_t)(x))

#endif
