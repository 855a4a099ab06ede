/* crc32c for cores with VPCLMULQDQ on ymm but no AVX-512 (Zen 3): the
 * SSE4.2 CRC32 instruction in three streams, beside VPCLMULQDQ folding on
 * ymm from about 500 bytes.
 *
 * Zen 3, measured (docs/impl-crc.md, "CRC-32C on Zen 3"): CRC32 r64 has a
 * latency of 3 cycles and issues one a cycle, so three independent streams
 * do 8 bytes a cycle; VPCLMULQDQ (xmm or ymm) issues one every 2 cycles, so
 * folding on ymm (2 products per 32 bytes) also does 8 bytes a cycle.  The
 * two run on different units (integer ALU, vector multiplier), so a loop
 * trip that folds 128 bytes (four ymm accumulators, 8 products, 16 cycles)
 * and advances each of three CRC32 streams by 40 bytes (15 cycles a chain)
 * does 248 bytes in about 16 cycles.
 *
 * Layout of an update of n bytes: [h][S1][S2][S3][F], h = n mod 8 bytes
 * taken first by stream 1 (from the running register), S1..S3 streams of
 * w1, w2, w3 words (S2, S3 from register 0), F = 128 m bytes folded from 0
 * at the end.  By linearity the register after all of it is
 *     shift(s1, w2 + w3 + 16m) ^ shift(s2, w3 + 16m) ^ shift(s3, 16m) ^ f,
 * shift(r, j) = r moved over j words of zeros = CRC32(0, CLMUL(r, g(64 j)))
 * with g(e) = x^(e - 33) mod P from crc32c_xpow_tables.h (the derivation is
 * in tools/gen_crc32c_xpow.py).  The three shifts are independent of each
 * other and their constants of the data, so they overlap; the folded part
 * comes last because its reduction (three fold steps and two CRC32 on the
 * final lane: no Barrett) then needs no shift of its own and runs while the
 * streams' shifts do.  Half the words are folded (m = words / 32), so each
 * stream has about 5.3 m words, a few more than the loop's 5 a trip: they
 * run on while the folding reduces.  (Folding fewer, up to 30 words less,
 * and giving stream 3 a few words more than the others, to cover their
 * shifts, were both measured slower at 0.5..2 KiB.)
 *
 * Shorter updates: three streams alone (the same join, no F) from
 * CRC32C_3WAY_MIN bytes, one stream below (crc32c_words.h). */
#include <immintrin.h>
#include <string.h>
#include "crc_x86.h"
#include "crc_fold_xmm.h"
#include "crc32c_words.h"
#include "crc32c_xpow_tables.h"

#define CRC32C_3WAY_MIN 128     /* bytes; from measurement, docs/impl-crc.md */
#define CRC32C_FOLD_MIN 512     /* bytes; ditto (384: slower) */
#define CRC32C_CHUNK ((size_t)1 << 26) /* < 2^24 words: the tables' reach */

HB_CRC_INLINE uint64_t ld64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);           /* unaligned; one mov */
    return v;
}

/* a * b * x^33 mod P (bit-reflected): CRC32 of the carry-less product */
HB_CRC_INLINE uint32_t mul33(uint32_t a, uint32_t b)
{
    __m128i p = _mm_clmulepi64_si128(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)b), 0x00);
    return (uint32_t)_mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(p));
}

/* g(64 j): the constant that moves a register over j < 2^24 words */
HB_CRC_INLINE uint32_t xpow_words(size_t j)
{
    uint32_t k = hb_crc32c_xpow[0][j & 255];
    if (j >= 256) {
        uint32_t h = hb_crc32c_xpow[1][(j >> 8) & 255];
        if (j >= 65536)
            h = mul33(h, hb_crc32c_xpow[2][j >> 16]);
        k = mul33(k, h);
    }
    return k;
}

/* the register r moved over j words of zeros */
HB_CRC_INLINE uint32_t shift_words(uint32_t r, size_t j)
{
    return mul33(r, xpow_words(j));
}

/* a moved on by the constants k (the same pair in both lanes), plus c */
HB_CRC_INLINE __m256i fold256(__m256i a, __m256i k, __m256i c)
{
    return _mm256_xor_si256(_mm256_xor_si256(_mm256_clmulepi64_epi128(a, k, 0x00), c),
                            _mm256_clmulepi64_epi128(a, k, 0x11));
}

HB_CRC_INLINE __m256i kfold(unsigned lanes)
{
    return _mm256_broadcastsi128_si256(hb_crc_fold_const(&hb_crc32c_clmul, lanes));
}

HB_CRC_INLINE __m256i ld256(const uint8_t *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

/* Three streams a, b, c over words at p, p + o, p + 2 o: cnt words each,
 * then cnt3 - cnt more on c alone. */
#define STREAMS3(a, b, c, p, o, cnt, cnt3)                              \
    do {                                                                \
        const uint8_t *s_ = (p);                                        \
        size_t i_, o1_ = (o), o2_ = 2 * (o);                            \
        for (i_ = 0; i_ < (cnt); i_++, s_ += 8) {                       \
            a = _mm_crc32_u64(a, ld64(s_));                             \
            b = _mm_crc32_u64(b, ld64(s_ + o1_));                       \
            c = _mm_crc32_u64(c, ld64(s_ + o2_));                       \
        }                                                               \
        for (s_ += o2_; i_ < (cnt3); i_++, s_ += 8)                     \
            c = _mm_crc32_u64(c, ld64(s_));                             \
    } while (0)

/* 3 * 8 <= n bytes, three streams */
HB_CRC_INLINE uint32_t crc32c_3way(uint32_t reg, const uint8_t *p, size_t n)
{
    size_t h = n & 7, W, w, w3;
    uint64_t a, b = 0, c = 0;
    a = hb_crc32c_bytes(reg, p, h);
    p += h;
    W = n >> 3;
    w = W / 3;
    w3 = W - 2 * w;
    STREAMS3(a, b, c, p, 8 * w, w, w3);
    return shift_words((uint32_t)a, w + w3) ^ shift_words((uint32_t)b, w3) ^ (uint32_t)c;
}

/* CRC32C_FOLD_MIN <= n < CRC32C_CHUNK bytes: streams and folding */
static uint32_t crc32c_fused(uint32_t reg, const uint8_t *p, size_t n)
{
    size_t h = n & 7, W, m, w, w3, R, t;
    const uint8_t *f, *s;
    uint64_t a, b = 0, c = 0;
    __m256i z0, z1, z2, z3, k;
    __m128i y;

    a = hb_crc32c_bytes(reg, p, h);
    p += h;
    W = n >> 3;
    m = W / 32;                 /* >= 2; half the words folded, w >= 5 m */
    R = W - 16 * m;
    w = R / 3;
    w3 = R - 2 * w;
    f = p + 8 * R;

    z0 = ld256(f);
    z1 = ld256(f + 32);
    z2 = ld256(f + 64);
    z3 = ld256(f + 96);
    k = kfold(8);
    s = p;
    {
        size_t o1 = 8 * w, o2 = 16 * w;
        for (t = 1; t < m; t++) {
            f += 128;
            z0 = fold256(z0, k, ld256(f));
            z1 = fold256(z1, k, ld256(f + 32));
            z2 = fold256(z2, k, ld256(f + 64));
            z3 = fold256(z3, k, ld256(f + 96));
            a = _mm_crc32_u64(a, ld64(s));
            b = _mm_crc32_u64(b, ld64(s + o1));
            c = _mm_crc32_u64(c, ld64(s + o2));
            a = _mm_crc32_u64(a, ld64(s + 8));
            b = _mm_crc32_u64(b, ld64(s + o1 + 8));
            c = _mm_crc32_u64(c, ld64(s + o2 + 8));
            a = _mm_crc32_u64(a, ld64(s + 16));
            b = _mm_crc32_u64(b, ld64(s + o1 + 16));
            c = _mm_crc32_u64(c, ld64(s + o2 + 16));
            a = _mm_crc32_u64(a, ld64(s + 24));
            b = _mm_crc32_u64(b, ld64(s + o1 + 24));
            c = _mm_crc32_u64(c, ld64(s + o2 + 24));
            a = _mm_crc32_u64(a, ld64(s + 32));
            b = _mm_crc32_u64(b, ld64(s + o1 + 32));
            c = _mm_crc32_u64(c, ld64(s + o2 + 32));
            s += 40;
        }
    }
    /* the streams' remaining words (5 (m - 1) done) */
    STREAMS3(a, b, c, s, 8 * w, w - 5 * (m - 1), w3 - 5 * (m - 1));
    /* the four accumulators to one lane: 4, 2, 1 lanes on */
    k = kfold(4);
    z0 = fold256(z0, k, z2);
    z1 = fold256(z1, k, z3);
    z0 = fold256(z0, kfold(2), z1);
    {
        __m128i k1 = hb_crc_fold_const(&hb_crc32c_clmul, 1);
        __m128i lo = _mm256_castsi256_si128(z0);
        y = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(lo, k1, 0x00),
                                        _mm_clmulepi64_si128(lo, k1, 0x11)),
                          _mm256_extracti128_si256(z0, 1));
    }
    {
        /* the lane's register from 0: two CRC32 steps, no Barrett */
        uint32_t fr = (uint32_t)_mm_crc32_u64(_mm_crc32_u64(0, (uint64_t)_mm_cvtsi128_si64(y)),
                                              (uint64_t)_mm_extract_epi64(y, 1));
        return shift_words((uint32_t)a, w + w3 + 16 * m) ^ shift_words((uint32_t)b, w3 + 16 * m) ^
               shift_words((uint32_t)c, 16 * m) ^ fr;
    }
}

/* from CRC32C_FOLD_MIN bytes: out of line, so that the short paths of
 * run() below, inlined into both entry points, keep a frame-free function
 * (inlined, its registers were saved on every call: 4 cycles more at 64
 * bytes) */
static __attribute__((noinline)) uint32_t crc32c_long(uint32_t crc, const uint8_t *data,
                                                      size_t len)
{
    while (len >= CRC32C_CHUNK + CRC32C_FOLD_MIN) {
        crc = crc32c_fused(crc, data, CRC32C_CHUNK);
        data += CRC32C_CHUNK;
        len -= CRC32C_CHUNK;
    }
    return crc32c_fused(crc, data, len);
}

#ifndef THREEWAY_ATTR
#define THREEWAY_ATTR __attribute__((noinline))
#endif
static THREEWAY_ATTR uint32_t crc32c_mid(uint32_t crc, const uint8_t *data, size_t len)
{
    return crc32c_3way(crc, data, len);
}

HB_CRC_INLINE uint32_t run(uint32_t crc, const uint8_t *data, size_t len)
{
    if (len < CRC32C_3WAY_MIN)
        return hb_crc32c_words(crc, data, len);
    if (len < CRC32C_FOLD_MIN)
        return crc32c_mid(crc, data, len);
    return crc32c_long(crc, data, len);
}

/* Below CRC32C_3WAY_MIN both entry points jump to crc32c_sse42.c's, the
 * same single stream: inlined here, the one-shot's frame made 64 bytes
 * 4 cycles slower (29.2 against 25.2). */
void hb_crc32c_update_fused256(hb_crc32c_ctx *ctx, const uint8_t *data, size_t len)
{
    if (len < CRC32C_3WAY_MIN) {
        hb_crc32c_update_sse42(ctx, data, len);
        return;
    }
    ctx->crc = run(ctx->crc, data, len);
}

void hb_crc32c_oneshot_fused256(const uint8_t *data, size_t len, uint8_t *digest)
{
    if (len < CRC32C_3WAY_MIN) {
        hb_crc32c_oneshot_sse42(data, len, digest);
        return;
    }
    hb_crc_put32(digest, run(HB_CRC32C_INIT, data, len) ^ HB_CRC32C_XOROUT);
}
