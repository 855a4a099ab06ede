/* The x86-64 one-shot tables (hb_oneshot, include/hashbench.h), one per
 * family group, beside that group's registrations; src/dispatch.c looks an
 * implementation up here.  Host only: the consoles never link this. */
#include "hashbench.h"

extern const hb_oneshot hb_x86_sha_oneshots[];      /* src/algorithms/sha2/x86: HMAC-SHA-256 SHA-NI */
extern const hb_oneshot hb_x86_crc_oneshots[];      /* src/algorithms/crc/x86: PCLMULQDQ, VPCLMULQDQ, SSE4.2 */
extern const hb_oneshot hb_x86_blake_oneshots[];    /* src/algorithms/blake2/x86: BLAKE3 AVX2/AVX-512 */
extern const hb_oneshot hb_x86_vector_oneshots[];   /* src/algorithms/xxh/x86: XXH3, Adler-32 */
extern const hb_oneshot hb_x86_xxh_oneshots[];      /* src/algorithms/xxh/x86/xxh_oneshot.c: XXH32, XXH64 */
extern const hb_oneshot hb_x86_siphash_oneshots[];  /* src/algorithms/siphash/x86/siphash_oneshot.c */
extern const hb_oneshot hb_x86_fast_c_oneshots[];   /* src/arch/x86/oneshot_fast_c.c */
extern const hb_oneshot hb_x86_aes_oneshots[];      /* src/algorithms/aes/x86: AES-NI CBC-MAC */

const hb_oneshot *const hb_arch_oneshot_tables[] = {
    hb_x86_sha_oneshots, hb_x86_crc_oneshots, hb_x86_blake_oneshots, hb_x86_vector_oneshots,
    hb_x86_xxh_oneshots, hb_x86_siphash_oneshots, hb_x86_fast_c_oneshots, hb_x86_aes_oneshots, 0
};
