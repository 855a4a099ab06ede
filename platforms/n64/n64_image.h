/* The second build of the algorithms: compiled for the n32 ABI (64-bit
 * registers, so uint64_t arithmetic is native: daddu, dsrl, dmultu), linked
 * as a separate image at N64_IMAGE_ADDR (image.ld) and stored in the
 * program's read-only data; n64_builds.c copies it into place.
 *
 * The o32 program calls into it only through the descriptor at its start,
 * with at most four 32-bit arguments: passed in a0-a3 by both ABIs, with
 * no argument save area involved.  Both ABIs lay these structures out the
 * same way (32-bit pointers, int and size_t; 8-byte alignment for the
 * 64-bit members of the contexts). */
#ifndef N64_IMAGE_H
#define N64_IMAGE_H

#include "hashbench.h"

#define N64_IMAGE_ADDR  0x80200000u
#define N64_IMAGE_MAGIC 0x4E333249u    /* "N32I" */

typedef struct n64_measure_args {
    const hb_impl *impl;
    const uint8_t *msg;
    size_t len;
    unsigned iters;
    uint8_t *digest;
    hb_ctx *ctx;
} n64_measure_args;

typedef struct n64_image {
    uint32_t magic;
    unsigned (*algo_count)(void);
    const hb_algo *(*algo_at)(unsigned index);
    unsigned (*impl_count)(const hb_algo *algo);
    const hb_impl *(*impl_at)(const hb_algo *algo, unsigned index);
    /* hbt_measure of this build, its arguments packed */
    uint32_t (*measure)(const n64_measure_args *args);
} n64_image;

#endif
