/* The aarch64 NEON implementations of the blake group (BLAKE2s, BLAKE2b,
 * BLAKE3): their compress and hash_many kernels, update/final/params, and
 * the registry entries.  NEON (Advanced SIMD) is the aarch64 baseline, so
 * the kernels (*_neon.c) need no target flags; their `available` still asks
 * for HB_ARM_ASIMD, so that HB_ARM_MASK can turn them off and the tests
 * reach the C code below them.  This header needs nothing beyond the
 * baseline, so the register file builds at the baseline too. */
#ifndef HB_BLAKE_ARM_H
#define HB_BLAKE_ARM_H

#include "hashbench.h"
#include "hashbench/blake2.h"
#include "hashbench/blake3.h"
#include "arch/aarch64/arm_impl.h"

/* BLAKE2s / BLAKE2b: one message, the four state rows in vector registers
 * (blake2s_neon.c: one q register a row; blake2b_neon.c: two).  The shape
 * is blake2.h's compress function: buffering and keying stay in
 * blake2_common.c. */
void hb_blake2s_compress_neon(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last);
void hb_blake2b_compress_neon(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last);

/* BLAKE3 (src/algorithms/blake3/aarch64/blake3_neon.c): hash_many four chunks
 * (or parents) side by side, one per 32-bit lane; single blocks through the
 * scalar compress of blake3_fast.c */
extern const hb_blake3_ops hb_blake3_ops_neon;
void hb_blake3_hash_many_neon(const uint8_t **inputs, size_t n_inputs, size_t blocks,
                              const uint32_t *key, uint32_t counter_lo, uint32_t counter_hi,
                              int increment_counter, unsigned flags, unsigned flags_start,
                              unsigned flags_end, uint8_t *out);
void hb_blake3_update_neon(hb_blake3_ctx *c, const uint8_t *data, size_t len);
void hb_blake3_final_neon(hb_blake3_ctx *c, uint8_t *digest);
int hb_blake3_params_neon(const struct hb_params *p, const uint8_t *data, size_t len,
                          uint8_t *out, size_t out_len);

/* registry entries */
extern const hb_impl hb_impl_blake2s_neon;
extern const hb_impl hb_impl_blake2b_neon;
extern const hb_impl hb_impl_blake3_neon;

#endif /* HB_BLAKE_ARM_H */
