/* Per-core tuning on x86-64: the choices that the CPU's features alone do
 * not decide, because the same instructions cost differently on different
 * cores.  So far: which SHA-3 implementation ranks first (on Zen 4 the
 * AVX-512 planes run on 256-bit units, and the scalar form with andn and
 * rorx wins; on Zen 5 the AVX-512 one does); whether BLAKE3 compresses a
 * single block with the rows of its state in xmm registers (Zen 4: a
 * vector add takes 1 cycle) or in scalar registers (Zen 5: 2 cycles);
 * whether XXH3's AVX-512 loop prefetches (Zen 5 from 256 KiB, Zen 4
 * never); which form of the SHA-512 round runs (docs/impl-sha.md); from
 * which length XXH32 and XXH64 run the split form of their vector loop
 * (a 5-cycle chain where vpaddd takes 1 cycle); and where the XXH32 and
 * XXH64 vector implementations hand a long message over to the scalar
 * loop.  On Zen 5 a vector add or rotate
 * takes 2 cycles where a scalar one takes 1, so the scalar loop wins once
 * a message is long; on Zen 4 the vector chain is shorter (vpaddd 1
 * cycle) and the scalar loop is held to the one multiply a cycle that
 * Zen 4 issues (two per lane and stripe), so the vector loop wins at every
 * length (docs/impl-xxh.md, "Zen 4").
 *
 * On Zen 3 (no AVX-512) the ranks differ (which of the AVX2, SHA-NI and
 * VPCLMULQDQ-on-ymm kernels and the scalar forms measured fastest there:
 * issue 19, docs/peers-avx2.md) and the SHA-512 avx2 kernel's round form.
 *
 * The core is read from cpuid (vendor and family) once.
 * HB_X86_CORE=zen3|zen4|zen5|other in the environment overrides it, so
 * that the tests run every tuning's paths on one machine.  A core nobody
 * has measured gets `other`: with AVX-512 it keeps the choices measured on
 * Zen 5, the project's reference machine, without AVX-512 the ranks
 * measured on Zen 3; add a core here only with measurements. */
#ifndef HB_TUNING_X86_H
#define HB_TUNING_X86_H

#include <stddef.h>

typedef struct hb_x86_tuning_s {
    const char *name;                   /* zen3, zen4, zen5, other */
    /* message lengths (bytes of one update or one-shot call) from which
     * the vector implementations run `fast`'s scalar loop instead; XXH32's
     * IFMA form runs from xxh32_ifma_from up to xxh32_ifma_below, and the
     * plain form's choice above.  None may exceed 0xFFFFFFFF: the XXH64
     * vector update adds lengths to its total in 32-bit steps. */
    size_t xxh32_vector_below;
    size_t xxh32_ifma_from;
    size_t xxh32_ifma_below;
    size_t xxh64_vector_below;
    /* XXH3 (AVX-512): message length from which the whole-block loop
     * prefetches the next block */
    size_t xxh3_prefetch_from;
    /* BLAKE3's single blocks (a lone chunk, parents one by one, the root)
     * through the row-wise compress (blake3_rows_avx512.c) rather than the
     * scalar one */
    int blake3_rows;
    /* SHA-512/384 (AVX-512 and AVX2 schedules): the round in OpenSSL's form, Sigma0
     * of the new a added at the start of the next round and Ch as
     * (e & f) + (~e & g), rather than ours (sha512_rounds_x86.h) */
    int sha512_deferred;
    /* XXH32's plain vector form: the stripes of a call from this many
     * bytes on with the rotate folded into two multiplies (a 5-cycle chain
     * where vpaddd takes 1 cycle, but three multiplies a stripe), shorter
     * ones with add, rotate, multiply (xxh32_x86_vec.h) */
    size_t xxh32_split_from;
    /* the same for XXH64's vector form (xxh64_avx512dq.c) */
    size_t xxh64_split_from;
    /* dispatch ranks that differ on this core from the tables' (which
     * were measured on Zen 5): algorithm, implementation, rank; ends with
     * a null algorithm */
    const struct hb_x86_rank {
        const char *algo, *impl;
        int rank;
    } *ranks;
} hb_x86_tuning_t;

/* The tuning of this core, filled in before main (a constructor in
 * tuning_x86.c), so that reading it is one load: the XXH32 and XXH64
 * one-shots compare against it on every call, and at 64 bytes a call or
 * a pointer to follow showed (1.26x -> 1.12x the Rust crate). */
extern hb_x86_tuning_t hb_x86_tuned;
#define hb_x86_tuning() (&hb_x86_tuned)

#endif
