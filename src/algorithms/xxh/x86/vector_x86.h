/* XXH3 with AVX2 / AVX-512 on x86-64: the update, final and one-shot
 * functions (their rows: xxh_x86_rows.c), and the word helpers the vector
 * kernels of XXH3, XXH64 and SHA-3 share.
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
#include "arch/x86/x86_impl.h"

/* hb_u64 arrays as plain 64-bit words, for the vector loads and stores: a
 * copy in the two-word build (-DHB_U64_PAIR, whose hb_u64 is a struct of
 * two 32-bit halves), which the optimiser removes in the native one. */
static inline void hb_vx_get_words(uint64_t *w, const hb_u64 *a, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        w[i] = ((uint64_t)HB_U64_HI(a[i]) << 32) | HB_U64_LO(a[i]);
}

static inline void hb_vx_put_words(hb_u64 *a, const uint64_t *w, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        HB_U64_SET(a[i], (uint32_t)(w[i] >> 32), (uint32_t)w[i]);
}

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

/* XXH3 one-shot functions (hb_oneshot, xxh3_x86_stream.h): no state. */
void hb_xxh3_64_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh3_128_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh3_64_oneshot_avx512(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh3_128_oneshot_avx512(const uint8_t *data, size_t len, uint8_t *digest);

#endif /* HB_VECTOR_X86_H */
