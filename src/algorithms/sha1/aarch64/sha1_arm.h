/* SHA-1 on aarch64 with the ARMv8 SHA-1 instructions
 * (sha1_armv8_crypto.c): its compress function and registry entry; its
 * row is in sha1_aarch64_rows.c.
 *
 * The kernel file is compiled with its own target flags (Makefile,
 * "Per-file target flags": _crypto = ARMv8 AES/SHA-1/SHA-256); this
 * header declares nothing that needs them, so the rows file builds at the
 * baseline. */
#ifndef HB_SHA1_ARM_H
#define HB_SHA1_ARM_H

#include "hashbench.h"
#include "hashbench/sha1.h"
#include "algorithms/common/arm_impl.h"

/* the compress function (hb_block32_fn) */
void hb_sha1_compress_armv8(uint32_t *state, const uint8_t *blocks, size_t nblocks);

/* the registry entry */
extern const hb_impl hb_impl_sha1_armv8;

#endif /* HB_SHA1_ARM_H */
