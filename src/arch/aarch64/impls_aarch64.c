/* The aarch64 instruction-set implementations, one table per family group.
 * Each implementation is built from its own file with its own target flags
 * (see the Makefile: the file name's suffix picks them, _crypto, _crc,
 * _sha3, _sha512, _neon) and says in its `available` function which CPU
 * features it needs (cpu_aarch64.h). */
#include "hashbench.h"

extern const hb_extra_impl hb_arm_sha_impls[];     /* src/algorithms/sha2/aarch64: SHA-1, SHA-2, SHA-3, HMAC, PBKDF2 */
extern const hb_extra_impl hb_arm_crc_impls[];     /* src/algorithms/crc/aarch64: CRC32 instructions, PMULL folding */
extern const hb_extra_impl hb_arm_aes_impls[];     /* src/algorithms/aes/aarch64: AESE/AESMC */
extern const hb_extra_impl hb_arm_vector_impls[];  /* src/algorithms/xxh/aarch64: NEON XXH3, Adler-32 */
extern const hb_extra_impl hb_arm_blake_impls[];   /* src/algorithms/blake2/aarch64: NEON BLAKE2s, BLAKE2b, BLAKE3 */

const hb_extra_impl *const hb_arch_impl_tables[] = {
    hb_arm_sha_impls, hb_arm_crc_impls, hb_arm_aes_impls, hb_arm_vector_impls,
    hb_arm_blake_impls, 0
};

#include "../no_tuning.h"      /* relative: the console builds have no -Isrc */
