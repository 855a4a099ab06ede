/* What blake2b_fast.c and its compact form blake2b_compact.c share (docs/
 * writing-an-algorithm.md, "Compact forms"): the round steps both
 * forms are written in; blake2b_fast_shared.c holds their shared code. */
#ifndef HASHBENCH_BLAKE2B_FAST_SHARED_H
#define HASHBENCH_BLAKE2B_FAST_SHARED_H

#include "hashbench.h"
#include "hashbench/blake2.h"

#define G(a, b, c, d, x, y)                                          \
    do {                                                             \
        HB_U64_ADD(a, a, b); HB_U64_ADD(a, a, x);                    \
        HB_U64_XOR(d, d, a); HB_U64_ROTR(d, d, 32);                  \
        HB_U64_ADD(c, c, d);                                         \
        HB_U64_XOR(b, b, c); HB_U64_ROTR(b, b, 24);                  \
        HB_U64_ADD(a, a, b); HB_U64_ADD(a, a, y);                    \
        HB_U64_XOR(d, d, a); HB_U64_ROTR(d, d, 16);                  \
        HB_U64_ADD(c, c, d);                                         \
        HB_U64_XOR(b, b, c); HB_U64_ROTR(b, b, 63);                  \
    } while (0)

#endif /* HASHBENCH_BLAKE2B_FAST_SHARED_H */
