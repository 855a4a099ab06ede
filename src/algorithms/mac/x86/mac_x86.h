/* HMAC-SHA-256 and PBKDF2-HMAC-SHA-256 on x86-64 with SHA-NI
 * (hmac_sha256_shani.c, pbkdf2_sha256_shani.c): their registry entries
 * and the HMAC one-shot; their rows are in mac_x86_rows.c.
 *
 * Both run SHA-256's SHA-NI compress function and rounds, so this header
 * includes the sha2 family's (sha2/x86/sha_x86.h: hb_sha256_compress_shani
 * and the CPU features it needs), the one place the mac family includes
 * another family's folder (its kernels also include sha256_shani_core.h). */
#ifndef HB_MAC_X86_H
#define HB_MAC_X86_H

#include "hashbench.h"
#include "hashbench/mac.h"
#include "algorithms/common/oneshot.h"
#include "algorithms/common/x86_impl.h"
#include "algorithms/sha2/x86/sha_x86.h"

/* registry entries */
extern const hb_impl hb_impl_hmac_sha256_shani;
extern const hb_impl hb_impl_pbkdf2_sha256_shani;

/* the HMAC one-shot under the roster's key, named by its row */
void hb_hmac_sha256_oneshot_shani(const uint8_t *data, size_t len, uint8_t *mac);

#endif /* HB_MAC_X86_H */
