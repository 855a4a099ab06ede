/* The xxHash family's per-core choices on x86-64 (xxh_x86_knobs.c): where
 * the vector kernels hand a message over to another loop.  The same
 * instructions cost differently on different cores (src/arch/x86/
 * core_x86.h), so these were measured per core (docs/impl-xxh.md). */
#ifndef HB_XXH_X86_KNOBS_H
#define HB_XXH_X86_KNOBS_H

#include <stddef.h>

typedef struct hb_xxh_x86_knobs_t {
    /* message lengths (bytes of one update or one-shot call) from which
     * the vector implementations run `fast`'s scalar loop instead; XXH32's
     * IFMA form runs from xxh32_ifma_from up to xxh32_ifma_below, and the
     * plain form's choice above.  None may exceed 0xFFFFFFFF: the XXH64
     * vector update adds lengths to its total in 32-bit steps. */
    size_t xxh32_vector_below;
    size_t xxh32_ifma_from;
    size_t xxh32_ifma_below;
    size_t xxh64_vector_below;
    /* XXH32's plain vector form: the stripes of a call from this many
     * bytes on with the rotate folded into two multiplies (a 5-cycle chain
     * where vpaddd takes 1 cycle, but three multiplies a stripe), shorter
     * ones with add, rotate, multiply (xxh32_x86_vec.h) */
    size_t xxh32_split_from;
    /* the same for XXH64's vector form (xxh64_avx512dq.c) */
    size_t xxh64_split_from;
    /* XXH3 (AVX-512): message length from which the whole-block loop
     * prefetches the next block */
    size_t xxh3_prefetch_from;
} hb_xxh_x86_knobs_t;

/* This core's, filled in before main (a constructor), so that reading one
 * is one load: the XXH32 and XXH64 one-shots compare against them on every
 * call, and at 64 bytes a call or a pointer to follow showed (1.26x ->
 * 1.12x the Rust crate). */
extern hb_xxh_x86_knobs_t hb_xxh_x86_knobs;

#endif
