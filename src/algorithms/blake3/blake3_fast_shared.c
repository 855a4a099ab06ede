/* The code blake3_fast.c and blake3_compact.c share, linked with whichever of
 * the two a build takes (docs/writing-an-algorithm.md, "Compact forms"):
 * compress, extended output, hash_many and the streaming (update, final,
 * params), all on the hb_blake3_compress_core_fast each form defines in its
 * own way. */
#include "hashbench.h"
#include "hashbench/blake3.h"
#include "blake3_fast_shared.h"

void hb_blake3_compress_fast(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                             uint32_t counter_hi, unsigned block_len, unsigned flags)
{
    hb_blake3_compress_core_fast(cv, block, counter_lo, counter_hi, block_len, flags, cv, 0);
}

void hb_blake3_compress_xof_fast(const uint32_t *cv, const uint8_t *block,
                                 uint32_t counter_lo, uint32_t counter_hi,
                                 unsigned block_len, unsigned flags, uint8_t *out)
{
    uint32_t w[16];
    unsigned i;

    hb_blake3_compress_core_fast(cv, block, counter_lo, counter_hi, block_len, flags, w, 1);
    for (i = 0; i < 16; i++)
        HB_STORE32_LE(out + 4 * i, w[i]);
}

/* one input after the other (a SIMD implementation does them side by side) */
void hb_blake3_hash_many_fast(const uint8_t **inputs, size_t n_inputs,
                              size_t blocks, const uint32_t *key,
                              uint32_t counter_lo, uint32_t counter_hi,
                              int increment_counter, unsigned flags,
                              unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    uint32_t cv[8];
    const uint8_t *in;
    size_t i, b;
    unsigned j, f;

    for (i = 0; i < n_inputs; i++, out += HB_BLAKE3_OUT_LEN) {
        in = inputs[i];
        for (j = 0; j < 8; j++)
            cv[j] = key[j];
        for (b = 0; b < blocks; b++, in += HB_BLAKE3_BLOCK_LEN) {
            f = flags;
            if (b == 0)
                f |= flags_start;
            if (b + 1 == blocks)
                f |= flags_end;
            hb_blake3_compress_core_fast(cv, in, counter_lo, counter_hi, HB_BLAKE3_BLOCK_LEN, f, cv, 0);
        }
        for (j = 0; j < 8; j++)
            HB_STORE32_LE(out + 4 * j, cv[j]);
        if (increment_counter && ++counter_lo == 0)
            counter_hi++;
    }
}

static const hb_blake3_ops ops = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hb_blake3_hash_many_fast
};

void hb_blake3_update_fast(hb_blake3_ctx *c, const uint8_t *data, size_t len)
{
    hb_blake3_update_with(c, data, len, &ops);
}

void hb_blake3_final_fast(hb_blake3_ctx *c, uint8_t *digest)
{
    hb_blake3_finalize_with(c, digest, HB_BLAKE3_OUT_LEN, &ops);
}

int hb_blake3_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                          uint8_t *out, size_t out_len)
{
    return hb_blake3_params_with(p, data, len, out, out_len, &ops);
}
