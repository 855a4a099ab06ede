/* What blake2s_fast.c and its compact form blake2s_compact.c share (docs/
 * writing-an-algorithm.md, "Compact forms"): the round steps both
 * forms are written in; blake2s_fast_shared.c holds their shared code. */
#ifndef HASHBENCH_BLAKE2S_FAST_SHARED_H
#define HASHBENCH_BLAKE2S_FAST_SHARED_H

#include "hashbench.h"
#include "hashbench/blake2.h"

#define G(a, b, c, d, x, y)                                          \
    do {                                                             \
        a += b + x; d = HB_ROTR32(d ^ a, 16);                        \
        c += d;     b = HB_ROTR32(b ^ c, 12);                        \
        a += b + y; d = HB_ROTR32(d ^ a, 8);                         \
        c += d;     b = HB_ROTR32(b ^ c, 7);                         \
    } while (0)

#endif /* HASHBENCH_BLAKE2S_FAST_SHARED_H */
