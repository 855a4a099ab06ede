/* What md5_fast.c and its compact form md5_compact.c share (docs/
 * writing-an-algorithm.md, "Compact forms"): the round steps both
 * forms are written in; md5_fast_shared.c holds their shared code. */
#ifndef HASHBENCH_MD5_FAST_SHARED_H
#define HASHBENCH_MD5_FAST_SHARED_H

#include "hashbench/md.h"

#define MD5_F(b, c, d) ((((c) ^ (d)) & (b)) ^ (d))
#define MD5_H(b, c, d) ((b) ^ (c) ^ (d))
#define MD5_I(b, c, d) ((c) ^ ((b) | ~(d)))

#define MD5_STEP(f, a, b, c, d, xk, t, s)   \
    do {                                    \
        (a) += (xk) + (t);                  \
        (a) += MD5_##f((b), (c), (d));      \
        (a) = HB_ROTL32((a), (s));          \
        (a) += (b);                         \
    } while (0)

#define MD5_STEP_G(a, b, c, d, xk, t, s)    \
    do {                                    \
        (a) += (xk) + (t) + (~(d) & (c));   \
        (a) += (d) & (b);                   \
        (a) = HB_ROTL32((a), (s));          \
        (a) += (b);                         \
    } while (0)

#endif /* HASHBENCH_MD5_FAST_SHARED_H */
