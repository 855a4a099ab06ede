/* BLAKE3 with AVX2: hash_many eight chunks (or parents) side by side, one
 * per ymm lane (blake3_lanes_x86.h).  The 16- and 8-bit rotates are byte
 * shuffles, the 12- and 7-bit ones two shifts and an or.
 *
 * Single blocks (a lone chunk, the last parents, the root) go through the
 * scalar compress of blake3_fast.c: on this project's Zen 5 a vector
 * integer op has two cycles of latency against one for a scalar one, and a
 * single compress is one long dependency chain, so the row-wise xmm form
 * measured half the scalar speed (docs/impl-blake.md). */
#include <immintrin.h>
#include "algorithms/blake2/x86/blake_x86.h"
#include "blake3_transpose_x86.h"
#include "blake3_many_x86.h"

/* ---- eight inputs: one per ymm lane ---- */
#define B3L_V __m256i
#define B3L_N 8
#define B3L_SETS 1
#define B3L_ADD _mm256_add_epi32
#define B3L_XOR _mm256_xor_si256
#define B3L_SET1(x) _mm256_set1_epi32((int)(x))
#define B3L_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define B3L_ROT16(x) _mm256_shuffle_epi8((x), _mm256_set_epi8(                      \
    13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2,                           \
    13, 12, 15, 14, 9, 8, 11, 10, 5, 4, 7, 6, 1, 0, 3, 2))
#define B3L_ROT8(x) _mm256_shuffle_epi8((x), _mm256_set_epi8(                       \
    12, 15, 14, 13, 8, 11, 10, 9, 4, 7, 6, 5, 0, 3, 2, 1,                           \
    12, 15, 14, 13, 8, 11, 10, 9, 4, 7, 6, 5, 0, 3, 2, 1))
#define B3L_ROT12(x) _mm256_or_si256(_mm256_srli_epi32((x), 12), _mm256_slli_epi32((x), 20))
#define B3L_ROT7(x) _mm256_or_si256(_mm256_srli_epi32((x), 7), _mm256_slli_epi32((x), 25))
#define B3L_LOAD_MSG(m, in, off) b3t_load8((m), (in), (off))
#define B3L_STORE_CVS(out, h) b3t_store8((out), (h))
#define B3L_FN kernel8
#include "blake3_lanes_x86.h"

static void hash_many_avx2(const uint8_t **inputs, size_t n, size_t blocks,
                           const uint32_t *key, uint32_t counter_lo, uint32_t counter_hi,
                           int increment_counter, unsigned flags, unsigned flags_start,
                           unsigned flags_end, uint8_t *out)
{
    size_t k;

    while (n > 0) {
        if (n == 1) {
            b3m_one(hb_blake3_compress_fast, inputs[0], blocks, key, counter_lo, counter_hi,
                    flags, flags_start, flags_end, out);
            return;
        }
        k = n < 8 ? n : 8;
        b3m_group(kernel8, 8, inputs, k, blocks, key, counter_lo, counter_hi,
                  increment_counter, flags, flags_start, flags_end, out);
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
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hash_many_avx2
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
