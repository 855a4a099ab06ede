/* Adler-32 with AVX2 / AVX-512 on x86-64 (adler32_avx2.c, adler32_avx512.c;
 * their rows: adler_x86_rows.c).  Declares nothing that needs the kernels'
 * target flags. */
#ifndef HB_ADLER_X86_H
#define HB_ADLER_X86_H

#include "hashbench.h"
#include "hashbench/adler.h"
#include "algorithms/common/x86_impl.h"

/* Adler-32: the digest is written as the fast C one does it. */
void hb_adler32_update_avx2(hb_adler32_ctx *c, const uint8_t *data, size_t len);
void hb_adler32_update_avx512(hb_adler32_ctx *c, const uint8_t *data, size_t len);

#endif /* HB_ADLER_X86_H */
