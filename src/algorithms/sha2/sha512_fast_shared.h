/* What sha512_fast.c and its compact form sha512_compact.c share (docs/
 * writing-an-algorithm.md, "Compact forms"): the round steps both
 * forms are written in; sha512_fast_shared.c holds their shared code. */
#ifndef HASHBENCH_SHA512_FAST_SHARED_H
#define HASHBENCH_SHA512_FAST_SHARED_H

#include "hashbench/sha2.h"

/* r = ROTR^n1(x) ^ ROTR^n2(x) ^ ROTR^n3(x); uses tmp */
#define BIGSIG(r, x, n1, n2, n3)                                              \
    HB_U64_ROTR(r, x, n1);                                                    \
    HB_U64_ROTR(tmp, x, n2);                                                  \
    HB_U64_XOR(r, r, tmp);                                                    \
    HB_U64_ROTR(tmp, x, n3);                                                  \
    HB_U64_XOR(r, r, tmp)

/* r = ROTR^n1(x) ^ ROTR^n2(x) ^ SHR^n3(x); uses tmp */
#define SMALLSIG(r, x, n1, n2, n3)                                            \
    HB_U64_ROTR(r, x, n1);                                                    \
    HB_U64_ROTR(tmp, x, n2);                                                  \
    HB_U64_XOR(r, r, tmp);                                                    \
    HB_U64_SHR(tmp, x, n3);                                                   \
    HB_U64_XOR(r, r, tmp)

#endif /* HASHBENCH_SHA512_FAST_SHARED_H */
