/* Adler-32 (RFC 1950) with AVX-512BW, 64 bytes per step.
 *
 * Over a block of 64 bytes b_0..b_63 entered with sums (s1, s2):
 *   s1' = s1 + sum b_i
 *   s2' = s2 + 64 s1 + sum (64 - i) b_i
 * so a run of blocks needs three vectors: vs1, the byte sums so far
 * (vpsadbw against zero: eight 64-bit lanes of 8 bytes each), vsum, the sum
 * of vs1 as it stood before each block (its total times 64 is the s1 part
 * of s2), and vs2, the weighted sums (vpmaddubsw of the bytes with the
 * weights 64..1 gives 16-bit pairs of at most 255 (64 + 63) = 32385, and
 * vpmaddwd with ones widens them to sixteen 32-bit lanes).
 *
 * Reduction is deferred to the end of a run: vs1 and vsum are 64-bit lanes
 * that cannot overflow here; a 32-bit lane of vs2 gains at most
 * 255 (64 + 63 + 62 + 61) = 63750 per block, so RUN_BLOCKS = 65536 blocks
 * (4 MiB) stay below 2^32.  The lanes are then added in 64-bit arithmetic
 * and reduced modulo 65521 once.
 *
 * A tail of 1..63 bytes is read with a masked load that zero-fills the rest
 * of the block, and joins the last run as one more block (one fold per
 * update, not two).  Hashing z extra zero bytes leaves s1 alone and adds
 * z s1 to s2, so that is taken off again. */
#include <immintrin.h>
#include "algorithms/adler/x86/adler_x86.h"

#define ADLER_BASE 65521u
#define RUN_BLOCKS 65536u
/* updates of at most this many bytes take short_update() (measured:
 * docs/impl-xxh3-adler-sha3.md) */
#define SHORT_MAX 64u

/* byte i of a block has weight 64 - i; the 64 zeros after them let
 * short() read the weights len..1 (and zeros) from weights + 64 - len */
static const int8_t weights[128] = {
    64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49,
    48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33,
    32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
    16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1
};

typedef struct sums {
    __m512i vs1, vsum, vs2;
} sums;

static inline void block(sums *v, __m512i d, __m512i w, __m512i ones)
{
    v->vsum = _mm512_add_epi64(v->vsum, v->vs1);
    v->vs1 = _mm512_add_epi64(v->vs1, _mm512_sad_epu8(d, _mm512_setzero_si512()));
    v->vs2 = _mm512_add_epi32(v->vs2, _mm512_madd_epi16(_mm512_maddubs_epi16(d, w), ones));
}

/* Folds nblocks blocks' sums into (s1, s2), both < BASE on entry and exit;
 * pad zero bytes at the end of the last block are taken back out.  The s2
 * part, 64 vsum + vs2, is summed lane-wise first (vsum < 2^44 and the
 * vs2 halves < 2^32 per lane: no overflow), so two horizontal sums do,
 * not four: at 64 bytes they are most of the work. */
static void fold(uint32_t *s1, uint32_t *s2, const sums *v, uint64_t nblocks, unsigned pad)
{
    __m512i lo = _mm512_and_si512(v->vs2, _mm512_set1_epi64(0xFFFFFFFF));
    __m512i t2 = _mm512_add_epi64(_mm512_slli_epi64(v->vsum, 6),
                                  _mm512_add_epi64(lo, _mm512_srli_epi64(v->vs2, 32)));
    uint64_t a = _mm512_reduce_add_epi64(v->vs1);
    uint64_t b = _mm512_reduce_add_epi64(t2);
    uint64_t n1, n2;
    n1 = (*s1 + a) % ADLER_BASE;
    n2 = (*s2 + ((nblocks * 64u) % ADLER_BASE) * *s1 + b % ADLER_BASE) % ADLER_BASE;
    /* s2 -= pad * s1, modulo BASE */
    n2 = (n2 + (uint64_t)pad * (ADLER_BASE - n1)) % ADLER_BASE;
    *s1 = (uint32_t)n1;
    *s2 = (uint32_t)n2;
}

/* An update of 1..64 bytes, latency first (the run code's fold does two
 * horizontal sums, a multiplication by the block count and a dependent
 * third modulo for the padding; at 64 bytes that is most of the time).
 * One block: s1' = s1 + sum b_i, s2' = s2 + len s1 + sum (len - i) b_i.
 * The bytes come in by a masked load (zero past len), the weights len..1
 * by a load len bytes before the end of the weight table, so no padding
 * needs taking out.  The byte sums (vpsadbw, at most 8 * 255 per 64-bit
 * lane) and the weighted sums (at most 255 (64 + 63) 2 per 32-bit pair, added
 * into the high half of each lane) share the lanes without carries:
 * total sum b_i < 2^14 in the low half, sum (len - i) b_i < 2^20 in the
 * high half, so one horizontal sum gives both. */
static inline void short_update(uint32_t *s1, uint32_t *s2, const uint8_t *data, size_t len)
{
    __mmask64 m = len == 64 ? ~(__mmask64)0 : ((__mmask64)1 << len) - 1;
    __m512i d = _mm512_maskz_loadu_epi8(m, (const void *)data);
    __m512i w = _mm512_loadu_si512((const void *)(weights + 64 - len));
    __m512i p = _mm512_madd_epi16(_mm512_maddubs_epi16(d, w), _mm512_set1_epi16(1));
    /* high half of each 64-bit lane: its two 32-bit weighted sums */
    __m512i hi = _mm512_add_epi64(_mm512_slli_epi64(p, 32),
                                  _mm512_and_si512(p, _mm512_set1_epi64((long long)0xFFFFFFFF00000000ull)));
    uint64_t t = _mm512_reduce_add_epi64(_mm512_add_epi64(_mm512_sad_epu8(d, _mm512_setzero_si512()), hi));
    uint32_t n1 = *s1 + (uint32_t)(t & 0xFFFFFFFFu);      /* < 2 BASE */
    uint32_t n2 = (*s2 + (uint32_t)len * *s1 + (uint32_t)(t >> 32)) % ADLER_BASE;  /* < 2^23 before */
    *s1 = n1 >= ADLER_BASE ? n1 - ADLER_BASE : n1;
    *s2 = n2;
}

void hb_adler32_update_avx512(hb_adler32_ctx *c, const uint8_t *data, size_t len)
{
    const __m512i w = _mm512_loadu_si512((const void *)weights);
    const __m512i ones = _mm512_set1_epi16(1);
    uint32_t s1 = c->s1, s2 = c->s2;
    sums v;

    if (len <= SHORT_MAX) {
        if (len > 0)
            short_update(&c->s1, &c->s2, data, len);
        return;
    }
    while (len > 0) {
        size_t n = len / 64 < RUN_BLOCKS ? len / 64 : RUN_BLOCKS, i;
        unsigned pad = 0;
        v.vs1 = v.vsum = v.vs2 = _mm512_setzero_si512();
        for (i = 0; i < n; i++)
            block(&v, _mm512_loadu_si512((const void *)(data + 64 * i)), w, ones);
        data += 64 * n;
        len -= 64 * n;
        if (len > 0 && len < 64 && n < RUN_BLOCKS) {
            /* the tail joins this run as a zero-filled block: one fold */
            __mmask64 m = ((__mmask64)1 << len) - 1;
            block(&v, _mm512_maskz_loadu_epi8(m, (const void *)data), w, ones);
            pad = (unsigned)(64 - len);
            n++;
            len = 0;
        }
        fold(&s1, &s2, &v, n, pad);
    }
    c->s1 = s1;
    c->s2 = s2;
}
