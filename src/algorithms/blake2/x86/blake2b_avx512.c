/* BLAKE2b with the state rows in ymm registers (blake2b_rows_x86.h),
 * AVX-512 form: every rotate is one vprorq (AVX-512VL), and the eight
 * message words of a column or diagonal step come out of the block's two
 * zmm halves with one vpermt2q (a 16-entry table lookup). */
#include <immintrin.h>
#include "blake_x86.h"

#define ROTR32(x) _mm256_ror_epi64((x), 32)
#define ROTR24(x) _mm256_ror_epi64((x), 24)
#define ROTR16(x) _mm256_ror_epi64((x), 16)
#define ROTR63(x) _mm256_ror_epi64((x), 63)

typedef struct { __m512i lo, hi; } b2b_block;   /* words 0..7, 8..15 */
#define B2B_MSG_T b2b_block
#define B2B_LOAD(m, p)                                                                \
    ((m).lo = _mm512_loadu_si512((const void *)(p)),                                  \
     (m).hi = _mm512_loadu_si512((const void *)((p) + 64)))

#define B2B_PICK8(m, ix)                                                              \
    _mm512_permutex2var_epi64((m).lo,                                                 \
        _mm512_cvtepu32_epi64(_mm256_loadu_si256((const __m256i *)(const void *)(ix))), \
        (m).hi)
#define B2B_MSG(r, m, x0, y0, x1, y1)                                                 \
    do {                                                                              \
        const __m512i c_ = B2B_PICK8(m, hb_b2_msg_index[r]);                          \
        const __m512i d_ = B2B_PICK8(m, hb_b2_msg_index[r] + 8);                      \
        x0 = _mm512_castsi512_si256(c_);                                              \
        y0 = _mm512_extracti64x4_epi64(c_, 1);                                        \
        x1 = _mm512_castsi512_si256(d_);                                              \
        y1 = _mm512_extracti64x4_epi64(d_, 1);                                        \
    } while (0)

#include "blake2b_rows_x86.h"

B2B_DEFINE_COMPRESS(hb_blake2b_compress_avx512)
