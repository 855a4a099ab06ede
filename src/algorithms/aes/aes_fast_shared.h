/* What aes_fast.c and its compact form aes_compact.c share (docs/writing-
 * an-algorithm.md, "Compact forms"): the round on the T-tables (in
 * aes_common.c), and the CBC-MAC over whole blocks that each form defines
 * in its own way, which aes_fast_shared.c's update and final run. */
#ifndef HASHBENCH_AES_FAST_SHARED_H
#define HASHBENCH_AES_FAST_SHARED_H

#include "hashbench/common.h"

/* mac = AES-128(w, mac ^ block) for each of nblocks 16-byte blocks at p */
void hb_aes_cbc_blocks_fast(const uint32_t *w, uint8_t *mac, const uint8_t *p, size_t nblocks);

#define B0(x) ((uint8_t)((x) >> 24))
#define B1(x) ((uint8_t)((x) >> 16))
#define B2(x) ((uint8_t)((x) >> 8))
#define B3(x) ((uint8_t)(x))

#define ROUND(t0, t1, t2, t3, s0, s1, s2, s3, k)                          \
    do {                                                                  \
        t0 = hb_aes_te0[B0(s0)] ^ hb_aes_te1[B1(s1)] ^ hb_aes_te2[B2(s2)] \
             ^ hb_aes_te3[B3(s3)] ^ (k)[0];                               \
        t1 = hb_aes_te0[B0(s1)] ^ hb_aes_te1[B1(s2)] ^ hb_aes_te2[B2(s3)] \
             ^ hb_aes_te3[B3(s0)] ^ (k)[1];                               \
        t2 = hb_aes_te0[B0(s2)] ^ hb_aes_te1[B1(s3)] ^ hb_aes_te2[B2(s0)] \
             ^ hb_aes_te3[B3(s1)] ^ (k)[2];                               \
        t3 = hb_aes_te0[B0(s3)] ^ hb_aes_te1[B1(s0)] ^ hb_aes_te2[B2(s1)] \
             ^ hb_aes_te3[B3(s2)] ^ (k)[3];                               \
    } while (0)

/* the last round: no MixColumns, the bare S-box bytes out of the tables */
#define LAST(s0, s1, s2, s3, k)                                           \
    ((hb_aes_te2[B0(s0)] & 0xFF000000UL) ^ (hb_aes_te3[B1(s1)] & 0x00FF0000UL) \
     ^ (hb_aes_te0[B2(s2)] & 0x0000FF00UL) ^ (hb_aes_te1[B3(s3)] & 0x000000FFUL) ^ (k))

#endif /* HASHBENCH_AES_FAST_SHARED_H */
