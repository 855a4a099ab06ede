/* The x86-64 implementations of BLAKE3 (AVX2, AVX-512; the kernels the
 * multi-threaded BLAKE3 runs): compress functions, hash_many, update/final/
 * params, and the CPU features each needs (their rows: blake3_x86_rows.c).
 *
 * The kernels live in files compiled with their own target flags (Makefile,
 * "Per-file target flags": *_avx2.c, *_avx512.c); blake3_mt_ops_x86.c and
 * the rows build at the baseline and only call a kernel after hb_x86_has()
 * said yes.  This header declares nothing that needs the target flags. */
#ifndef HB_BLAKE3_X86_H
#define HB_BLAKE3_X86_H

#include "hashbench.h"
#include "hashbench/blake3.h"
#include "arch/x86/cpu_x86.h"
#include "algorithms/common/x86_impl.h"

/* What the Makefile's -mavx2 -mbmi2 and -mavx512f -mavx512bw -mavx512vl
 * -mavx2 -mbmi2 let the compiler use: the CPU must have all of it. */
#define HB_BLAKE3_X86_AVX2 (HB_X86_AVX2 | HB_X86_AVX | HB_X86_BMI2 | HB_X86_SSE41 | \
                            HB_X86_SSSE3)
#define HB_BLAKE3_X86_AVX512 (HB_X86_AVX512F | HB_X86_AVX512BW | HB_X86_AVX512VL | \
                              HB_BLAKE3_X86_AVX2)

/* BLAKE3: compress / compress_xof with the rows in xmm, hash_many 8 (AVX2)
 * or 16 (AVX-512) inputs side by side, one per vector lane */
extern const hb_blake3_ops hb_blake3_ops_avx2;
/* The AVX-512 kernels (blake3_avx512.c), with single blocks through the
 * scalar compress of blake3_fast.c (`avx512`) or through the row-wise one
 * of blake3_rows_avx512.c (`avx512-rows`) */
extern const hb_blake3_ops hb_blake3_ops_avx512;
extern const hb_blake3_ops hb_blake3_ops_avx512_rows;
void hb_blake3_compress_rows_avx512(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                                    uint32_t counter_hi, unsigned block_len, unsigned flags);
void hb_blake3_compress_xof_rows_avx512(const uint32_t *cv, const uint8_t *block,
                                        uint32_t counter_lo, uint32_t counter_hi,
                                        unsigned block_len, unsigned flags, uint8_t *out);
/* hash_many's lone input with the rows in xmm (b3m_one_fn of
 * blake3_many_x86.h) */
void hb_blake3_one_rows_avx512(const uint8_t *in, size_t blocks, const uint32_t *key,
                               uint32_t counter_lo, uint32_t counter_hi, unsigned flags,
                               unsigned flags_start, unsigned flags_end, uint8_t *out);
/* hash_many for two or four inputs with their rows in the lanes of ymm
 * (blake3_rows_pairs_avx512.c; b3m_kernel_fn of blake3_many_x86.h) */
void hb_blake3_two_rows_avx512(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                               const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags,
                               unsigned flags_start, unsigned flags_end, uint8_t *out);
void hb_blake3_four_rows_avx512(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                                const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags,
                                unsigned flags_start, unsigned flags_end, uint8_t *out);
/* The row-wise compress and hash_many's one, two and four inputs without
 * AVX-512 (blake3_rows_avx2.c) */
void hb_blake3_compress_rows_avx2(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                                  uint32_t counter_hi, unsigned block_len, unsigned flags);
void hb_blake3_compress_xof_rows_avx2(const uint32_t *cv, const uint8_t *block,
                                      uint32_t counter_lo, uint32_t counter_hi,
                                      unsigned block_len, unsigned flags, uint8_t *out);
void hb_blake3_one_rows_avx2(const uint8_t *in, size_t blocks, const uint32_t *key,
                             uint32_t counter_lo, uint32_t counter_hi, unsigned flags,
                             unsigned flags_start, unsigned flags_end, uint8_t *out);
void hb_blake3_two_rows_avx2(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                             const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags,
                             unsigned flags_start, unsigned flags_end, uint8_t *out);
void hb_blake3_four_rows_avx2(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                              const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags,
                              unsigned flags_start, unsigned flags_end, uint8_t *out);
void hb_blake3_update_avx2(hb_blake3_ctx *c, const uint8_t *data, size_t len);
void hb_blake3_final_avx2(hb_blake3_ctx *c, uint8_t *digest);
int hb_blake3_params_avx2(const struct hb_params *p, const uint8_t *data, size_t len,
                          uint8_t *out, size_t out_len);
void hb_blake3_update_avx512(hb_blake3_ctx *c, const uint8_t *data, size_t len);
void hb_blake3_final_avx512(hb_blake3_ctx *c, uint8_t *digest);
int hb_blake3_params_avx512(const struct hb_params *p, const uint8_t *data, size_t len,
                            uint8_t *out, size_t out_len);
void hb_blake3_update_avx512_rows(hb_blake3_ctx *c, const uint8_t *data, size_t len);
void hb_blake3_final_avx512_rows(hb_blake3_ctx *c, uint8_t *digest);
int hb_blake3_params_avx512_rows(const struct hb_params *p, const uint8_t *data, size_t len,
                                 uint8_t *out, size_t out_len);


extern const hb_impl hb_impl_blake3_avx2;
extern const hb_impl hb_impl_blake3_avx512;
extern const hb_impl hb_impl_blake3_avx512_rows;

#endif /* HB_BLAKE3_X86_H */
