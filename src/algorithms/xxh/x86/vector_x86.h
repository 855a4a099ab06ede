/* XXH3 with AVX2 / AVX-512 on x86-64: the update, final and one-shot
 * functions (their rows: xxh_x86_rows.c).
 *
 * The kernels live in files compiled with their own target flags (Makefile,
 * "Per-file target flags": *_avx2.c, *_avx512.c).  The registry entries and
 * their `available` functions are built at the baseline, so nothing runs an
 * AVX instruction before hb_x86_has() said yes.  This header declares
 * nothing that needs the target flags. */
#ifndef HB_VECTOR_X86_H
#define HB_VECTOR_X86_H

#include "hashbench.h"
#include "hashbench/xxh3.h"
#include "arch/x86/cpu_x86.h"
#include "algorithms/common/x86_impl.h"

#include "algorithms/common/u64_words.h"

/* XXH3: the streaming state and short inputs are xxh3_common.c's; these
 * replace the stripe accumulator and the buffer copy. */
void hb_xxh3_64_update_avx2(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_64_final_avx2(hb_xxh3_64_ctx *c, uint8_t *digest);
void hb_xxh3_128_update_avx2(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_128_final_avx2(hb_xxh3_128_ctx *c, uint8_t *digest);
void hb_xxh3_64_update_avx512(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_64_final_avx512(hb_xxh3_64_ctx *c, uint8_t *digest);
void hb_xxh3_128_update_avx512(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_128_final_avx512(hb_xxh3_128_ctx *c, uint8_t *digest);
/* the same without software prefetch (xxh3_noprefetch_avx512.c) */
void hb_xxh3_64_update_noprefetch_avx512(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_64_final_noprefetch_avx512(hb_xxh3_64_ctx *c, uint8_t *digest);
void hb_xxh3_128_update_noprefetch_avx512(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len);
void hb_xxh3_128_final_noprefetch_avx512(hb_xxh3_128_ctx *c, uint8_t *digest);

/* XXH3 one-shot functions (hb_oneshot, xxh3_x86_stream.h): no state. */
void hb_xxh3_64_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh3_128_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh3_64_oneshot_avx512(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh3_128_oneshot_avx512(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh3_64_oneshot_noprefetch_avx512(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh3_128_oneshot_noprefetch_avx512(const uint8_t *data, size_t len, uint8_t *digest);

#endif /* HB_VECTOR_X86_H */
