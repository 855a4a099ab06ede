/* XXH32 and XXH64 on x86-64: the one-shot and vector functions of
 * xxh_oneshot.c (baseline), xxh32_avx512.c, xxh32_avx512ifma.c and
 * xxh64_avx512dq.c (their own target flags), the thresholds between the
 * vector and scalar loops (one set per implementation), and the steps after the stripes that all of
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
#include <stddef.h>
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
 * update or one-shot call).  Each set is its own implementation, with the
 * lengths baked in (a compare with a constant: the XXH32 and XXH64
 * one-shots compare on every call, and at 64 bytes a call or a pointer to
 * follow showed, 1.26x -> 1.12x the Rust crate); the rows' core ranks
 * choose between them (xxh_x86_rows.c).
 *
 * The vector round has a quarter of the scalar one's instructions but, on
 * Zen 5, the longer chain (vpaddd and vprold 2 cycles, vpmulld and vpmullq
 * 3, so 7 cycles a stripe against 5 for add, rol, imul; 6 with IFMA), so
 * there it wins while consecutive messages can overlap in the out-of-order
 * window and loses once one message fills it: `avx512` and `avx512ifma`
 * run the `fast` scalar loop from 1664 B (XXH32), 8192 B (XXH32 with IFMA,
 * which starts at 256 B: its two extra multiplies lose below) and 3072 B
 * (XXH64).  On Zen 4 (measured: vpaddd 1 cycle, vprold 2, vpmulld and
 * imul 3, vpmadd52luq 4) the vector chain is 6 cycles a stripe, but the
 * scalar loop is held to the one multiply a cycle Zen 4 issues, 8 cycles a
 * stripe, so `avx512-split` and `avx512ifma-split` run the vector loops at
 * every length below 4 GiB: the IFMA form from 512 B to 2 KiB, and from
 * 2 KiB the split form (the rotate folded into two multiplies, a 5-cycle
 * chain: xxh32_avx512.c).  None may exceed 0xFFFFFFFF: the XXH64 vector
 * update adds lengths to its total in 32-bit steps.  The measurements:
 * docs/impl-xxh.md. */
#define HB_XXH_NEVER ((size_t)-1)
/* len reaches threshold t (never, when t is HB_XXH_NEVER: folded away) */
#define HB_XXH_FROM(len, t) ((t) != HB_XXH_NEVER && (len) >= (t))

typedef struct hb_xxh_x86_limits {
    size_t vector_below;    /* `fast`'s scalar loop from here */
    size_t split_from;      /* the split form from here (HB_XXH_NEVER: never) */
    size_t ifma_from;       /* XXH32's IFMA form from here ... */
    size_t ifma_below;      /* ... up to here, the plain form's choice above */
} hb_xxh_x86_limits;

/* XXH32: `avx512` and `avx512ifma`; `avx512-split` and `avx512ifma-split` */
#define HB_XXH32_LIMITS { 1664, HB_XXH_NEVER, 256, 8192 }
#define HB_XXH32_SPLIT_LIMITS { 0xFFFFFFFFu, 2048, 512, 2048 }
/* XXH64: `avx512`; `avx512-split` */
#define HB_XXH64_LIMITS { 3072, HB_XXH_NEVER, 0, 0 }
#define HB_XXH64_SPLIT_LIMITS { 0xFFFFFFFFu, 2048, 0, 0 }

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

/* The scalar XXH64 one-shot: `fast`'s (xxh_oneshot.c, built at the
 * baseline, by4 0) and `avx512`'s for messages past its vector limit
 * (xxh64_avx512dq.c, built with BMI2, by4 1: four stripes a loop pass).
 * There GCC rotates with `rorx` into the lane's register and, four
 * stripes a pass, needs 89 instructions a pass (xxhash-rust: 88), not
 * 4 x 27.  On Zen 4 under the zen5 tuning that ran 1.24-1.39x as fast as
 * `fast`'s loop at 64 KiB and 1 MiB (xxhash-rust's, unrolled the same
 * way: 1.15-1.28x), though llvm-mca puts both at one multiply a cycle (8
 * cycles a stripe): docs/impl-xxh.md, "Zen 5 (issue 34)". */
#define HB_XXH64_STRIPE(q)                                                   \
    do {                                                                     \
        v0 = hb_xxh64_round(v0, hb_xx_rd64((q)));                            \
        v1 = hb_xxh64_round(v1, hb_xx_rd64((q) + 8));                        \
        v2 = hb_xxh64_round(v2, hb_xx_rd64((q) + 16));                       \
        v3 = hb_xxh64_round(v3, hb_xx_rd64((q) + 24));                       \
    } while (0)

static inline __attribute__((always_inline)) void
hb_xxh64_oneshot_scalar(const uint8_t *p, size_t len, uint8_t *digest, const int by4)
{
    const uint8_t *end = (p = hb_msg_or_empty(p, len)) + len;
    uint64_t acc;
    if (len >= 32) {
        uint64_t v0 = HB_P64_1 + HB_P64_2, v1 = HB_P64_2, v2 = 0, v3 = 0 - HB_P64_1, r[4];
        const uint8_t *limit = end - 32;
        if (by4)
            for (; limit - p >= 96; p += 128) {     /* four whole stripes left */
                HB_XXH64_STRIPE(p);
                HB_XXH64_STRIPE(p + 32);
                HB_XXH64_STRIPE(p + 64);
                HB_XXH64_STRIPE(p + 96);
            }
        while (p <= limit) {
            HB_XXH64_STRIPE(p);
            p += 32;
        }
        acc = hb_xx_rotl64(v0, 1) + hb_xx_rotl64(v1, 7) + hb_xx_rotl64(v2, 12) + hb_xx_rotl64(v3, 18);
        r[0] = hb_xxh64_round(0, v0);
        r[1] = hb_xxh64_round(0, v1);
        r[2] = hb_xxh64_round(0, v2);
        r[3] = hb_xxh64_round(0, v3);
        acc = hb_xxh64_merge(acc, r);
    } else {
        acc = HB_P64_5;
    }
    hb_xxh64_finish(acc, p, end, len, digest);
}
#undef HB_XXH64_STRIPE

/* The `fast` one-shots (xxh_oneshot.c, baseline): the AVX-512 ones hand
 * long messages to them. */
void hb_xxh32_oneshot_fast(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh64_oneshot_fast(const uint8_t *data, size_t len, uint8_t *digest);

/* xxh32_avx512.c (AVX-512F + VL): the four lanes in one xmm; _split: the
 * -split limits (above) */
void hb_xxh32_update_avx512(hb_xxh32_ctx *c, const uint8_t *data, size_t len);
void hb_xxh32_final_avx512(hb_xxh32_ctx *c, uint8_t *digest);     /* IFMA's too */
void hb_xxh32_oneshot_avx512(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh32_update_avx512_split(hb_xxh32_ctx *c, const uint8_t *data, size_t len);
void hb_xxh32_final_avx512_split(hb_xxh32_ctx *c, uint8_t *digest);
void hb_xxh32_oneshot_avx512_split(const uint8_t *data, size_t len, uint8_t *digest);

/* xxh32_avx512ifma.c (AVX-512F + VL + IFMA): the lanes in a ymm's 64-bit
 * halves, multiply and add in one vpmadd52luq. */
void hb_xxh32_update_avx512ifma(hb_xxh32_ctx *c, const uint8_t *data, size_t len);
void hb_xxh32_oneshot_avx512ifma(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh32_update_avx512ifma_split(hb_xxh32_ctx *c, const uint8_t *data, size_t len);
void hb_xxh32_oneshot_avx512ifma_split(const uint8_t *data, size_t len, uint8_t *digest);

/* xxh64_avx512dq.c (AVX-512F + VL + DQ, for vpmullq): the lanes in one ymm. */
void hb_xxh64_update_avx512dq(hb_xxh64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh64_final_avx512dq(hb_xxh64_ctx *c, uint8_t *digest);
void hb_xxh64_oneshot_avx512dq(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh64_update_avx512dq_split(hb_xxh64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh64_final_avx512dq_split(hb_xxh64_ctx *c, uint8_t *digest);
void hb_xxh64_oneshot_avx512dq_split(const uint8_t *data, size_t len, uint8_t *digest);

/* xxh_avx2.c (AVX2): the lane products in the vector unit, the chains in
 * scalar registers; `fast`'s state and final. */
void hb_xxh32_update_avx2(hb_xxh32_ctx *c, const uint8_t *data, size_t len);
void hb_xxh32_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);
void hb_xxh64_update_avx2(hb_xxh64_ctx *c, const uint8_t *data, size_t len);
void hb_xxh64_oneshot_avx2(const uint8_t *data, size_t len, uint8_t *digest);

#endif /* HB_XXH_X86_H */
