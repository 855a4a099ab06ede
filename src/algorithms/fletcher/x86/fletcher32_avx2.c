/* Fletcher-32 with AVX2: eight words a step in the lanes of a ymm, which
 * takes b's chain (one add a word, 0.5 c/B) out of the loop.
 *
 * Over a run of m steps of eight words each, word i of step j (w_ji)
 * enters b once for every word from it to the end of the run, N - (8j + i)
 * times, N = 8m:
 *     b' = b + N a + sum_i sum_j (8 (m - j) - i) w_ji,   a' = a + sum w_ji.
 * Two lane accumulators give those sums, as in Adler-32's vector form:
 * each step P += S, then S += the step's words, so that after the run
 *     S_i = sum_j w_ji,   P_i + S_i = sum_j (m - j) w_ji,
 * and b' = b + N a + sum_i (8 (P_i + S_i) - i S_i).  A step is a byte
 * shuffle (the words are big-endian), a zero extension to 32 bits and two
 * adds: four vector instructions for eight words.
 *
 * Bound: P_i <= m (m - 1) / 2 * 65535 stays below 2^32 for m <= 360 steps
 * (5760 bytes); a run is that long at most, then the sums go to a and b in
 * 64-bit scalar arithmetic and are reduced modulo 65535 (the form `fast`
 * keeps between calls).  The words after the last whole step, a word cut
 * between two calls and a last odd byte go through `fast`'s update, which
 * shares the context. */
#include <immintrin.h>
#include "fletcher_x86.h"

#define F32_M 65535u
#define RUN_STEPS 360u

void hb_fletcher32_update_avx2(hb_fletcher32_ctx *c, const uint8_t *data, size_t len)
{
    /* swaps the two bytes of each 16-bit word */
    const __m128i swap = _mm_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
    size_t steps;

    if (c->npend != 0 && len > 0) {     /* finish the word the last call cut */
        hb_fletcher32_update_fast(c, data, 1);
        data++;
        len--;
    }
    steps = len / 16;
    while (steps > 0) {
        const size_t m = steps < RUN_STEPS ? steps : RUN_STEPS;
        __m256i s = _mm256_setzero_si256(), p = _mm256_setzero_si256();
        uint32_t sl[8], pl[8];
        uint64_t a = c->a, b = c->b, sum_s = 0, weighted = 0;
        size_t j;
        unsigned i;

        for (j = 0; j < m; j++, data += 16) {
            __m128i w = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)data), swap);
            p = _mm256_add_epi32(p, s);
            s = _mm256_add_epi32(s, _mm256_cvtepu16_epi32(w));
        }
        _mm256_storeu_si256((__m256i *)(void *)sl, s);
        _mm256_storeu_si256((__m256i *)(void *)pl, p);
        for (i = 0; i < 8; i++) {
            sum_s += sl[i];
            weighted += 8 * ((uint64_t)pl[i] + sl[i]) - (uint64_t)i * sl[i];
        }
        b = (b + 8 * m * a + weighted) % F32_M;
        a = (a + sum_s) % F32_M;
        c->a = (uint32_t)a;
        c->b = (uint32_t)b;
        steps -= m;
    }
    hb_fletcher32_update_fast(c, data, len % 16);    /* the rest, whole words and a cut one */
}
