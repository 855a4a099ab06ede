/* The block loop shared by sha512_avx2.c and sha512_avx512.c: message
 * schedules computed with vector instructions for a batch of LANES blocks
 * at a time (one block per 64-bit lane: the schedules of different blocks
 * are independent), the rounds scalar (sha512_rounds_x86.h).
 *
 * The schedule of batch k+1 is computed in slices while the rounds of
 * batch k run: after every eight rounds, one slice (HB_SHA512_SLOTS per
 * batch).  A whole batch's schedule at once would be a thousand vector
 * instructions that nothing overlaps with; in slices, the out-of-order core
 * runs them on the vector units beside the integer rounds, nearly free.
 * The first batch's schedule is computed before its rounds.  A call of one
 * block goes to the fast C compress function instead (sha512_one_block): a
 * vector schedule's 32 dependent steps would not be hidden there.  The
 * including file calls sha512_one_block for one block, sha512_batches for
 * more.
 *
 * The including file defines LANES, the type vsched (its vector words, a
 * 16-word ring of W, and W + K for two batches) and
 *   static void sched_slot(vsched *v, unsigned buf, const uint8_t *p,
 *                          size_t nb, unsigned slot)
 * which computes slice `slot` (0 .. 10 * LANES - 1) of the schedule of the
 * nb (1 .. LANES) blocks at p into buffer buf; then includes this file. */
#ifndef HB_SHA512_BATCH_X86_H
#define HB_SHA512_BATCH_X86_H

#include "sha512_rounds_x86.h"

#define HB_SHA512_SLOTS (10 * LANES)

/* the next batch's slice after each eight rounds, when there is one */
#define HB_SHA512_BATCH_HOOK(slot)                                            \
    do {                                                                      \
        if (next_nb > 0)                                                      \
            sched_slot(&v, cur ^ 1u, next_p, next_nb, 10 * i + (slot));      \
    } while (0)

/* One block (the padding block of every message, the whole of a short
 * one): the fast C compress function (its schedule interleaved with its
 * rounds; measured faster here than hb_sha512_block_scalar_x86 when many
 * short messages follow each other), with a small stack frame instead of
 * the batch loop's 15 KiB. */
static void sha512_one_block(hb_u64 *state, const uint8_t *p)
{
    hb_u64 unused[1];

    hb_sha512_compress_fast(state, unused, p, 1);
}

/* Two blocks or more. */
static void __attribute__((noinline)) sha512_batches(hb_u64 *state, const uint8_t *blocks, size_t nblocks)
{
    vsched v;
    uint64_t s[8];
    const uint8_t *next_p;
    size_t nb, next_nb, i;
    unsigned cur = 0, slot;

    hb_sha512_state_in(s, state);
    nb = nblocks < LANES ? nblocks : LANES;
    for (slot = 0; slot < HB_SHA512_SLOTS; slot++)
        sched_slot(&v, cur, blocks, nb, slot);
    while (nblocks > 0) {
        next_p = blocks + nb * HB_SHA512_BLOCK;
        next_nb = nblocks - nb < LANES ? nblocks - nb : LANES;
        for (i = 0; i < nb; i++) {
            const uint64_t *wk = (const uint64_t *)(const void *)v.wk[cur] + i;
#define HB_SHA512_WK_BATCH(t) wk[(t) * LANES]
            HB_SHA512_XBLOCK(s, HB_SHA512_WK_BATCH, HB_SHA512_BATCH_HOOK);
#undef HB_SHA512_WK_BATCH
        }
        /* a batch of fewer than LANES blocks left slices undone */
        for (slot = (unsigned)(10 * nb); next_nb > 0 && slot < HB_SHA512_SLOTS; slot++)
            sched_slot(&v, cur ^ 1u, next_p, next_nb, slot);
        blocks = next_p;
        nblocks -= nb;
        nb = next_nb;
        cur ^= 1u;
    }
    hb_sha512_state_out(state, s);
}

#endif /* HB_SHA512_BATCH_X86_H */
