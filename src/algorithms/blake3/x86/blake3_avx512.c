/* BLAKE3 with AVX-512: hash_many sixteen chunks (or parents) side by side,
 * one per zmm lane, eight per ymm lane when no more than eight are left
 * (blake3_lanes_x86.h).  Every rotate is one vprord.  Single blocks (a
 * lone chunk, the root, a lone parent) go through the scalar compress in
 * `avx512` (hb_blake3_ops_avx512 below), as in blake3_avx2.c and for the
 * same reason, and through the row-wise one of blake3_rows_avx512.c in
 * `avx512-rows` (hb_blake3_ops_avx512_rows): faster where a vector add
 * takes 1 cycle (Zen 4), slower where it takes 2 (Zen 5); the rows' core
 * ranks choose (blake3_x86_rows.c, docs/impl-blake.md, "BLAKE3 on Zen 4"). */
#include <immintrin.h>
#include "algorithms/blake3/x86/blake3_x86.h"
#include "blake3_transpose_x86.h"
#include "blake3_many_x86.h"

/* with 32 vector registers the Gs of a half round go step by step side by
 * side (blake3_lanes_x86.h) */
#define B3L_INTERLEAVE

/* ---- eight inputs: one per ymm lane ---- */
#define B3L_V __m256i
#define B3L_N 8
#define B3L_SETS 1
#define B3L_ADD _mm256_add_epi32
#define B3L_XOR _mm256_xor_si256
#define B3L_SET1(x) _mm256_set1_epi32((int)(x))
#define B3L_LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define B3L_ROT16(x) _mm256_ror_epi32((x), 16)
#define B3L_ROT12(x) _mm256_ror_epi32((x), 12)
#define B3L_ROT8(x) _mm256_ror_epi32((x), 8)
#define B3L_ROT7(x) _mm256_ror_epi32((x), 7)
#define B3L_LOAD_MSG(m, in, off) b3t_load8((m), (in), (off))
#define B3L_STORE_CVS(out, h) b3t_store8((out), (h))
#define B3L_FN kernel8
#include "blake3_lanes_x86.h"
#undef B3L_V
#undef B3L_N
#undef B3L_SETS
#undef B3L_ADD
#undef B3L_XOR
#undef B3L_SET1
#undef B3L_LOADU
#undef B3L_ROT16
#undef B3L_ROT12
#undef B3L_ROT8
#undef B3L_ROT7
#undef B3L_LOAD_MSG
#undef B3L_STORE_CVS
#undef B3L_FN

/* ---- sixteen inputs: one per zmm lane ---- */
#define B3L_V __m512i
#define B3L_N 16
#define B3L_SETS 1
#define B3L_ADD _mm512_add_epi32
#define B3L_XOR _mm512_xor_si512
#define B3L_SET1(x) _mm512_set1_epi32((int)(x))
#define B3L_LOADU(p) _mm512_loadu_si512((const void *)(p))
#define B3L_ROT16(x) _mm512_ror_epi32((x), 16)
#define B3L_ROT12(x) _mm512_ror_epi32((x), 12)
#define B3L_ROT8(x) _mm512_ror_epi32((x), 8)
#define B3L_ROT7(x) _mm512_ror_epi32((x), 7)
#define B3L_LOAD_MSG(m, in, off) b3t_load16((m), (in), (off))
#define B3L_STORE_CVS(out, h) b3t_store16((out), (h))
#define B3L_FN kernel16
/* the next block of every input, to L1 (see blake3_lanes_x86.h) */
#define B3L_PREFETCH(p) _mm_prefetch((const char *)(p), _MM_HINT_T0)
#define B3L_PREFETCH_AHEAD 1
#include "blake3_lanes_x86.h"

/* ---- thirty-two inputs: two sets of sixteen ---- */
#undef B3L_SETS
#undef B3L_FN
#define B3L_SETS 2
#define B3L_FN kernel32
#include "blake3_lanes_x86.h"

/* one: how a lone input is hashed; two, four: NULL, or kernels for two
 * and for three or four inputs.
 * Without them (`avx512`): a lone input through `one`, up to 8
 * through kernel8, up to 16 through kernel16, more in kernel32 (two sets
 * keep the units busy where an op has two cycles of latency).
 * With them (`avx512-rows`), cycles a block measured on Zen 4:
 * `one` 242, `two` 243, `four` 294, kernel8 336, kernel16 518, kernel32
 * 1024.  So 17 to 31 inputs go as 16 and the rest rather than as a padded
 * 32, two through `two`, three and four through `four`. */
static inline __attribute__((always_inline)) void
hash_many_with(b3m_one_fn one, b3m_kernel_fn two, b3m_kernel_fn four, const uint8_t **inputs,
               size_t n, size_t blocks, const uint32_t *key, uint32_t counter_lo, uint32_t counter_hi,
               int increment_counter, unsigned flags, unsigned flags_start, unsigned flags_end,
               uint8_t *out)
{
    size_t k;

    while (n > 0) {
        if (n == 1) {
            one(inputs[0], blocks, key, counter_lo, counter_hi, flags, flags_start,
                flags_end, out);
            return;
        }
        if (n > 16 && (four == NULL || n >= 32)) {
            k = n < 32 ? n : 32;
            b3m_group(kernel32, 32, inputs, k, blocks, key, counter_lo, counter_hi,
                      increment_counter, flags, flags_start, flags_end, out);
        } else if (n > 8) {
            k = n < 16 ? n : 16;
            b3m_group(kernel16, 16, inputs, k, blocks, key, counter_lo, counter_hi,
                      increment_counter, flags, flags_start, flags_end, out);
        } else if (n > 4 || four == NULL) {
            k = n;
            b3m_group(kernel8, 8, inputs, k, blocks, key, counter_lo, counter_hi,
                      increment_counter, flags, flags_start, flags_end, out);
        } else {
            k = n;
            b3m_group(n == 2 ? two : four, n == 2 ? 2 : 4, inputs, k, blocks, key, counter_lo,
                      counter_hi, increment_counter, flags, flags_start, flags_end, out);
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

static void one_scalar(const uint8_t *in, size_t blocks, const uint32_t *key,
                       uint32_t counter_lo, uint32_t counter_hi, unsigned flags,
                       unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    b3m_one(hb_blake3_compress_fast, in, blocks, key, counter_lo, counter_hi, flags,
            flags_start, flags_end, out);
}

#define HASH_MANY(name, one, two, four)                                                       \
    static void name(const uint8_t **inputs, size_t n, size_t blocks, const uint32_t *key,    \
                     uint32_t counter_lo, uint32_t counter_hi, int increment_counter,         \
                     unsigned flags, unsigned flags_start, unsigned flags_end, uint8_t *out)  \
    {                                                                                         \
        hash_many_with(one, two, four, inputs, n, blocks, key, counter_lo, counter_hi,        \
                       increment_counter, flags, flags_start, flags_end, out);                \
    }
HASH_MANY(hash_many_scalar, one_scalar, NULL, NULL)
HASH_MANY(hash_many_rows, hb_blake3_one_rows_avx512, hb_blake3_two_rows_avx512,
          hb_blake3_four_rows_avx512)

const hb_blake3_ops hb_blake3_ops_avx512 = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hash_many_scalar
};
const hb_blake3_ops hb_blake3_ops_avx512_rows = {
    hb_blake3_compress_rows_avx512, hb_blake3_compress_xof_rows_avx512, hash_many_rows
};

/* update, final and the keyed and derive-key forms of each: the kernels'
 * table fixed at compile time */
#define BLAKE3_AVX512_FORM(sfx, ops)                                                          \
    void hb_blake3_update_##sfx(hb_blake3_ctx *c, const uint8_t *data, size_t len)            \
    {                                                                                         \
        hb_blake3_update_with(c, data, len, &(ops));                                          \
    }                                                                                         \
    void hb_blake3_final_##sfx(hb_blake3_ctx *c, uint8_t *digest)                             \
    {                                                                                         \
        hb_blake3_finalize_with(c, digest, HB_BLAKE3_OUT_LEN, &(ops));                        \
    }                                                                                         \
    int hb_blake3_params_##sfx(const hb_params *p, const uint8_t *data, size_t len,           \
                               uint8_t *out, size_t out_len)                                  \
    {                                                                                         \
        return hb_blake3_params_with(p, data, len, out, out_len, &(ops));                     \
    }

BLAKE3_AVX512_FORM(avx512, hb_blake3_ops_avx512)
BLAKE3_AVX512_FORM(avx512_rows, hb_blake3_ops_avx512_rows)
