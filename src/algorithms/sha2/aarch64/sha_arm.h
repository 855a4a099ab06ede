/* The aarch64 implementations of SHA-2 (SHA-256 with the ARMv8 SHA-256
 * instructions, SHA-384/512 with ARMv8.2 SHA-512): their kernels and
 * registry entries.  SHA-1's are in sha1/aarch64/sha1_arm.h, SHA-3's in
 * sha3/aarch64/sha3_arm.h; HMAC and PBKDF2 over SHA-256
 * (mac/aarch64/mac_arm.h) include this header for hb_sha256_compress_armv8.
 *
 * Each kernel file is compiled with its own target flags (Makefile,
 * "Per-file target flags": _crypto = ARMv8 AES/SHA-1/SHA-256, _sha512 =
 * ARMv8.2 SHA-512); this header declares nothing that needs them, so the
 * rows files build at the baseline. */
#ifndef HB_SHA_ARM_H
#define HB_SHA_ARM_H

#include "hashbench.h"
#include "hashbench/sha2.h"
#include "algorithms/common/arm_impl.h"

/* compress functions (hb_block32_fn / hb_block64_fn) */
void hb_sha256_compress_armv8(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_sha512_compress_armv8(hb_u64 *state, hb_u64 *w, const uint8_t *blocks, size_t nblocks);

/* registry entries */
extern const hb_impl hb_impl_sha256_armv8;
extern const hb_impl hb_impl_sha512_armv8;
extern const hb_impl hb_impl_sha384_armv8;

#endif /* HB_SHA_ARM_H */
