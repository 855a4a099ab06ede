/* hb_u64 arrays as plain 64-bit words and back, for the vector kernels of
 * the host (XXH3, XXH64, SHA-3 on x86-64): plain C, no instruction set. */
#ifndef HB_U64_WORDS_H
#define HB_U64_WORDS_H

#include <stdint.h>
#include "hashbench/u64.h"

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

#endif /* HB_U64_WORDS_H */
