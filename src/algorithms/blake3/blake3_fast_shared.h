/* What blake3_fast.c and its compact form blake3_compact.c share (docs/
 * writing-an-algorithm.md, "Compact forms"): the G function both forms'
 * rounds are written in, and the compression function each form defines
 * its own way, on which blake3_fast_shared.c builds the compress,
 * extended-output and hash_many entry points and the streaming. */
#ifndef HASHBENCH_BLAKE3_FAST_SHARED_H
#define HASHBENCH_BLAKE3_FAST_SHARED_H

#include "hashbench/common.h"

/* out[0..7]: the new chaining value (out may be cv); if full, out[8..15]
 * the second half of the extended output too (then out is not cv) */
void hb_blake3_compress_core_fast(const uint32_t *cv, const uint8_t *block,
                                  uint32_t counter_lo, uint32_t counter_hi,
                                  unsigned block_len, unsigned flags, uint32_t *out, int full);

#define G(a, b, c, d, x, y)                                          \
    do {                                                             \
        a += b + x; d = HB_ROTR32(d ^ a, 16);                        \
        c += d;     b = HB_ROTR32(b ^ c, 12);                        \
        a += b + y; d = HB_ROTR32(d ^ a, 8);                         \
        c += d;     b = HB_ROTR32(b ^ c, 7);                         \
    } while (0)

#endif /* HASHBENCH_BLAKE3_FAST_SHARED_H */
