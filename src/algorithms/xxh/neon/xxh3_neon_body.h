/* XXH3 long-input loop with NEON (xxHash specification, doc/xxhash_spec.md,
 * "XXH3 Algorithm Description (for large inputs)"), the whole kernel for
 * both ARM architectures: every intrinsic here exists on AArch64 and on
 * ARMv7-A NEON alike.  Included once by aarch64/xxh3_neon.c and once by
 * arm/xxh3_neon.c, after the header that declares the four functions it
 * defines (aarch64/xxh_arm.h, arm/xxh_arm32.h).
 *
 * The eight 64-bit accumulators are four 128-bit registers, two lanes
 * each.  Per 16 bytes: the data and the secret loaded, one EOR, XTN and
 * SHRN (VMOVN and VSHRN on ARMv7: the low and high 32-bit halves of each
 * lane, narrowed), one UMLAL (acc += lo32 * hi32, widening), one EXT
 * swapping the two 64-bit words (input word i joins accumulator i ^ 1, and
 * the pairs never leave a register) and one ADD: eight instructions, 0.5 a
 * byte.  Short inputs, the buffer and the final merge are xxh3_common.c's.
 * The accumulators cross the boundary as hb_u64 (a struct of two words in
 * the two-word build, -DHB_U64_PAIR). */
#ifndef HB_XXH3_NEON_BODY_H
#define HB_XXH3_NEON_BODY_H

#include <arm_neon.h>
#include <string.h>
#include "hashbench/xxh3.h"

#define PRIME32_1 0x9E3779B1u

/* acc += swap64(d) + (d ^ key).lo32 * (d ^ key).hi32 */
static inline uint64x2_t accumulate(uint64x2_t acc, const uint8_t *p, const uint8_t *key)
{
    uint64x2_t d = vreinterpretq_u64_u8(vld1q_u8(p));
    uint64x2_t k = veorq_u64(d, vreinterpretq_u64_u8(vld1q_u8(key)));
    acc = vaddq_u64(acc, vextq_u64(d, d, 1));
    return vmlal_u32(acc, vmovn_u64(k), vshrn_n_u64(k, 32));
}

/* acc = (acc ^ (acc >> 47) ^ key) * PRIME32_1 (mod 2^64): two widening
 * 32 x 32 products, the high one shifted into place */
static inline uint64x2_t scramble(uint64x2_t acc, const uint8_t *key)
{
    const uint32x2_t prime = vdup_n_u32(PRIME32_1);
    uint64x2_t a = veorq_u64(veorq_u64(acc, vshrq_n_u64(acc, 47)),
                             vreinterpretq_u64_u8(vld1q_u8(key)));
    uint64x2_t hi = vmull_u32(vshrn_n_u64(a, 32), prime);
    return vmlal_u32(vshlq_n_u64(hi, 32), vmovn_u64(a), prime);
}

#define STRIPE(p, key)                                     \
    do {                                                   \
        a0 = accumulate(a0, (p), (key));                   \
        a1 = accumulate(a1, (p) + 16, (key) + 16);         \
        a2 = accumulate(a2, (p) + 32, (key) + 32);         \
        a3 = accumulate(a3, (p) + 48, (key) + 48);         \
    } while (0)

#define SCRAMBLE()                                         \
    do {                                                   \
        a0 = scramble(a0, skey);                           \
        a1 = scramble(a1, skey + 16);                      \
        a2 = scramble(a2, skey + 32);                      \
        a3 = scramble(a3, skey + 48);                      \
    } while (0)

static void stripes_neon(hb_u64 *accp, uint8_t *stripes, const uint8_t *p, size_t n)
{
    const uint8_t *secret = hb_xxh3_default_secret;
    const uint8_t *skey = secret + HB_XXH3_SECRET_SIZE - 64;
    uint64_t w[8];
    uint64x2_t a0, a1, a2, a3;
    unsigned s = *stripes, j, i;

    for (i = 0; i < 8; i++)
        w[i] = ((uint64_t)HB_U64_HI(accp[i]) << 32 | HB_U64_LO(accp[i]));
    a0 = vld1q_u64(w);
    a1 = vld1q_u64(w + 2);
    a2 = vld1q_u64(w + 4);
    a3 = vld1q_u64(w + 6);

    /* finish a block begun by an earlier call, one stripe at a time */
    while (n > 0 && s != 0) {
        STRIPE(p, secret + 8u * s);
        p += HB_XXH3_STRIPE_LEN;
        n--;
        if (++s == HB_XXH3_STRIPES_PER_BLOCK) {
            SCRAMBLE();
            s = 0;
        }
    }
    /* whole blocks */
    while (n >= HB_XXH3_STRIPES_PER_BLOCK) {
/* unrolled on aarch64 (32 vector registers); not on ARMv7, whose 16 q
 * registers cannot hold the block's secret words that gcc then hoists out
 * of the loop: unrolled there it spilled them (127 VLDR, 116 VSTR a
 * block), 0.84 cycles a byte in gcc's Cortex-A8 model, against 0.69 */
#if defined(__aarch64__)
#pragma GCC unroll 16
#endif
        for (j = 0; j < HB_XXH3_STRIPES_PER_BLOCK; j++)
            STRIPE(p + 64u * j, secret + 8u * j);
        SCRAMBLE();
        p += HB_XXH3_STRIPES_PER_BLOCK * HB_XXH3_STRIPE_LEN;
        n -= HB_XXH3_STRIPES_PER_BLOCK;
    }
    /* the start of a block the next call (or the final step) finishes */
    while (n > 0) {
        STRIPE(p, secret + 8u * s);
        p += HB_XXH3_STRIPE_LEN;
        n--;
        s++;
    }

    vst1q_u64(w, a0);
    vst1q_u64(w + 2, a1);
    vst1q_u64(w + 4, a2);
    vst1q_u64(w + 6, a3);
    for (i = 0; i < 8; i++)
        HB_U64_SET(accp[i], (uint32_t)(w[i] >> 32), (uint32_t)w[i]);
    *stripes = (uint8_t)s;
}

/* (an empty update may pass a null pointer, which memcpy must not see) */
static void copy_memcpy(uint8_t *dst, const uint8_t *src, size_t n)
{
    if (n != 0)
        memcpy(dst, src, n);
}

void hb_xxh3_64_update_neon(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len)
{
    hb_xxh3_update(c, data, len, stripes_neon, copy_memcpy);
}

void hb_xxh3_64_final_neon(hb_xxh3_64_ctx *c, uint8_t *digest)
{
    hb_xxh3_final64(c, digest, stripes_neon);
}

void hb_xxh3_128_update_neon(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len)
{
    hb_xxh3_update(c, data, len, stripes_neon, copy_memcpy);
}

void hb_xxh3_128_final_neon(hb_xxh3_128_ctx *c, uint8_t *digest)
{
    hb_xxh3_final128(c, digest, stripes_neon);
}

#endif /* HB_XXH3_NEON_BODY_H */
