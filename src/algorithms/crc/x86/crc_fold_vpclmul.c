/* crc32, crc32c, crc64, crc64-xz, crc16 by VPCLMULQDQ folding on AVX-512.
 *
 * A zmm register holds four 128-bit lanes, and VPCLMULQDQ multiplies all
 * four at once, so one instruction pair does what four PCLMULQDQ pairs do in
 * crc_fold_clmul.c.  Four zmm accumulators (16 lanes, 256 bytes) fold a
 * step by x^2048; VPTERNLOGQ adds both products and the new message bytes
 * in one instruction.  Per 64 bytes: one load, two VPCLMULQDQ, one
 * VPTERNLOGQ (and one VPSHUFB for the byte-reversed crc64).  At the end
 * the sixteen lanes and the 0..3 whole lanes left over are each multiplied
 * by the power of x that moves them to the end and starts the reduction
 * (all products independent, eight VPCLMULQDQ), added, and Barrett-reduced
 * (crc_fold_xmm.h).  When whole 64-byte blocks remain after the loop, the
 * accumulators are first folded onto the last (k = 12, 8, 4) and the blocks
 * folded into it (k = 4); then its four lanes are merged the same way.
 * Updates of 16..63 bytes use the 128-bit code only; the last 0..15 bytes
 * go to the table code (crc32c: to the crc32 instruction, which also takes
 * whole short updates, see CRC32C_NO_FOLD below).  crc32c updates of
 * 16 KiB and more also run three CRC32-instruction streams beside the
 * folding (crc32c_fused, below).  Constants:
 * tools/gen_clmul_constants.py. */
#include <string.h>
#include "crc_x86.h"
#include "crc_fold_xmm.h"
#include "crc32c_words.h"

/* crc32c below 96 bytes skips folding for one stream of the crc32
 * instruction, inline (AVX-512 implies SSE4.2); so do the last 0..15
 * bytes.  Measured on Zen 5, docs/impl-crc.md.  (Sending 192..255 bytes to
 * crc32c_sse42.c's three streams was tried: the out-of-line call gave this
 * function a realigned stack frame that cost more at every size.) */
#define CRC32C_NO_FOLD(len) ((len) < 96)
#define crc32c_words hb_crc32c_words

/* The byte reversal of each 128-bit lane, as one 64-byte constant: a plain
 * load (GCC makes a broadcast of an xmm constant into a load and a lane
 * shuffle, three cycles more before the first message lane is ready). */
static const uint8_t bswap_lanes[64] __attribute__((aligned(64))) = {
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
    15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
};

HB_CRC_INLINE __m512i load512(const uint8_t *p, int reflected)
{
    __m512i v = _mm512_loadu_si512((const void *)p);
    if (!reflected)
        v = _mm512_shuffle_epi8(v, _mm512_load_si512((const void *)bswap_lanes));
    return v;
}

/* a moved on by the constants k (one pair per lane), plus c */
HB_CRC_INLINE __m512i fold512(__m512i a, __m512i k, __m512i c)
{
    return _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(a, k, 0x00),
                                     _mm512_clmulepi64_epi128(a, k, 0x11), c, 0x96);
}

HB_CRC_INLINE __m512i fold_const512(const hb_crc_clmul_consts *K, unsigned k)
{
    return _mm512_broadcast_i32x4(hb_crc_fold_const(K, k));
}

/* The four lanes of t added into one 128-bit lane. */
HB_CRC_INLINE __m128i sum_lanes(__m512i t)
{
    __m256i y = _mm256_xor_si256(_mm512_castsi512_si256(t), _mm512_extracti64x4_epi64(t, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(y), _mm256_extracti128_si256(y, 1));
}

/* The four lanes of z, lane m being 3 - m + left lanes before the end,
 * merged: K->merge for k = 3 + left .. left is one zmm load. */
HB_CRC_INLINE __m128i merge4(const hb_crc_clmul_consts *K, __m512i z, unsigned left)
{
    __m512i k = _mm512_loadu_si512((const void *)K->merge[15 - left]);
    return sum_lanes(_mm512_xor_si512(_mm512_clmulepi64_epi128(z, k, 0x00),
                                      _mm512_clmulepi64_epi128(z, k, 0x11)));
}

/* The sixteen lanes of z0..z3, lane 4j+m being 15 - 4j - m + left lanes
 * before the end, merged: eight independent products against four zmm of
 * constants (K->merge for k = 15 + left .. left), a tree of three-way XORs. */
HB_CRC_INLINE __m128i merge16(const hb_crc_clmul_consts *K, __m512i z0, __m512i z1, __m512i z2,
                              __m512i z3, unsigned left)
{
    const uint64_t(*m)[2] = K->merge + 3 - left;
    __m512i c0 = _mm512_loadu_si512((const void *)m[0]);
    __m512i c1 = _mm512_loadu_si512((const void *)m[4]);
    __m512i c2 = _mm512_loadu_si512((const void *)m[8]);
    __m512i c3 = _mm512_loadu_si512((const void *)m[12]);
    __m512i t0 = _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(z0, c0, 0x00),
                                           _mm512_clmulepi64_epi128(z0, c0, 0x11),
                                           _mm512_clmulepi64_epi128(z1, c1, 0x00), 0x96);
    __m512i t1 = _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(z1, c1, 0x11),
                                           _mm512_clmulepi64_epi128(z2, c2, 0x00),
                                           _mm512_clmulepi64_epi128(z2, c2, 0x11), 0x96);
    __m512i t2 = _mm512_xor_si512(_mm512_clmulepi64_epi128(z3, c3, 0x00),
                                  _mm512_clmulepi64_epi128(z3, c3, 0x11));
    return sum_lanes(_mm512_ternarylogic_epi64(t0, t1, t2, 0x96));
}

/* n >= 4 lanes */
HB_CRC_INLINE uint64_t fold_wide(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                 uint64_t reg, const uint8_t *p, size_t n)
{
    __m512i inj = _mm512_zextsi128_si512(hb_crc_inject128(reg, reflected, width));
    __m512i z, k4;
    __m128i r;

    if (n >= 16) {
        __m512i z0, z1, z2, z3, k16;
        z0 = _mm512_xor_si512(load512(p, reflected), inj);
        z1 = load512(p + 64, reflected);
        z2 = load512(p + 128, reflected);
        z3 = load512(p + 192, reflected);
        p += 256;
        n -= 16;
        k16 = fold_const512(K, 16);
        while (n >= 16) {
            z0 = fold512(z0, k16, load512(p, reflected));
            z1 = fold512(z1, k16, load512(p + 64, reflected));
            z2 = fold512(z2, k16, load512(p + 128, reflected));
            z3 = fold512(z3, k16, load512(p + 192, reflected));
            p += 256;
            n -= 16;
        }
        if (n < 4) {
            r = merge16(K, z0, z1, z2, z3, (unsigned)n);
            r = hb_crc_merge_tail(K, reflected, r, p, n);
            return hb_crc_barrett(r, K, reflected, width);
        }
        /* whole 64-byte blocks remain: z0, z1, z2 onto z3 (12, 8, 4 lanes) */
        k4 = fold_const512(K, 4);
        z = _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(z0, fold_const512(K, 12), 0x00),
                                      _mm512_clmulepi64_epi128(z0, fold_const512(K, 12), 0x11),
                                      fold512(z1, fold_const512(K, 8), fold512(z2, k4, z3)),
                                      0x96);
    } else {
        z = _mm512_xor_si512(load512(p, reflected), inj);
        p += 64;
        n -= 4;
        k4 = fold_const512(K, 4);
    }
    for (; n >= 4; n -= 4, p += 64)
        z = fold512(z, k4, load512(p, reflected));
    r = merge4(K, z, (unsigned)n);
    r = hb_crc_merge_tail(K, reflected, r, p, n);
    return hb_crc_barrett(r, K, reflected, width);
}

/* For fold_wide8: the end of fold_wide from its loop on, as functions of
 * the accumulators (fold_wide keeps its own code: written this way it
 * compiled to 44 more instructions in the crc32 one-shot around the same
 * loop, and vpclmul stays what Zen 4 measured).
 * One zmm z (the 64 bytes before p) on over n more lanes, merged, reduced. */
HB_CRC_INLINE uint64_t fold_one(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                __m512i z, const uint8_t *p, size_t n)
{
    __m512i k4 = fold_const512(K, 4);
    __m128i r;
    for (; n >= 4; n -= 4, p += 64)
        z = fold512(z, k4, load512(p, reflected));
    r = merge4(K, z, (unsigned)n);
    r = hb_crc_merge_tail(K, reflected, r, p, n);
    return hb_crc_barrett(r, K, reflected, width);
}

/* Four zmm accumulators z0..z3 (the 256 bytes before p) on over n more
 * lanes, merged, reduced. */
HB_CRC_INLINE uint64_t fold_four(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                 __m512i z0, __m512i z1, __m512i z2, __m512i z3,
                                 const uint8_t *p, size_t n)
{
    __m512i k16 = fold_const512(K, 16), k4;
    __m128i r;
    while (n >= 16) {
        z0 = fold512(z0, k16, load512(p, reflected));
        z1 = fold512(z1, k16, load512(p + 64, reflected));
        z2 = fold512(z2, k16, load512(p + 128, reflected));
        z3 = fold512(z3, k16, load512(p + 192, reflected));
        p += 256;
        n -= 16;
    }
    if (n < 4) {
        r = merge16(K, z0, z1, z2, z3, (unsigned)n);
        r = hb_crc_merge_tail(K, reflected, r, p, n);
        return hb_crc_barrett(r, K, reflected, width);
    }
    /* whole 64-byte blocks remain: z0, z1, z2 onto z3 (12, 8, 4 lanes) */
    k4 = fold_const512(K, 4);
    return fold_one(K, reflected, width,
                    _mm512_ternarylogic_epi64(_mm512_clmulepi64_epi128(z0, fold_const512(K, 12), 0x00),
                                              _mm512_clmulepi64_epi128(z0, fold_const512(K, 12), 0x11),
                                              fold512(z1, fold_const512(K, 8), fold512(z2, k4, z3)),
                                              0x96),
                    p, n);
}

/* The _x8 rows' kernel: n >= 4 lanes; from 32 lanes, eight zmm accumulators
 * (512 bytes a step, fold by x^4096), then each of the first four folded
 * onto the one 256 bytes after it (k = 16) and the four go on as above.
 * Why a row: each accumulator is a chain, VPCLMULQDQ then VPTERNLOGQ.
 * On Zen 4 (a zmm product takes its 256-bit multiplier twice: one every 2
 * cycles) the multiplier bounds four chains.  A core that issues zmm
 * products faster than four chains complete them (two a cycle at a
 * latency of 4, say) needs more chains; Zen 5's rate was not measured
 * (docs/impl-crc.md, "Zen 5 (issue 34)"), so `hashbench tune` measures
 * both there and picks. */
HB_CRC_INLINE uint64_t fold_wide8(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                  uint64_t reg, const uint8_t *p, size_t n)
{
    __m512i z0, z1, z2, z3, z4, z5, z6, z7, k32, k16;
    if (n < 32)
        return fold_wide(K, reflected, width, reg, p, n);
    z0 = _mm512_xor_si512(load512(p, reflected),
                          _mm512_zextsi128_si512(hb_crc_inject128(reg, reflected, width)));
    z1 = load512(p + 64, reflected);
    z2 = load512(p + 128, reflected);
    z3 = load512(p + 192, reflected);
    z4 = load512(p + 256, reflected);
    z5 = load512(p + 320, reflected);
    z6 = load512(p + 384, reflected);
    z7 = load512(p + 448, reflected);
    p += 512;
    n -= 32;
    k32 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)K->fold32));
    while (n >= 32) {
        z0 = fold512(z0, k32, load512(p, reflected));
        z1 = fold512(z1, k32, load512(p + 64, reflected));
        z2 = fold512(z2, k32, load512(p + 128, reflected));
        z3 = fold512(z3, k32, load512(p + 192, reflected));
        z4 = fold512(z4, k32, load512(p + 256, reflected));
        z5 = fold512(z5, k32, load512(p + 320, reflected));
        z6 = fold512(z6, k32, load512(p + 384, reflected));
        z7 = fold512(z7, k32, load512(p + 448, reflected));
        p += 512;
        n -= 32;
    }
    k16 = fold_const512(K, 16);
    return fold_four(K, reflected, width, fold512(z0, k16, z4), fold512(z1, k16, z5),
                     fold512(z2, k16, z6), fold512(z3, k16, z7), p, n);
}

HB_CRC_INLINE uint64_t fold_lanes(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                  uint64_t reg, const uint8_t *p, size_t n)
{
    if (n < 4)
        return hb_crc_lanes_short(K, reflected, width, reg, p, n);
    return fold_wide(K, reflected, width, reg, p, n);
}

/* ---- crc32c on long input: folding and the CRC32 instruction at once ----
 *
 * The folding loop above is bound by the multiplier (2 VPCLMULQDQ per 64
 * bytes, one issued every 2 cycles: 16 bytes/cycle); the CRC32 instruction
 * runs on the integer side, one a cycle.  So crc32c, which has that
 * instruction, folds 256 bytes a trip (8 products, 16 cycles) while three
 * CRC32 streams take 40 bytes each (15 instructions, each stream a 15-cycle
 * chain): 376 bytes in about 16 cycles.  Over m trips the first 256 m bytes
 * are folded (from the running register) and three blocks of d = 40 m bytes
 * after them are each a stream from register 0; by linearity
 *     crc(reg, F S1 S2 S3) = shift(shift(shift(F') ^ s1) ^ s2) ^ s3,
 * F' the folded register, s1..s3 the streams', shift = the register moved
 * over d zero bytes, i.e. multiplied by x^(8d) mod P.
 *
 * shift(r) = CRC32(0, CLMUL(r, k)) with k = x^(8d - 33) mod P: on these
 * bit-reflected operands the carry-less product of two 32-bit values is
 * x * r * k, a 64-bit value, and CRC32 r64 from register 0 multiplies its
 * operand by x^32 mod P.  The same step multiplies two such constants,
 * g(a) * g(b) = g(a + b) for g(e) = x^(e - 33) mod P, and g(64) = x^31 is
 * the reflected 1; 8d = 320 m is a multiple of 64, so k = g(8d) comes from
 * 1 by square-and-multiply over the bits of 8d / 64: at most 2 log2(d)
 * dependent steps (1 MiB: 12 squarings, 6 products), once per update.
 * Measured on Zen 5 (docs/impl-crc.md): 1.2-1.35x the plain folding from
 * 16 KiB up, unclear at 8 KiB, slower at 4 KiB, where the set-up, the
 * reduction and the shifts, and the folded remainder after them, are
 * serial work the short loop cannot hide.  (Sending the last 2d bytes of
 * 1..16 KiB updates to two CRC32 streams placed after the folding in the
 * code, for the out-of-order core to overlap, was tried: 0.8x at 1 KiB,
 * 0.6x at 8 KiB; dropped.) */

#define CRC32C_FUSE_MIN 16384   /* from measurement, docs/impl-crc.md */
#define CRC32C_FUSE_TRIP 376    /* bytes a trip: 256 folded, 3 x 40 streamed */

/* a * b * x^33 mod P, for a, b of degree < 32 (bit-reflected) */
static inline uint32_t mulmod33(uint32_t a, uint32_t b)
{
    __m128i p = _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)b), 0x00);
    return (uint32_t)_mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(p));
}

/* g(bits) = x^(bits - 33) mod P, bits a positive multiple of 64 */
static uint32_t crc32c_xpow(uint64_t bits)
{
    uint32_t sq = 1, acc = 0;   /* sq = g(64 * 2^i) */
    int have = 0;
    for (bits >>= 6; bits != 0; bits >>= 1) {
        if (bits & 1) {
            acc = have ? mulmod33(acc, sq) : sq;
            have = 1;
        }
        if (bits > 1)
            sq = mulmod33(sq, sq);
    }
    return acc;
}

HB_CRC_INLINE uint64_t load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);           /* unaligned; one mov (an array of five went
                                 * through the stack) */
    return v;
}

/* five CRC32 r64 steps over 40 bytes at p */
HB_CRC_INLINE uint64_t crc32c_40(uint64_t r, const uint8_t *p)
{
    r = _mm_crc32_u64(r, load64(p));
    r = _mm_crc32_u64(r, load64(p + 8));
    r = _mm_crc32_u64(r, load64(p + 16));
    r = _mm_crc32_u64(r, load64(p + 24));
    return _mm_crc32_u64(r, load64(p + 32));
}

/* The register after 376 m bytes at p (m >= 1), from reg. */
static uint32_t crc32c_fused(uint32_t reg, const uint8_t *p, size_t m)
{
    const hb_crc_clmul_consts *K = &hb_crc32c_clmul;
    size_t d = 40 * m, i;
    const uint8_t *s = p + 256 * m;
    __m512i k16 = fold_const512(K, 16);
    __m512i z0 = _mm512_xor_si512(load512(p, 1),
                                  _mm512_zextsi128_si512(hb_crc_inject128(reg, 1, 32)));
    __m512i z1 = load512(p + 64, 1), z2 = load512(p + 128, 1), z3 = load512(p + 192, 1);
    uint64_t a = 0, b = 0, c = 0;
    uint32_t f, k;

    for (i = 1; i < m; i++) {
        p += 256;
        z0 = fold512(z0, k16, load512(p, 1));
        z1 = fold512(z1, k16, load512(p + 64, 1));
        z2 = fold512(z2, k16, load512(p + 128, 1));
        z3 = fold512(z3, k16, load512(p + 192, 1));
        a = crc32c_40(a, s);
        b = crc32c_40(b, s + d);
        c = crc32c_40(c, s + 2 * d);
        s += 40;
    }
    a = crc32c_40(a, s);
    b = crc32c_40(b, s + d);
    c = crc32c_40(c, s + 2 * d);
    f = (uint32_t)hb_crc_barrett(merge16(K, z0, z1, z2, z3, 0), K, 1, 32);
    k = crc32c_xpow(8 * (uint64_t)d);
    f = mulmod33(f, k) ^ (uint32_t)a;
    f = mulmod33(f, k) ^ (uint32_t)b;
    return mulmod33(f, k) ^ (uint32_t)c;
}

#define CRC32C_BIG(reg, data, len)                                     \
    do {                                                               \
        if ((len) >= CRC32C_FUSE_MIN) {                                \
            size_t m_ = (len) / CRC32C_FUSE_TRIP;                      \
            (reg) = crc32c_fused((reg), (data), m_);                   \
            (data) += CRC32C_FUSE_TRIP * m_;                           \
            (len) -= CRC32C_FUSE_TRIP * m_;                            \
        }                                                              \
    } while (0)

HB_CRC_FOLD_UPDATES(vpclmul)

/* The same kernels with eight accumulators from 512 bytes (fold_wide8):
 * the _vpclmul_x8 functions, rows "vpclmul-x8" (crc_x86_rows.c). */
HB_CRC_INLINE uint64_t fold_lanes8(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                   uint64_t reg, const uint8_t *p, size_t n)
{
    if (n < 4)
        return hb_crc_lanes_short(K, reflected, width, reg, p, n);
    return fold_wide8(K, reflected, width, reg, p, n);
}
#define fold_lanes fold_lanes8
HB_CRC_FOLD_UPDATES(vpclmul_x8)
#undef fold_lanes
