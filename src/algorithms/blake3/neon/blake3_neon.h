/* The NEON implementation of BLAKE3 shared by aarch64 and 32-bit ARM
 * (blake3_neon_kernel.h, built once per architecture by its
 * <arch>/blake3_neon.c): hash_many four chunks (or parents) side by side,
 * one per 32-bit lane; single blocks through the scalar compress of
 * blake3_fast.c.  The registry entry, hb_impl_blake3_neon, is each
 * architecture's (its rows file), with its own CPU-feature test. */
#ifndef HB_BLAKE3_NEON_H
#define HB_BLAKE3_NEON_H

#include "hashbench.h"
#include "hashbench/blake3.h"

extern const hb_blake3_ops hb_blake3_ops_neon;
void hb_blake3_hash_many_neon(const uint8_t **inputs, size_t n_inputs, size_t blocks,
                              const uint32_t *key, uint32_t counter_lo, uint32_t counter_hi,
                              int increment_counter, unsigned flags, unsigned flags_start,
                              unsigned flags_end, uint8_t *out);
void hb_blake3_update_neon(hb_blake3_ctx *c, const uint8_t *data, size_t len);
void hb_blake3_final_neon(hb_blake3_ctx *c, uint8_t *digest);
int hb_blake3_params_neon(const struct hb_params *p, const uint8_t *data, size_t len,
                          uint8_t *out, size_t out_len);

extern const hb_impl hb_impl_blake3_neon;

#endif /* HB_BLAKE3_NEON_H */
