/* BLAKE3 with AVX2 (the cores without AVX-512: Zen 2/3, Intel clients).
 *   - eight inputs (chunks or parents): one per ymm lane, the rounds in an
 *     asm statement with the registers fixed by hand (blake3_k8_avx2.h);
 *   - two inputs: their rows side by side in the 128-bit lanes of ymm,
 *     three or four: two such sets (blake3_rows_avx2.c), five to seven:
 *     the eight-lane kernel;
 *   - a lone input and single blocks (the root, a lone parent, a short
 *     last block): the rows of the state in xmm (blake3_rows_avx2.c).
 * On Zen 3 a vector add or shuffle takes one cycle, so the row-wise
 * compress beats the scalar one of blake3_fast.c (206 against 291 cycles
 * a block); on Zen 5, where they take two, it did not, but Zen 5 has
 * AVX-512 and takes blake3_avx512.c (docs/impl-blake.md, "BLAKE3 on Zen 3
 * (AVX2)"). */
#include <immintrin.h>
#include "algorithms/blake3/x86/blake3_x86.h"
#include "blake3_transpose_x86.h"
#include "blake3_many_x86.h"
#include "blake3_k8_avx2.h"

/* eight inputs through k8_block, the message transposed into memory */
static void kernel8(const uint8_t *const *in, size_t blocks, const uint32_t *key,
                    const uint32_t *ctr_lo, const uint32_t *ctr_hi, unsigned flags,
                    unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    __m256i h[8], m[16], d[4];
    size_t b;
    unsigned i;

    for (i = 0; i < 8; i++)
        h[i] = _mm256_set1_epi32((int)key[i]);
    d[0] = _mm256_loadu_si256((const __m256i *)(const void *)ctr_lo);
    d[1] = _mm256_loadu_si256((const __m256i *)(const void *)ctr_hi);
    d[2] = _mm256_set1_epi32(HB_BLAKE3_BLOCK_LEN);
    for (b = 0; b < blocks; b++) {
        unsigned f = flags | (b == 0 ? flags_start : 0) | (b + 1 == blocks ? flags_end : 0);

        /* eight streams 1 KiB apart: ask for a later block of each */
        for (i = 0; i < 8; i++)
            _mm_prefetch((const char *)(in[i] + (b + 2) * HB_BLAKE3_BLOCK_LEN), _MM_HINT_T0);
        d[3] = _mm256_set1_epi32((int)f);
        b3t_load8(m, in, b * HB_BLAKE3_BLOCK_LEN);
        k8_block(h, m, d);
    }
    b3t_store8(out, h);
}

static void hash_many_avx2(const uint8_t **inputs, size_t n, size_t blocks,
                           const uint32_t *key, uint32_t counter_lo, uint32_t counter_hi,
                           int increment_counter, unsigned flags, unsigned flags_start,
                           unsigned flags_end, uint8_t *out)
{
    size_t k;

    while (n > 0) {
        if (n == 1) {
            hb_blake3_one_rows_avx2(inputs[0], blocks, key, counter_lo, counter_hi, flags,
                                    flags_start, flags_end, out);
            return;
        }
        if (n == 2) {
            k = 2;
            b3m_group(hb_blake3_two_rows_avx2, 2, inputs, k, blocks, key, counter_lo,
                      counter_hi, increment_counter, flags, flags_start, flags_end, out);
        } else if (n <= 4) {
            k = n;
            b3m_group(hb_blake3_four_rows_avx2, 4, inputs, k, blocks, key, counter_lo,
                      counter_hi, increment_counter, flags, flags_start, flags_end, out);
        } else {
            k = n < 8 ? n : 8;
            b3m_group(kernel8, 8, inputs, k, blocks, key, counter_lo, counter_hi,
                      increment_counter, flags, flags_start, flags_end, out);
        }
        inputs += k;
        n -= k;
        out += k * HB_BLAKE3_OUT_LEN;
        if (increment_counter) {
            uint32_t before = counter_lo;
            counter_lo += (uint32_t)k;
            counter_hi += counter_lo < before;
        }
    }
}

const hb_blake3_ops hb_blake3_ops_avx2 = {
    hb_blake3_compress_rows_avx2, hb_blake3_compress_xof_rows_avx2, hash_many_avx2
};

void hb_blake3_update_avx2(hb_blake3_ctx *c, const uint8_t *data, size_t len)
{
    hb_blake3_update_with(c, data, len, &hb_blake3_ops_avx2);
}

void hb_blake3_final_avx2(hb_blake3_ctx *c, uint8_t *digest)
{
    hb_blake3_finalize_with(c, digest, HB_BLAKE3_OUT_LEN, &hb_blake3_ops_avx2);
}

int hb_blake3_params_avx2(const hb_params *p, const uint8_t *data, size_t len,
                          uint8_t *out, size_t out_len)
{
    return hb_blake3_params_with(p, data, len, out, out_len, &hb_blake3_ops_avx2);
}
