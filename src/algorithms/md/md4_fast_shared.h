/* What md4_fast.c and its compact form md4_compact.c share (docs/
 * writing-an-algorithm.md, "Compact forms"): the round steps both
 * forms are written in; md4_fast_shared.c holds their shared code. */
#ifndef HASHBENCH_MD4_FAST_SHARED_H
#define HASHBENCH_MD4_FAST_SHARED_H

#include "hashbench/md.h"

#define MD4_F(b, c, d) ((((c) ^ (d)) & (b)) ^ (d))
#define MD4_H(b, c, d) ((b) ^ (c) ^ (d))

#define MD4_STEP1(a, b, c, d, xk, s) \
    do { (a) += (xk); (a) += MD4_F((b), (c), (d)); (a) = HB_ROTL32((a), (s)); } while (0)
#define MD4_STEP2(a, b, c, d, xk, s) \
    do { (a) += (xk) + 0x5A827999UL; (a) += (c) & (d); (a) += (b) & ((c) ^ (d)); \
         (a) = HB_ROTL32((a), (s)); } while (0)
#define MD4_STEP3(a, b, c, d, xk, s) \
    do { (a) += (xk) + 0x6ED9EBA1UL; (a) += MD4_H((b), (c), (d)); (a) = HB_ROTL32((a), (s)); } while (0)

#endif /* HASHBENCH_MD4_FAST_SHARED_H */
