/* The x86-64 instruction-set implementations, one table per family group.
 * Each implementation is built from its own file with its own target flags
 * (see the Makefile: the file name's suffix picks them) and says in its
 * `available` function which CPU features it needs. */
#include "hashbench.h"

extern const hb_extra_impl hb_x86_sha_impls[];      /* src/algorithms/sha2/x86: SHA-NI, AVX2/AVX-512 SHA-2 */
extern const hb_extra_impl hb_x86_crc_impls[];      /* src/algorithms/crc/x86: PCLMULQDQ, VPCLMULQDQ, SSE4.2 */
extern const hb_extra_impl hb_x86_aes_impls[];      /* src/algorithms/aes/x86: AES-NI */
extern const hb_extra_impl hb_x86_blake_impls[];    /* src/algorithms/blake2/x86: BLAKE2, BLAKE3 SIMD */
extern const hb_extra_impl hb_x86_vector_impls[];   /* src/algorithms/xxh/x86: XXH3, Adler-32, SHA-3 AVX2/AVX-512 */
extern const hb_extra_impl hb_x86_xxh_impls[];      /* src/algorithms/xxh/x86/xxh_x86_register.c: XXH32, XXH64 AVX-512 */
extern const hb_extra_impl hb_x86_tiny_impls[];     /* src/algorithms/tiny/x86: djb2, fnv1a32, knuth, oat, pjw, sdbm, pearson8 */
extern const hb_extra_impl hb_x86_fletcher_impls[]; /* src/algorithms/fletcher/x86: Fletcher-64 with 64-bit sums */
extern const hb_extra_impl hb_x86_murmur3_impls[];  /* src/algorithms/murmur3/x86: MurmurHash3-128 AVX-512 */

const hb_extra_impl *const hb_arch_impl_tables[] = {
    hb_x86_sha_impls, hb_x86_crc_impls, hb_x86_aes_impls, hb_x86_blake_impls, hb_x86_vector_impls, hb_x86_xxh_impls,
    hb_x86_tiny_impls, hb_x86_fletcher_impls, hb_x86_murmur3_impls, 0
};
