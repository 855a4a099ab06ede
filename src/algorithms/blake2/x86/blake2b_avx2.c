/* BLAKE2b with the state rows in ymm registers (blake2b_rows_x86.h), AVX2
 * form: the 32-bit rotate is a dword shuffle, 24 and 16 byte shuffles, and
 * 63 (a left rotate by one) an add to itself or'd with a shift.  AVX2 has
 * no variable 64-bit permute across the whole block, so each round's
 * message vectors are built from the words (a load and an insert per pair
 * of words, off the rounds' dependency chain). */
#include <immintrin.h>
#include <string.h>
#include "blake_x86.h"

#define ROTR32(x) _mm256_shuffle_epi32((x), _MM_SHUFFLE(2, 3, 0, 1))
#define ROTR24(x) _mm256_shuffle_epi8((x), _mm256_setr_epi8(                           \
    3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10,                               \
    3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10))
#define ROTR16(x) _mm256_shuffle_epi8((x), _mm256_setr_epi8(                           \
    2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,                               \
    2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9))
#define ROTR63(x) _mm256_or_si256(_mm256_srli_epi64((x), 63), _mm256_add_epi64((x), (x)))

typedef struct { uint64_t w[16]; } b2b_block;
#define B2B_MSG_T b2b_block
#define B2B_LOAD(m, p) memcpy((m).w, (p), HB_BLAKE2B_BLOCK)

#define B2B_PICK4(m, ix)                                                              \
    _mm256_set_epi64x((long long)(m).w[(ix)[3]], (long long)(m).w[(ix)[2]],            \
                      (long long)(m).w[(ix)[1]], (long long)(m).w[(ix)[0]])
#define B2B_MSG(r, m, x0, y0, x1, y1)                                                 \
    do {                                                                              \
        x0 = B2B_PICK4(m, hb_b2_msg_index[r]);                                        \
        y0 = B2B_PICK4(m, hb_b2_msg_index[r] + 4);                                    \
        x1 = B2B_PICK4(m, hb_b2_msg_index[r] + 8);                                    \
        y1 = B2B_PICK4(m, hb_b2_msg_index[r] + 12);                                   \
    } while (0)

#include "blake2b_rows_x86.h"

B2B_DEFINE_COMPRESS(hb_blake2b_compress_avx2)
