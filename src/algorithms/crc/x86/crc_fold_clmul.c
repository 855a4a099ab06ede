/* crc32, crc32c, crc64, crc64-xz, crc16 by PCLMULQDQ folding (128-bit lanes).
 *
 * Eight accumulators take 128 bytes a step: each lane is multiplied forward
 * by x^1024 (two 64x64 carry-less products against the two halves of the
 * constant) and the next 16 message bytes are added.  A PCLMULQDQ has a
 * latency of about 5 cycles and issues one every 2 cycles on Zen 5, so
 * eight independent chains keep the multiplier busy; one chain would wait
 * on its own latency every 16 bytes.  At the end the eight accumulators and
 * the whole lanes left over are each multiplied by the power of x that
 * moves them to the end and starts the reduction (all independent), added,
 * and a Barrett reduction gives the register (crc_fold_xmm.h); the last
 * 0..15 bytes go to the table code.  Fewer than 128 bytes: every lane is
 * merged that way at once.  Derivation and constants:
 * tools/gen_clmul_constants.py. */
#include "crc_x86.h"
#include "crc_fold_xmm.h"

/* crc32c below 96 bytes goes to the SSE4.2 kernel (its one-stream
 * crc32 instruction loop; registered only where SSE4.2 is present), as do
 * the last 0..15 bytes.  This file is compiled without SSE4.2, hence the
 * call.  Measured on Zen 5: see docs/impl-crc.md. */
#define CRC32C_NO_FOLD(len) ((len) < 96)

/* no long-input path of its own: the SSE4.2 streams are out of line here */
#define CRC32C_BIG(reg, data, len) ((void)0)

static inline uint32_t crc32c_words(uint32_t reg, const uint8_t *p, size_t n)
{
    return n == 0 ? reg : hb_crc32c_sse42(reg, p, n);
}

/* Eight named accumulators rather than an array: GCC at -O2 keeps a
 * looped-over array in memory, which puts a store and a reload into every
 * chain. */
HB_CRC_INLINE uint64_t fold_lanes(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                  uint64_t reg, const uint8_t *p, size_t n)
{
    __m128i a0, a1, a2, a3, a4, a5, a6, a7, k, r;
    unsigned left;

    if (n < 8)
        return hb_crc_lanes_short(K, reflected, width, reg, p, n);
    a0 = _mm_xor_si128(hb_crc_load128(p, reflected), hb_crc_inject128(reg, reflected, width));
    a1 = hb_crc_load128(p + 16, reflected);
    a2 = hb_crc_load128(p + 32, reflected);
    a3 = hb_crc_load128(p + 48, reflected);
    a4 = hb_crc_load128(p + 64, reflected);
    a5 = hb_crc_load128(p + 80, reflected);
    a6 = hb_crc_load128(p + 96, reflected);
    a7 = hb_crc_load128(p + 112, reflected);
    p += 128;
    n -= 8;
    k = hb_crc_fold_const(K, 8);
    for (; n >= 8; n -= 8, p += 128) {
        a0 = hb_crc_fold128(a0, k, hb_crc_load128(p, reflected));
        a1 = hb_crc_fold128(a1, k, hb_crc_load128(p + 16, reflected));
        a2 = hb_crc_fold128(a2, k, hb_crc_load128(p + 32, reflected));
        a3 = hb_crc_fold128(a3, k, hb_crc_load128(p + 48, reflected));
        a4 = hb_crc_fold128(a4, k, hb_crc_load128(p + 64, reflected));
        a5 = hb_crc_fold128(a5, k, hb_crc_load128(p + 80, reflected));
        a6 = hb_crc_fold128(a6, k, hb_crc_load128(p + 96, reflected));
        a7 = hb_crc_fold128(a7, k, hb_crc_load128(p + 112, reflected));
    }
    /* accumulator j is 7 - j lanes before the last accumulator, which is
     * `left` lanes before the end; the products are independent, only the
     * additions chain */
    left = (unsigned)n;
    r = hb_crc_fold128(a0, hb_crc_merge_const(K, 7 + left), _mm_setzero_si128());
    r = hb_crc_fold128(a1, hb_crc_merge_const(K, 6 + left), r);
    r = hb_crc_fold128(a2, hb_crc_merge_const(K, 5 + left), r);
    r = hb_crc_fold128(a3, hb_crc_merge_const(K, 4 + left), r);
    r = hb_crc_fold128(a4, hb_crc_merge_const(K, 3 + left), r);
    r = hb_crc_fold128(a5, hb_crc_merge_const(K, 2 + left), r);
    r = hb_crc_fold128(a6, hb_crc_merge_const(K, 1 + left), r);
    r = hb_crc_fold128(a7, hb_crc_merge_const(K, left), r);
    r = hb_crc_merge_tail(K, reflected, r, p, left);
    return hb_crc_barrett(r, K, reflected, width);
}

HB_CRC_FOLD_UPDATES(clmul)
