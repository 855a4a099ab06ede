/* The aarch64 implementations of the sha group (SHA-1, SHA-2, SHA-3, HMAC
 * and PBKDF2 over SHA-256): their kernels and registry entries.
 *
 * Each kernel file is compiled with its own target flags (Makefile,
 * "Per-file target flags": _crypto = ARMv8 AES/SHA-1/SHA-256, _sha512 and
 * _sha3 = ARMv8.2 SHA-512 and SHA-3); this header declares nothing that
 * needs them, so the rows files build at the baseline. */
#ifndef HB_SHA_ARM_H
#define HB_SHA_ARM_H

#include "hashbench.h"
#include "hashbench/sha1.h"
#include "hashbench/sha2.h"
#include "hashbench/sha3.h"
#include "hashbench/mac.h"
#include "arch/aarch64/arm_impl.h"

/* compress functions (hb_block32_fn / hb_block64_fn) and the permutation */
void hb_sha1_compress_armv8(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_sha256_compress_armv8(uint32_t *state, const uint8_t *blocks, size_t nblocks);
void hb_sha512_compress_armv8(hb_u64 *state, hb_u64 *w, const uint8_t *blocks, size_t nblocks);
void hb_keccakf1600_armv8(hb_u64 *st);

/* registry entries */
extern const hb_impl hb_impl_sha1_armv8;
extern const hb_impl hb_impl_sha256_armv8;
extern const hb_impl hb_impl_hmac_sha256_armv8;
extern const hb_impl hb_impl_pbkdf2_sha256_armv8;
extern const hb_impl hb_impl_sha512_armv8;
extern const hb_impl hb_impl_sha384_armv8;
extern const hb_impl hb_impl_sha3_256_armv8;
extern const hb_impl hb_impl_sha3_384_armv8;
extern const hb_impl hb_impl_sha3_512_armv8;

#endif /* HB_SHA_ARM_H */
