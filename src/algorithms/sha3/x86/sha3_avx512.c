/* SHA-3 (FIPS 202) with AVX-512: Keccak-f[1600] on five zmm registers, one
 * per plane (register y holds the lanes (x, y), x = 0..4, in its 64-bit
 * elements 0..4; elements 5..7 carry junk that no step ever moves into
 * 0..4, and the stores are masked).
 *
 * A round, for all five planes at once:
 *   theta  C = P0 ^ P1 ^ P2 ^ P3 ^ P4 is two vpternlogq (0x96, three-way
 *          XOR); C[x - 1] and C[x + 1] are two vpermq of C; each plane takes
 *          P ^ C[x - 1] ^ rot(C[x + 1], 1) in one more vpternlogq.
 *   rho    one vprolvq per plane, with that plane's 5 rotation counts.
 *   pi     lane (x, y) goes to (y, 2x + 3y), so new plane Y, element X is
 *          old plane X, element (X + 3Y) mod 5: a diagonal of the old
 *          planes.  Blending the planes under constant masks (element j of
 *          W_Y from old plane (j + 2Y) mod 5; three levels of vpblendmq)
 *          collects each diagonal in place, and a rotation of the elements
 *          (vpermq, element X from element (X + 3Y) mod 5) finishes it.
 *   chi    B ^ (~B[x + 1] & B[x + 2]) is one vpternlogq (0xD2).  B, B[x + 1]
 *          and B[x + 2] are all rotations of W_Y, so the three vpermq that
 *          make them run side by side instead of one after the other.
 *   iota   a masked XOR into element 0 of plane 0.
 * About 55 vector instructions a round against about 120 scalar ones
 * (sha3_fast.c), and no loads or stores inside the permutation.
 *
 * The sponge keeps the state in the registers across whole blocks: a block
 * is XORed in with masked loads (SHA3-256's 17 lanes are planes 0..2 and
 * two lanes of plane 3).  Partial blocks, padding and squeezing are
 * sha3_common.c's, with this permutation. */
#include <immintrin.h>
#include "algorithms/common/u64_words.h"
#include "algorithms/sha3/x86/sha3_x86.h"

/* rho's rotation counts r[x, y] (FIPS 202 section 3.2.2, Table 2), by plane y */
static const int rho_table[5][5] = {
    { 0, 1, 62, 28, 27 }, { 36, 44, 6, 55, 20 }, { 3, 10, 43, 25, 39 },
    { 41, 45, 15, 21, 8 }, { 18, 2, 61, 56, 14 }
};

/* element X of the result is element (X + k) mod 5 of the source */
#define ROT_IDX(k) _mm512_set_epi64(7, 6, 5, (4 + (k)) % 5, (3 + (k)) % 5, (2 + (k)) % 5, \
                                    (1 + (k)) % 5, (0 + (k)) % 5)

/* W_Y, the diagonal that becomes plane Y: element j is lane (j, (j + 2Y) mod 5),
 * so plane k gives element (k + 3Y) mod 5 */
#define DIAG_PLANE(j, y) (((j) + 2 * (y)) % 5)
#define BIT(k, y) (1u << (((k) + 3u * (y)) % 5u))
#define DIAG(y, p)                                                                       \
    _mm512_mask_blend_epi64(                                                             \
        (__mmask8)BIT(4, y),                                                             \
        _mm512_mask_blend_epi64((__mmask8)(BIT(2, y) | BIT(3, y)),                       \
                                _mm512_mask_blend_epi64((__mmask8)BIT(1, y), p[0], p[1]), \
                                _mm512_mask_blend_epi64((__mmask8)BIT(3, y), p[2], p[3])), \
        p[4])
/* rho's counts for the elements of W_Y */
#define RHO_DIAG(y)                                                                        \
    _mm512_set_epi64(0, 0, 0, rho_table[DIAG_PLANE(4, y)][4], rho_table[DIAG_PLANE(3, y)][3], \
                     rho_table[DIAG_PLANE(2, y)][2], rho_table[DIAG_PLANE(1, y)][1],          \
                     rho_table[DIAG_PLANE(0, y)][0])

typedef struct planes {
    __m512i p[5];
} planes;

/* theta's XOR is lane-wise by column and rho lane-wise too, so both are
 * applied to the diagonals rather than to the planes: the blends then only
 * wait for the previous round's chi, side by side with theta's parities,
 * and take no time on the round's critical path (parity, vpermq, vprolq,
 * vpternlogq, vprolvq, vpermq, vpternlogq). */
static inline void rounds(planes *s)
{
    const __m512i rot1 = ROT_IDX(1), rot2 = ROT_IDX(2), rot3 = ROT_IDX(3), rot4 = ROT_IDX(4);
    const __m512i rho0 = RHO_DIAG(0), rho1 = RHO_DIAG(1), rho2 = RHO_DIAG(2);
    const __m512i rho3 = RHO_DIAG(3), rho4 = RHO_DIAG(4);
    __m512i p[5], w0, w1, w2, w3, w4, c, cm1, cp1;
    unsigned r;

    p[0] = s->p[0]; p[1] = s->p[1]; p[2] = s->p[2]; p[3] = s->p[3]; p[4] = s->p[4];
    for (r = 0; r < 24; r++) {
        uint64_t rc = ((uint64_t)HB_U64_HI(hb_keccak_rc[r]) << 32) | HB_U64_LO(hb_keccak_rc[r]);

        /* theta's column parities C and D = C[x - 1] ^ rot(C[x + 1], 1) */
        c = _mm512_ternarylogic_epi64(p[0], p[1], p[2], 0x96);
        c = _mm512_ternarylogic_epi64(c, p[3], p[4], 0x96);
        cm1 = _mm512_permutexvar_epi64(rot4, c);
        cp1 = _mm512_rol_epi64(_mm512_permutexvar_epi64(rot1, c), 1);
        /* pi's diagonals, then theta's XOR and rho on them */
        w0 = DIAG(0, p);
        w1 = DIAG(1, p);
        w2 = DIAG(2, p);
        w3 = DIAG(3, p);
        w4 = DIAG(4, p);
        w0 = _mm512_rolv_epi64(_mm512_ternarylogic_epi64(w0, cm1, cp1, 0x96), rho0);
        w1 = _mm512_rolv_epi64(_mm512_ternarylogic_epi64(w1, cm1, cp1, 0x96), rho1);
        w2 = _mm512_rolv_epi64(_mm512_ternarylogic_epi64(w2, cm1, cp1, 0x96), rho2);
        w3 = _mm512_rolv_epi64(_mm512_ternarylogic_epi64(w3, cm1, cp1, 0x96), rho3);
        w4 = _mm512_rolv_epi64(_mm512_ternarylogic_epi64(w4, cm1, cp1, 0x96), rho4);
        /* pi's rotation, chi and iota.  Plane Y is W_Y rotated by 3Y, so
         * B[x], B[x + 1], B[x + 2] are W_Y rotated by 3Y, 3Y + 1, 3Y + 2.
         * iota goes into chi's first operand, beside the vpermq. */
        p[0] = _mm512_ternarylogic_epi64(
            _mm512_mask_xor_epi64(w0, 1, w0, _mm512_set1_epi64((long long)rc)),
            _mm512_permutexvar_epi64(rot1, w0), _mm512_permutexvar_epi64(rot2, w0), 0xD2);
        p[1] = _mm512_ternarylogic_epi64(_mm512_permutexvar_epi64(rot3, w1),
                                         _mm512_permutexvar_epi64(rot4, w1), w1, 0xD2);
        p[2] = _mm512_ternarylogic_epi64(_mm512_permutexvar_epi64(rot1, w2),
                                         _mm512_permutexvar_epi64(rot2, w2),
                                         _mm512_permutexvar_epi64(rot3, w2), 0xD2);
        p[3] = _mm512_ternarylogic_epi64(_mm512_permutexvar_epi64(rot4, w3), w3,
                                         _mm512_permutexvar_epi64(rot1, w3), 0xD2);
        p[4] = _mm512_ternarylogic_epi64(_mm512_permutexvar_epi64(rot2, w4),
                                         _mm512_permutexvar_epi64(rot3, w4),
                                         _mm512_permutexvar_epi64(rot4, w4), 0xD2);
    }
    s->p[0] = p[0]; s->p[1] = p[1]; s->p[2] = p[2]; s->p[3] = p[3]; s->p[4] = p[4];
}

/* The context's 25 lanes to and from the five planes.  The two-word build
 * (-DHB_U64_PAIR) keeps hb_u64 as two 32-bit halves, so it goes through a
 * copy in plain 64-bit words. */
static inline void load_state(planes *s, const hb_u64 *st)
{
#ifdef HB_U64_PAIR
    uint64_t w[HB_SHA3_LANES];
    hb_vx_get_words(w, st, HB_SHA3_LANES);
#else
    const uint64_t *w = st;
#endif
    unsigned y;
    for (y = 0; y < 5; y++)
        s->p[y] = _mm512_maskz_loadu_epi64(0x1F, (const void *)(w + 5 * y));
}

static inline void store_state(hb_u64 *st, const planes *s)
{
#ifdef HB_U64_PAIR
    uint64_t w[HB_SHA3_LANES];
#else
    uint64_t *w = st;
#endif
    unsigned y;
    for (y = 0; y < 5; y++)
        _mm512_mask_storeu_epi64((void *)(w + 5 * y), 0x1F, s->p[y]);
#ifdef HB_U64_PAIR
    hb_vx_put_words(st, w, HB_SHA3_LANES);
#endif
}

void hb_keccakf1600_avx512(hb_u64 *st)
{
    planes s;
    load_state(&s, st);
    rounds(&s);
    store_state(st, &s);
}

void hb_sha3_update_avx512(hb_sha3_ctx *c, const uint8_t *data, size_t len)
{
    unsigned rate = c->rate;

    if (len == 0)       /* data may be NULL then (common/empty_msg.h) */
        return;
    /* complete a buffered block through the shared sponge */
    if (c->used != 0) {
        size_t k = rate - c->used < len ? rate - c->used : len;
        hb_sha3_absorb(c, data, k, hb_keccakf1600_avx512);
        data += k;
        len -= k;
    }
    /* whole blocks with the state in registers: plane y takes lanes
     * 5y .. 5y + 4 of the block, as many of them as the rate holds */
    if (len >= rate) {
        unsigned lanes = rate >> 3, y;
        __mmask8 m[5];
        planes s;
        for (y = 0; y < 5; y++) {
            unsigned n = lanes > 5 * y ? lanes - 5 * y : 0;
            m[y] = (__mmask8)((1u << (n < 5 ? n : 5)) - 1u);
        }
        load_state(&s, c->st);
        do {
            for (y = 0; y < 5; y++)
                s.p[y] = _mm512_xor_si512(
                    s.p[y], _mm512_maskz_loadu_epi64(m[y], (const void *)(data + 40 * y)));
            rounds(&s);
            data += rate;
            len -= rate;
        } while (len >= rate);
        store_state(c->st, &s);
    }
    /* fewer than rate bytes: the buffer */
    if (len > 0)
        hb_sha3_absorb(c, data, len, hb_keccakf1600_avx512);
}

void hb_sha3_final_avx512(hb_sha3_ctx *c, uint8_t *digest)
{
    hb_sha3_finish(c, digest, hb_keccakf1600_avx512);
}
