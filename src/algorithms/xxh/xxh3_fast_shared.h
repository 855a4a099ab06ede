/* What xxh3_fast.c and its compact form xxh3_compact.c share (docs/
 * writing-an-algorithm.md, "Compact forms"): the stripe accumulator each
 * form defines its own way, which xxh3_fast_shared.c's update and final
 * run. */
#ifndef HASHBENCH_XXH3_FAST_SHARED_H
#define HASHBENCH_XXH3_FAST_SHARED_H

#include "hashbench/xxh3.h"

/* accumulates the n bytes at p, whole stripes, into acc (the
 * hb_xxh3_update/final stripes callback) */
void hb_xxh3_stripes_fast(hb_u64 *acc, uint8_t *stripes, const uint8_t *p, size_t n);

#endif /* HASHBENCH_XXH3_FAST_SHARED_H */
