/* HMAC-SHA-256 and PBKDF2-HMAC-SHA-256 on aarch64 with the ARMv8 SHA-256
 * instructions (hmac_sha256_armv8_crypto.c, pbkdf2_sha256_armv8_crypto.c):
 * their registry entries; their rows are in mac_aarch64_rows.c.
 *
 * Both run SHA-256's ARMv8 compress function, so this header includes the
 * sha2 family's (sha2/aarch64/sha_arm.h: hb_sha256_compress_armv8), the
 * one place the mac family includes another family's folder. */
#ifndef HB_MAC_ARM_H
#define HB_MAC_ARM_H

#include "hashbench.h"
#include "hashbench/mac.h"
#include "algorithms/common/arm_impl.h"
#include "algorithms/sha2/aarch64/sha_arm.h"

/* registry entries */
extern const hb_impl hb_impl_hmac_sha256_armv8;
extern const hb_impl hb_impl_pbkdf2_sha256_armv8;

#endif /* HB_MAC_ARM_H */
