/* What blake3_fast.c and its compact form blake3_compact.c share (docs/
 * writing-an-algorithm.md, "Compact forms"): each form defines this
 * compression function its own way; blake3_fast_shared.c builds the
 * compress, extended-output and hash_many entry points and the streaming
 * on it. */
#ifndef HASHBENCH_BLAKE3_FAST_SHARED_H
#define HASHBENCH_BLAKE3_FAST_SHARED_H

#include "hashbench/common.h"

/* out[0..7]: the new chaining value (out may be cv); if full, out[8..15]
 * the second half of the extended output too (then out is not cv) */
void hb_blake3_compress_core_fast(const uint32_t *cv, const uint8_t *block,
                                  uint32_t counter_lo, uint32_t counter_hi,
                                  unsigned block_len, unsigned flags, uint32_t *out, int full);

#endif /* HASHBENCH_BLAKE3_FAST_SHARED_H */
