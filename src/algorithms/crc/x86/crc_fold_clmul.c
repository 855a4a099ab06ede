/* crc32, crc32c, crc64, crc64-xz by PCLMULQDQ folding (128-bit lanes).
 *
 * Eight accumulators take 128 bytes a step: each lane is multiplied forward
 * by x^1024 (two 64x64 carry-less products against the two halves of the
 * constant) and the next 16 message bytes are added.  A PCLMULQDQ has a
 * latency of 3-4 cycles and issues one or two a cycle, so eight independent
 * chains keep the multiplier busy; one chain would wait on its own latency
 * every 16 bytes.  At the end the eight lanes are moved onto the last one
 * (k = 7 .. 1 lanes), whole lanes left over are folded one at a time, and a
 * Barrett reduction gives the register (crc_fold_xmm.h); the last 0..15
 * bytes go to the table code.  Derivation and constants:
 * tools/gen_clmul_constants.py. */
#include "crc_x86.h"
#include "crc_fold_xmm.h"

#define NACC 8

static inline uint64_t fold_lanes(const hb_crc_clmul_consts *K, int reflected, unsigned width,
                                  uint64_t reg, const uint8_t *p, size_t n)
{
    __m128i acc[NACC], k, a;
    unsigned j;

    if (n < NACC)
        return hb_crc_fold_lanes_1(K, reflected, width, reg, p, n);
    for (j = 0; j < NACC; j++)
        acc[j] = hb_crc_load128(p + 16 * j, reflected);
    acc[0] = _mm_xor_si128(acc[0], hb_crc_inject128(reg, reflected, width));
    p += 16 * NACC;
    n -= NACC;
    k = hb_crc_fold_const(K, NACC);
    while (n >= NACC) {
        for (j = 0; j < NACC; j++)
            acc[j] = hb_crc_fold128(acc[j], k, hb_crc_load128(p + 16 * j, reflected));
        p += 16 * NACC;
        n -= NACC;
    }
    /* lane j is NACC-1-j lanes ahead of the last */
    a = acc[NACC - 1];
    for (j = 0; j < NACC - 1; j++)
        a = hb_crc_fold128(acc[j], hb_crc_fold_const(K, NACC - 1 - j), a);
    k = hb_crc_fold_const(K, 1);
    for (; n > 0; n--, p += 16)
        a = hb_crc_fold128(a, k, hb_crc_load128(p, reflected));
    return hb_crc_reduce128(a, K, reflected, width);
}

void hb_crc32_update_clmul(hb_crc32_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        c->crc = (uint32_t)fold_lanes(&hb_crc32_clmul, 1, 32, c->crc, data, len / 16);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc32_update_fast(c, data, len);
}

void hb_crc32c_update_clmul(hb_crc32c_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        c->crc = (uint32_t)fold_lanes(&hb_crc32c_clmul, 1, 32, c->crc, data, len / 16);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc32c_update_fast(c, data, len);
}

void hb_crc64_update_clmul(hb_crc64_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        uint64_t r = fold_lanes(&hb_crc64_clmul, 0, 64, HB_CRC_U64_GET(c->crc), data, len / 16);
        HB_CRC_U64_PUT(c->crc, r);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc64_update_fast(c, data, len);
}

void hb_crc64_xz_update_clmul(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len)
{
    if (len >= 16) {
        uint64_t r = fold_lanes(&hb_crc64_xz_clmul, 1, 64, HB_CRC_U64_GET(c->crc), data, len / 16);
        HB_CRC_U64_PUT(c->crc, r);
        data += len & ~(size_t)15;
        len &= 15;
    }
    if (len > 0)
        hb_crc64_xz_update_fast(c, data, len);
}
