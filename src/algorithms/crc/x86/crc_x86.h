/* The x86-64 CRC kernels (this directory) and what their registration
 * needs.  Each kernel continues from the register the context holds (the
 * same register the table code keeps, see include/hashbench/crc.h), so an
 * update of any length, split anywhere, gives the same CRC:
 *
 *   *_clmul    PCLMULQDQ folding, eight 128-bit accumulators (crc_fold_clmul.c)
 *   *_vpclmul  VPCLMULQDQ folding, four 512-bit accumulators (crc_fold_vpclmul.c)
 *   *_vpclmul_x8  the same with eight from 512 bytes (crc_fold_vpclmul.c)
 *   *_vpclmul256  VPCLMULQDQ folding on AVX2, five 256-bit accumulators
 *              (crc_fold_vpclmul256.c)
 *   crc32c_sse42  the SSE4.2 crc32 instruction, three streams (crc32c_sse42.c)
 *   crc32c_fused256  crc32 instruction streams beside VPCLMULQDQ folding on
 *                 ymm, AVX2, no AVX-512 (crc32c_fused_vpclmul256.c)
 *
 * Fewer than 16 bytes (and the last 0..15 bytes of a longer update) go
 * through the family's table code, hb_<crc>_update_fast; for crc32c,
 * short updates and those last bytes take the SSE4.2 crc32 instruction
 * instead (crc32c_words.h, CRC32C_NO_FOLD in the folding files). */
#ifndef HB_CRC_X86_H
#define HB_CRC_X86_H

#include <string.h>
#include "hashbench/crc.h"

void hb_crc32_update_clmul(hb_crc32_ctx *c, const uint8_t *data, size_t len);
void hb_crc32c_update_clmul(hb_crc32c_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_update_clmul(hb_crc64_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_xz_update_clmul(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len);
void hb_crc16_update_clmul(hb_crc16_ctx *c, const uint8_t *data, size_t len);

void hb_crc32_update_vpclmul(hb_crc32_ctx *c, const uint8_t *data, size_t len);
void hb_crc32c_update_vpclmul(hb_crc32c_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_update_vpclmul(hb_crc64_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_xz_update_vpclmul(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len);
void hb_crc16_update_vpclmul(hb_crc16_ctx *c, const uint8_t *data, size_t len);

void hb_crc32_update_vpclmul_x8(hb_crc32_ctx *c, const uint8_t *data, size_t len);
void hb_crc32c_update_vpclmul_x8(hb_crc32c_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_update_vpclmul_x8(hb_crc64_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_xz_update_vpclmul_x8(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len);
void hb_crc16_update_vpclmul_x8(hb_crc16_ctx *c, const uint8_t *data, size_t len);

void hb_crc32_update_vpclmul256(hb_crc32_ctx *c, const uint8_t *data, size_t len);
void hb_crc32c_update_vpclmul256(hb_crc32c_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_update_vpclmul256(hb_crc64_ctx *c, const uint8_t *data, size_t len);
void hb_crc64_xz_update_vpclmul256(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len);
void hb_crc16_update_vpclmul256(hb_crc16_ctx *c, const uint8_t *data, size_t len);

void hb_crc32c_update_sse42(hb_crc32c_ctx *c, const uint8_t *data, size_t len);
/* the same on a bare register: for the folding kernels' crc32c short path
 * (no context in memory, so no stack frame in their update functions) */
uint32_t hb_crc32c_sse42(uint32_t crc, const uint8_t *data, size_t len);

/* One-shot functions (hb_oneshot, include/hashbench.h) of the same
 * kernels: initial register, kernel and digest in one function, the
 * register never in memory (HB_CRC_ONESHOTS below). */
void hb_crc32_oneshot_clmul(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc32c_oneshot_clmul(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc64_oneshot_clmul(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc64_xz_oneshot_clmul(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc16_oneshot_clmul(const uint8_t *data, size_t len, uint8_t *digest);

void hb_crc32_oneshot_vpclmul(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc32c_oneshot_vpclmul(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc64_oneshot_vpclmul(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc64_xz_oneshot_vpclmul(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc16_oneshot_vpclmul(const uint8_t *data, size_t len, uint8_t *digest);

void hb_crc32_oneshot_vpclmul_x8(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc32c_oneshot_vpclmul_x8(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc64_oneshot_vpclmul_x8(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc64_xz_oneshot_vpclmul_x8(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc16_oneshot_vpclmul_x8(const uint8_t *data, size_t len, uint8_t *digest);

void hb_crc32_oneshot_vpclmul256(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc32c_oneshot_vpclmul256(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc64_oneshot_vpclmul256(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc64_xz_oneshot_vpclmul256(const uint8_t *data, size_t len, uint8_t *digest);
void hb_crc16_oneshot_vpclmul256(const uint8_t *data, size_t len, uint8_t *digest);

void hb_crc32c_oneshot_sse42(const uint8_t *data, size_t len, uint8_t *digest);

void hb_crc32c_update_fused256(hb_crc32c_ctx *c, const uint8_t *data, size_t len);
void hb_crc32c_oneshot_fused256(const uint8_t *data, size_t len, uint8_t *digest);

/* hb_u64 is a struct in the two-word build (-DHB_U64_PAIR): the kernels
 * work on uint64_t and convert at the edges. */
#define HB_CRC_U64_GET(v) (((uint64_t)HB_U64_HI(v) << 32) | (uint64_t)HB_U64_LO(v))
#define HB_CRC_U64_PUT(v, x) HB_U64_SET(v, (uint32_t)((x) >> 32), (uint32_t)(x))

/* The initial registers and final XORs, as crc_common.c's init and final
 * functions have them (include/hashbench/crc.h lists the parameters); the
 * self-differential tier compares every one-shot with the portable code,
 * so a slip here cannot pass unseen. */
#define HB_CRC32_INIT 0xFFFFFFFFu
#define HB_CRC32_XOROUT 0xFFFFFFFFu
#define HB_CRC32C_INIT 0xFFFFFFFFu
#define HB_CRC32C_XOROUT 0xFFFFFFFFu
#define HB_CRC64_INIT 0u
#define HB_CRC64_XOROUT 0u
#define HB_CRC64_XZ_INIT 0xFFFFFFFFFFFFFFFFu
#define HB_CRC64_XZ_XOROUT 0xFFFFFFFFFFFFFFFFu
#define HB_CRC16_INIT 0u
#define HB_CRC16_XOROUT 0u

/* The digest: the CRC integer big-endian (one bswap and one store). */
static inline void hb_crc_put16(uint8_t *d, uint16_t v)
{
    v = __builtin_bswap16(v);
    memcpy(d, &v, 2);
}
static inline void hb_crc_put32(uint8_t *d, uint32_t v)
{
    v = __builtin_bswap32(v);
    memcpy(d, &v, 4);
}
static inline void hb_crc_put64(uint8_t *d, uint64_t v)
{
    v = __builtin_bswap64(v);
    memcpy(d, &v, 8);
}

/* The table code on a bare register, for the 1..15 bytes a folding kernel
 * leaves (crc32c's go to the crc32 instruction instead).  Out of line on
 * purpose: the context the table code takes lives in this small frame, so
 * the kernels and one-shots that call it need none on their common paths. */
static __attribute__((noinline, unused)) uint32_t hb_crc_tail_crc32(uint32_t reg,
                                                                    const uint8_t *p, size_t n)
{
    hb_crc32_ctx c;
    c.crc = reg;
    hb_crc32_update_fast(&c, p, n);
    return c.crc;
}
static __attribute__((noinline, unused)) uint16_t hb_crc_tail_crc16(uint16_t reg,
                                                                    const uint8_t *p, size_t n)
{
    hb_crc16_ctx c;
    c.crc = reg;
    hb_crc16_update_fast(&c, p, n);
    return c.crc;
}
static __attribute__((noinline, unused)) uint64_t hb_crc_tail_crc64(uint64_t reg,
                                                                    const uint8_t *p, size_t n)
{
    hb_crc64_ctx c;
    HB_CRC_U64_PUT(c.crc, reg);
    hb_crc64_update_fast(&c, p, n);
    return HB_CRC_U64_GET(c.crc);
}
static __attribute__((noinline, unused)) uint64_t hb_crc_tail_crc64_xz(uint64_t reg,
                                                                       const uint8_t *p, size_t n)
{
    hb_crc64_xz_ctx c;
    HB_CRC_U64_PUT(c.crc, reg);
    hb_crc64_xz_update_fast(&c, p, n);
    return HB_CRC_U64_GET(c.crc);
}

/* The five one-shots of a folding kernel file, from its <crc>_run_<suffix>
 * register kernels (HB_CRC_FOLD_UPDATES, crc_fold_xmm.h). */
#define HB_CRC_ONESHOTS(suffix)                                                                  \
    void hb_crc32_oneshot_##suffix(const uint8_t *data, size_t len, uint8_t *digest)            \
    {                                                                                            \
        hb_crc_put32(digest, crc32_run_##suffix(HB_CRC32_INIT, data, len) ^ HB_CRC32_XOROUT);    \
    }                                                                                            \
    void hb_crc32c_oneshot_##suffix(const uint8_t *data, size_t len, uint8_t *digest)           \
    {                                                                                            \
        hb_crc_put32(digest, crc32c_run_##suffix(HB_CRC32C_INIT, data, len) ^ HB_CRC32C_XOROUT); \
    }                                                                                            \
    void hb_crc64_oneshot_##suffix(const uint8_t *data, size_t len, uint8_t *digest)            \
    {                                                                                            \
        hb_crc_put64(digest, crc64_run_##suffix(HB_CRC64_INIT, data, len) ^ HB_CRC64_XOROUT);    \
    }                                                                                            \
    void hb_crc64_xz_oneshot_##suffix(const uint8_t *data, size_t len, uint8_t *digest)         \
    {                                                                                            \
        hb_crc_put64(digest,                                                                     \
                     crc64_xz_run_##suffix(HB_CRC64_XZ_INIT, data, len) ^ HB_CRC64_XZ_XOROUT);   \
    }                                                                                            \
    void hb_crc16_oneshot_##suffix(const uint8_t *data, size_t len, uint8_t *digest)            \
    {                                                                                            \
        hb_crc_put16(digest,                                                                     \
                     (uint16_t)(crc16_run_##suffix(HB_CRC16_INIT, data, len) ^ HB_CRC16_XOROUT)); \
    }

#endif
