/* hash_many for the vector kernels (blake3_lanes_x86.h): the inputs go to
 * the kernel a vector's width at a time, a short last group padded by
 * repeating its last input (those lanes' results are dropped); a lone input
 * goes through the row-wise compress, which is cheaper than a mostly empty
 * vector.  Each lane's counter is the batch's counter plus the lane, with
 * the carry into the high word. */
#ifndef HB_BLAKE3_MANY_X86_H
#define HB_BLAKE3_MANY_X86_H

#include <string.h>
#include "hashbench.h"
#include "hashbench/blake3.h"

#define B3M_MAX_LANES 32

typedef void (*b3m_kernel_fn)(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                              const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags,
                              unsigned flags_start, unsigned flags_end, uint8_t *out);

/* hash_many's lone input: `blocks` blocks one after the other, the
 * 32-byte chaining value to out */
typedef void (*b3m_one_fn)(const uint8_t *in, size_t blocks, const uint32_t *key,
                           uint32_t counter_lo, uint32_t counter_hi, unsigned flags,
                           unsigned flags_start, unsigned flags_end, uint8_t *out);

/* one input, one block after the other, through a single-block compress */
static inline void b3m_one(hb_blake3_compress_fn compress, const uint8_t *in, size_t blocks,
                           const uint32_t *key, uint32_t counter_lo, uint32_t counter_hi,
                           unsigned flags, unsigned flags_start, unsigned flags_end,
                           uint8_t *out)
{
    uint32_t cv[8];
    size_t b;
    unsigned i, f;

    for (i = 0; i < 8; i++)
        cv[i] = key[i];
    for (b = 0; b < blocks; b++, in += HB_BLAKE3_BLOCK_LEN) {
        f = flags;
        if (b == 0)
            f |= flags_start;
        if (b + 1 == blocks)
            f |= flags_end;
        compress(cv, in, counter_lo, counter_hi, HB_BLAKE3_BLOCK_LEN, f);
    }
    for (i = 0; i < 8; i++)
        HB_STORE32_LE(out + 4 * i, cv[i]);
}

/* `lanes` inputs (or fewer: padded) through kernel */
static inline void b3m_group(b3m_kernel_fn kernel, unsigned lanes, const uint8_t *const *inputs,
                             size_t n, size_t blocks, const uint32_t *key, uint32_t counter_lo,
                             uint32_t counter_hi, int increment_counter, unsigned flags,
                             unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    const uint8_t *in[B3M_MAX_LANES];
    uint32_t lo[B3M_MAX_LANES], hi[B3M_MAX_LANES];
    uint8_t cvs[B3M_MAX_LANES * HB_BLAKE3_OUT_LEN];
    unsigned j;

    for (j = 0; j < lanes; j++) {
        uint32_t add = increment_counter ? j : 0;
        in[j] = inputs[j < n ? j : n - 1];
        lo[j] = counter_lo + add;
        hi[j] = counter_hi + (lo[j] < counter_lo);
    }
    if (n == lanes) {
        kernel(in, blocks, key, lo, hi, flags, flags_start, flags_end, out);
        return;
    }
    kernel(in, blocks, key, lo, hi, flags, flags_start, flags_end, cvs);
    memcpy(out, cvs, n * HB_BLAKE3_OUT_LEN);
}

#endif /* HB_BLAKE3_MANY_X86_H */
