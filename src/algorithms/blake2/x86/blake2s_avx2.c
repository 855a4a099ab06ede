/* BLAKE2s with the state rows in xmm registers (blake2s_rows_x86.h), AVX2
 * form: the 16- and 8-bit rotates are byte shuffles (pshufb, one cycle),
 * the 12- and 7-bit ones two shifts and an or.  The message words of a
 * round are gathered from the block's two ymm halves with two vpermd and a
 * blend per eight words. */
#include <immintrin.h>
#include "blake_x86.h"

#define ROTR16(x) _mm_shuffle_epi8((x), _mm_set_epi8(13, 12, 15, 14, 9, 8, 11, 10, \
                                                     5, 4, 7, 6, 1, 0, 3, 2))
#define ROTR8(x) _mm_shuffle_epi8((x), _mm_set_epi8(12, 15, 14, 13, 8, 11, 10, 9, \
                                                    4, 7, 6, 5, 0, 3, 2, 1))
#define ROTR12(x) _mm_or_si128(_mm_srli_epi32((x), 12), _mm_slli_epi32((x), 20))
#define ROTR7(x) _mm_or_si128(_mm_srli_epi32((x), 7), _mm_slli_epi32((x), 25))

typedef struct { __m256i lo, hi; } b2s_block;   /* words 0..7, 8..15 */
#define B2S_MSG_T b2s_block
#define B2S_LOAD(m, p)                                                              \
    ((m).lo = _mm256_loadu_si256((const __m256i *)(const void *)(p)),               \
     (m).hi = _mm256_loadu_si256((const __m256i *)(const void *)((p) + 32)))

/* eight words by index: vpermd reads the low three bits of each index, so
 * the same index vector picks from both halves; the blend takes the upper
 * half's word where the index is 8 or more */
static inline __m256i pick8(const b2s_block *m, const uint32_t *index)
{
    const __m256i idx = _mm256_loadu_si256((const __m256i *)(const void *)index);
    const __m256i upper = _mm256_cmpgt_epi32(idx, _mm256_set1_epi32(7));
    return _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(m->lo, idx),
                              _mm256_permutevar8x32_epi32(m->hi, idx), upper);
}

#define B2S_MSG(r, m, x0, y0, x1, y1)                                               \
    do {                                                                            \
        __m256i c_ = pick8(&(m), hb_b2_msg_index[r]);                                 \
        __m256i d_ = pick8(&(m), hb_b2_msg_index[r] + 8);                             \
        x0 = _mm256_castsi256_si128(c_);                                            \
        y0 = _mm256_extracti128_si256(c_, 1);                                       \
        x1 = _mm256_castsi256_si128(d_);                                            \
        y1 = _mm256_extracti128_si256(d_, 1);                                       \
    } while (0)

#include "blake2s_rows_x86.h"

B2S_DEFINE_COMPRESS(hb_blake2s_compress_avx2)
