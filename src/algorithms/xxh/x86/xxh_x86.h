/* XXH32 and XXH64 on x86-64: the one-shot and vector functions of
 * xxh_oneshot.c (baseline), xxh32_avx512.c, xxh32_avx512ifma.c and
 * xxh64_avx512dq.c (their own target flags), the thresholds between the
 * vector and scalar loops, and the steps after the stripes that all of
 * them share.
 *
 * The steps are the xxHash specification's (doc/xxhash_spec.md), seed 0
 * for the one-shots.  Everything here is plain C: it compiles at the
 * baseline and in the AVX-512 files alike, so this header declares nothing
 * that needs the target flags.  Docs: docs/impl-xxh.md. */
#ifndef HB_XXH_X86_H
#define HB_XXH_X86_H

#include <string.h>
#include "hashbench/xxh.h"
#include "algorithms/xxh/x86/xxh_x86_knobs.h"
#include "algorithms/common/empty_msg.h"

#define HB_P32_1 0x9E3779B1u
#define HB_P32_2 0x85EBCA77u
#define HB_P32_3 0xC2B2AE3Du
#define HB_P32_4 0x27D4EB2Fu
#define HB_P32_5 0x165667B1u

#define HB_P64_1 0x9E3779B185EBCA87ull
#define HB_P64_2 0xC2B2AE3D27D4EB4Full
#define HB_P64_3 0x165667B19E3779F9ull
#define HB_P64_4 0x85EBCA77C2B2AE63ull
#define HB_P64_5 0x27D4EB2F165667C5ull

/* Where the AVX-512 implementations leave their vector loops (bytes of one
 * update or one-shot call), for this core: xxh_x86_knobs.c.
 * The vector round has a quarter of the scalar one's instructions but, on
 * Zen 5, the longer chain (vpaddd and vprold 2 cycles, vpmulld and vpmullq
 * 3, so 7 cycles a stripe against 5 for add, rol, imul; 6 with IFMA), so
 * there it wins while consecutive messages can overlap in the out-of-order
 * window and loses once one message fills it: the `fast` scalar loop runs
 * from 1664 B (XXH32), 8192 B (XXH32 with IFMA, which starts at 256 B:
 * its two extra multiplies lose below) and 3072 B (XXH64).  On Zen 4
 * (measured: vpaddd 1 cycle, vprold 2, vpmulld and imul 3, vpmadd52luq 4)
 * the vector chain is 6 cycles a stripe, but the scalar loop is held to
 * the one multiply a cycle Zen 4 issues, 8 cycles a stripe, so the vector
 * loops run at every length below 4 GiB: the IFMA form from 512 B to
 * 2 KiB, and from 2 KiB the split form (the rotate folded into two
 * multiplies, a 5-cycle chain: xxh32_avx512.c).  The measurements:
 * docs/impl-xxh.md. */
#define HB_XXH32_VECTOR_BELOW (hb_xxh_x86_knobs.xxh32_vector_below)
#define HB_XXH32_IFMA_FROM (hb_xxh_x86_knobs.xxh32_ifma_from)
#define HB_XXH32_IFMA_BELOW (hb_xxh_x86_knobs.xxh32_ifma_below)
#define HB_XXH32_SPLIT_FROM (hb_xxh_x86_knobs.xxh32_split_from)
#define HB_XXH64_VECTOR_BELOW (hb_xxh_x86_knobs.xxh64_vector_below)
#define HB_XXH64_SPLIT_FROM (hb_xxh_x86_knobs.xxh64_split_from)

static inline uint32_t hb_xx_rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);           /* little-endian host: one mov */
    return v;
}

static inline uint64_t hb_xx_rd64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline uint32_t hb_xx_rotl32(uint32_t x, unsigned r) { return (x << r) | (x >> (32 - r)); }
static inline uint64_t hb_xx_rotl64(uint64_t x, unsigned r) { return (x << r) | (x >> (64 - r)); }

/* XXH32 after the stripes: acc is the merged lanes (or seed + PRIME32_5),
 * len the message's length, p..end its last len % 16 bytes (in the input
 * or the context's buffer); writes the digest big-endian. */
static inline void hb_xxh32_finish(uint32_t acc, const uint8_t *p, const uint8_t *end,
                                   size_t len, uint8_t *digest)
{
    acc += (uint32_t)len;
    for (; end - p >= 4; p += 4)
        acc = hb_xx_rotl32(acc + hb_xx_rd32(p) * HB_P32_3, 17) * HB_P32_4;
    for (; p < end; p++)
        acc = hb_xx_rotl32(acc + *p * HB_P32_5, 11) * HB_P32_1;
    acc ^= acc >> 15;
    acc *= HB_P32_2;
    acc ^= acc >> 13;
    acc *= HB_P32_3;
    acc ^= acc >> 16;
    acc = __builtin_bswap32(acc);
    memcpy(digest, &acc, 4);
}

/* XXH64's round on one lane: rotl(acc + lane * PRIME64_2, 31) * PRIME64_1 */
static inline uint64_t hb_xxh64_round(uint64_t acc, uint64_t lane)
{
    return hb_xx_rotl64(acc + lane * HB_P64_2, 31) * HB_P64_1;
}

/* XXH64's merge of the four lanes into one (len >= 32); r[i] is
 * hb_xxh64_round(0, v[i]), passed in so that a vector caller computes the
 * four at once. */
static inline uint64_t hb_xxh64_merge(uint64_t acc, const uint64_t *r)
{
    acc = (acc ^ r[0]) * HB_P64_1 + HB_P64_4;
    acc = (acc ^ r[1]) * HB_P64_1 + HB_P64_4;
    acc = (acc ^ r[2]) * HB_P64_1 + HB_P64_4;
    acc = (acc ^ r[3]) * HB_P64_1 + HB_P64_4;
    return acc;
}

/* XXH64 after the stripes and the merge (or seed + PRIME64_5): len the
 * message's length, p..end its last len % 32 bytes; writes the digest
 * big-endian. */
static inline void hb_xxh64_finish(uint64_t acc, const uint8_t *p, const uint8_t *end,
                                   size_t len, uint8_t *digest)
{
    acc += (uint64_t)len;
    for (; end - p >= 8; p += 8)
        acc = hb_xx_rotl64(acc ^ hb_xxh64_round(0, hb_xx_rd64(p)), 27) * HB_P64_1 + HB_P64_4;
    if (end - p >= 4) {
        acc = hb_xx_rotl64(acc ^ (uint64_t)hb_xx_rd32(p) * HB_P64_1, 23) * HB_P64_2 + HB_P64_3;
        p += 4;
    }
    for (; p < end; p++)
        acc = hb_xx_rotl64(acc ^ *p * HB_P64_5, 11) * HB_P64_1;
    acc ^= acc >> 33;
    acc *= HB_P64_2;
    acc ^= acc >> 29;
    acc *= HB_P64_3;
    acc ^= acc >> 32;
    acc = __builtin_bswap64(acc);
    memcpy(digest, &acc, 8);
}

/* The `fast` one-shots (xxh_oneshot.c, baseline): the AVX-512 ones hand
 * long messages to them. */
void hb_xxh32_oneshot_fast(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh64_oneshot_fast(const uint8_t *data, size_t len, uint8_t *digest);

/* xxh32_avx512.c (AVX-512F + VL): the four lanes in one xmm. */
void hb_xxh32_update_avx512(hb_xxh32_ctx *c, const uint8_t *data, size_t len);
void hb_xxh32_final_avx512(hb_xxh32_ctx *c, uint8_t *digest);     /* IFMA's too */
void hb_xxh32_oneshot_avx512(const uint8_t *data, size_t len, uint8_t *digest);

/* xxh32_avx512ifma.c (AVX-512F + VL + IFMA): the lanes in a ymm's 64-bit
 * halves, multiply and add in one vpmadd52luq. */
void hb_xxh32_update_avx512ifma(hb_xxh32_ctx *c, const uint8_t *data, size_t len);
void hb_xxh32_oneshot_avx512ifma(const uint8_t *data, size_t len, uint8_t *digest);

/* xxh64_avx512dq.c (AVX-512F + VL + DQ, for vpmullq): the lanes in one ymm. */
void hb_xxh64_update_avx512dq(hb_xxh64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh64_final_avx512dq(hb_xxh64_ctx *c, uint8_t *digest);
void hb_xxh64_oneshot_avx512dq(const uint8_t *data, size_t len, uint8_t *digest);

/* xxh_avx2.c (AVX2): the lane products in the vector unit, the chains in
 * scalar registers; `fast`'s state and final. */
void hb_xxh32_update_avx2(hb_xxh32_ctx *c, const uint8_t *data, size_t len);
void hb_xxh32_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh64_update_avx2(hb_xxh64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh64_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);

#endif /* HB_XXH_X86_H */
