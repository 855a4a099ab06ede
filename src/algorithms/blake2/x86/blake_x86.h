/* The x86-64 implementations of BLAKE2s and BLAKE2b (x64, AVX2, AVX-512):
 * their compress functions and the CPU features each needs (their rows:
 * blake2_x86_rows.c).
 *
 * The kernels live in files compiled with their own target flags (Makefile,
 * "Per-file target flags": *_avx2.c, *_avx512.c); the rows file builds
 * at the baseline and only call a kernel after
 * hb_x86_has() said yes.  This header declares nothing that needs the
 * target flags. */
#ifndef HB_BLAKE_X86_H
#define HB_BLAKE_X86_H

#include "hashbench.h"
#include "hashbench/blake2.h"
#include "arch/x86/cpu_x86.h"
#include "algorithms/common/x86_impl.h"

/* What the Makefile's -mavx2 -mbmi2 and -mavx512f -mavx512bw -mavx512vl
 * -mavx2 -mbmi2 let the compiler use: the CPU must have all of it. */
#define HB_BLAKE_X86_AVX2 (HB_X86_AVX2 | HB_X86_AVX | HB_X86_BMI2 | HB_X86_SSE41 | \
                           HB_X86_SSSE3)
#define HB_BLAKE_X86_AVX512 (HB_X86_AVX512F | HB_X86_AVX512BW | HB_X86_AVX512VL | \
                             HB_BLAKE_X86_AVX2)

/* BLAKE2s / BLAKE2b in plain C with the state in named variables
 * (blake2_scalar_x86.h): every x86-64 CPU */
#define HB_BLAKE_X86_BASE HB_X86_SSE2
void hb_blake2s_compress_x64(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                             size_t nblocks, unsigned inc, int last);
void hb_blake2b_compress_x64(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                             size_t nblocks, unsigned inc, int last);

/* BLAKE2s: the four state rows in xmm registers */
void hb_blake2s_compress_avx2(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last);
void hb_blake2s_compress_avx512(uint32_t *h, uint32_t *t, const uint8_t *blocks,
                                size_t nblocks, unsigned inc, int last);
/* BLAKE2b: the four state rows in ymm registers */
void hb_blake2b_compress_avx2(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                              size_t nblocks, unsigned inc, int last);
void hb_blake2b_compress_avx512(hb_u64 *h, hb_u64 *t, const uint8_t *blocks,
                                size_t nblocks, unsigned inc, int last);

/* registry entries */
extern const hb_impl hb_impl_blake2s_x64;
extern const hb_impl hb_impl_blake2b_x64;
extern const hb_impl hb_impl_blake2s_avx2;
extern const hb_impl hb_impl_blake2s_avx512;
extern const hb_impl hb_impl_blake2b_avx2;
extern const hb_impl hb_impl_blake2b_avx512;

#endif /* HB_BLAKE_X86_H */
