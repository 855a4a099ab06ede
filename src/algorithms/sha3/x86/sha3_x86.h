/* SHA-3 on x86-64: AVX-512 (sha3_avx512.c) and the scalar form with BMI1/2
 * (sha3_bmi2.c); their rows: sha3_x86_rows.c.  Declares nothing that needs
 * the kernels' target flags. */
#ifndef HB_SHA3_X86_H
#define HB_SHA3_X86_H

#include "hashbench.h"
#include "hashbench/sha3.h"
#include "algorithms/common/x86_impl.h"

/* SHA-3: Keccak-f[1600] on five zmm planes with ternary logic, and the
 * sponge's whole-block loop kept in those registers. */
void hb_keccakf1600_avx512(hb_u64 *st);
void hb_sha3_update_avx512(hb_sha3_ctx *c, const uint8_t *data, size_t len);
void hb_sha3_final_avx512(hb_sha3_ctx *c, uint8_t *digest);
/* src/algorithms/sha3/x86/sha3_bmi2.c: the scalar form with andn and rorx */
void hb_sha3_update_bmi2(hb_sha3_ctx *c, const uint8_t *data, size_t len);
void hb_sha3_final_bmi2(hb_sha3_ctx *c, uint8_t *digest);
void hb_sha3_256_oneshot_bmi2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha3_384_oneshot_bmi2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_sha3_512_oneshot_bmi2(const uint8_t *data, size_t len, uint8_t *digest);

#endif /* HB_SHA3_X86_H */
