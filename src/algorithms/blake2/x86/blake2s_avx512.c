/* BLAKE2s with the state rows in xmm registers (blake2s_rows_x86.h),
 * AVX-512 form: every rotate is one vprord (AVX-512VL), and the sixteen
 * message words of a round come out of the block's zmm with one vpermd
 * and three 128-bit extracts. */
#include <immintrin.h>
#include "blake_x86.h"

#define ROTR16(x) _mm_ror_epi32((x), 16)
#define ROTR12(x) _mm_ror_epi32((x), 12)
#define ROTR8(x) _mm_ror_epi32((x), 8)
#define ROTR7(x) _mm_ror_epi32((x), 7)

#define B2S_MSG_T __m512i
#define B2S_LOAD(m, p) ((m) = _mm512_loadu_si512((const void *)(p)))

#define B2S_MSG(r, m, x0, y0, x1, y1)                                               \
    do {                                                                            \
        const __m512i p_ = _mm512_permutexvar_epi32(                                \
            _mm512_loadu_si512((const void *)hb_b2_msg_index[r]), (m));               \
        x0 = _mm512_castsi512_si128(p_);                                            \
        y0 = _mm512_extracti32x4_epi32(p_, 1);                                      \
        x1 = _mm512_extracti32x4_epi32(p_, 2);                                      \
        y1 = _mm512_extracti32x4_epi32(p_, 3);                                      \
    } while (0)

#include "blake2s_rows_x86.h"

B2S_DEFINE_COMPRESS(hb_blake2s_compress_avx512)
