/* XXH3 on x86-64: the streaming layer written once for the AVX2 and AVX-512
 * files, around the accumulator type and kernels each defines before
 * including this header:
 *
 *   hb_x3_acc                      the eight accumulators (a zmm, or two ymm)
 *   hb_x3_acc hb_x3_acc_load(const uint64_t w[8]);
 *   void hb_x3_acc_store(uint64_t w[8], hb_x3_acc a);
 *   void hb_x3_acc_merge_words(uint64_t w[8], hb_x3_acc a, const uint8_t *key);
 *                                  w = a XOR the 64 secret bytes at key
 *   hb_x3_acc hb_x3_acc_stripe(hb_x3_acc a, const uint8_t *p, const uint8_t *key);
 *   hb_x3_acc hb_x3_acc_scramble(hb_x3_acc a);
 *   hb_x3_acc hb_x3_acc_run(hb_x3_acc a, unsigned *st, const uint8_t *p, size_t n);
 *                                  n stripes, continuing block position *st
 *   void hb_x3_copy(uint8_t *dst, const uint8_t *src, size_t n);
 *                                  n <= 256 bytes into the state, in moves
 *                                  as wide as the stripe loads
 *   HB_X3_NAME(x)                  the public name: x ## _avx512 ...
 *
 * What it adds over xxh3_common.c's streaming code (whose state layout,
 * xxh3.h, it shares, so either may continue the other's work):
 *  - input that fits the buffer is copied in without a call;
 *  - the accumulators stay in registers from the first stripe of an update
 *    to its last, and start from constants (not from memory) when nothing
 *    was accumulated yet;
 *  - the final step hashes a message of up to 240 bytes straight from the
 *    buffer with xxh3_x86_scalar.h's code; a longer one runs the buffered
 *    stripes and the last stripe in registers, XORs the merge secret in with
 *    vector instructions and leaves only the 64 x 64 -> 128-bit products to
 *    scalar mulx.  No accumulator copies. */
#ifndef HB_XXH3_X86_STREAM_H
#define HB_XXH3_X86_STREAM_H

#include "algorithms/xxh/x86/vector_x86.h"
#include "algorithms/xxh/x86/xxh3_x86_scalar.h"

/* spec: INIT_ACC */
static const uint64_t hb_x3_init_words[8] = {
    HB_X3_P32_3, HB_X3_P64_1, HB_X3_P64_2, HB_X3_P64_3,
    HB_X3_P64_4, HB_X3_P32_2, HB_X3_P64_5, HB_X3_P32_1
};

/* The accumulators and block position the state holds, or the starting
 * ones when no stripe has been accumulated yet (xxh3.h). */
HB_X3_INLINE hb_x3_acc hb_x3_begin(const hb_xxh3_state *s, unsigned *st)
{
    uint64_t w[8];
    if (!HB_XXH3_STARTED(s)) {
        *st = 0;
        return hb_x3_acc_load(hb_x3_init_words);
    }
    *st = s->stripes;
#ifdef HB_U64_PAIR
    hb_vx_get_words(w, s->acc, 8);
    return hb_x3_acc_load(w);
#else
    /* hb_u64 is uint64_t: one vector load, no copy through the stack (the
     * compiler moves such a copy in 16-byte pieces, which a wider load
     * cannot take from the store buffer) */
    (void)w;
    return hb_x3_acc_load(s->acc);
#endif
}

/* An update that does not fit the buffer: the same steps as
 * hb_xxh3_update (xxh3_common.c), with the accumulators in registers. */
static void hb_x3_update_long(hb_xxh3_state *s, const uint8_t *p, size_t len)
{
    uint8_t *buf = HB_XXH3_BUF(s);
    unsigned nb = s->buffered, st;
    uint64_t w[8], total = hb_x3_total(s) + len;
    hb_x3_acc acc = hb_x3_begin(s, &st);
    size_t n;

    HB_U64_SET(s->total, (uint32_t)(total >> 32), (uint32_t)total);
    if (nb != 0) {
        /* fill the buffer, accumulate it; its last stripe becomes the history */
        n = HB_XXH3_BUFFER_SIZE - nb;
        hb_x3_copy(buf + nb, p, n);
        p += n;
        len -= n;
        acc = hb_x3_acc_run(acc, &st, buf, HB_XXH3_BUFFER_SIZE / HB_XXH3_STRIPE_LEN);
        hb_x3_copy(s->mem, buf + HB_XXH3_BUFFER_SIZE - HB_XXH3_HISTORY, HB_XXH3_HISTORY);
    }
    if (len > HB_XXH3_BUFFER_SIZE) {
        /* whole stripes from the input, keeping 1..64 bytes back; the last
         * stripe consumed and those bytes are the new history and buffer */
        n = (len - 1) / HB_XXH3_STRIPE_LEN;
        acc = hb_x3_acc_run(acc, &st, p, n);
        p += n * HB_XXH3_STRIPE_LEN;
        len -= n * HB_XXH3_STRIPE_LEN;
        hb_x3_copy(s->mem, p - HB_XXH3_HISTORY, HB_XXH3_HISTORY + len);
    } else {
        hb_x3_copy(buf, p, len);
    }
    s->buffered = (uint16_t)len;
    s->stripes = (uint8_t)st;
#ifdef HB_U64_PAIR
    hb_x3_acc_store(w, acc);
    hb_vx_put_words(s->acc, w, 8);
#else
    (void)w;
    hb_x3_acc_store(s->acc, acc);
#endif
}

static inline void hb_x3_update_any(hb_xxh3_state *s, const uint8_t *p, size_t len)
{
    unsigned nb = s->buffered;
    if (len <= HB_XXH3_BUFFER_SIZE - nb) {
        /* a message that is still short will be read 8 bytes at a time,
         * which a core forwards from 32-byte stores but (on Zen 5) not from
         * 64-byte ones; a longer one is read in stripes */
        if (hb_x3_total(s) + len <= HB_XXH3_MIDSIZE_MAX)
            hb_x3_copy_small(HB_XXH3_BUF(s) + nb, p, len);
        else
            hb_x3_copy(HB_XXH3_BUF(s) + nb, p, len);
        s->buffered = (uint16_t)(nb + len);
        HB_U64_ADD32(s->total, s->total, (uint32_t)len);
        return;
    }
    hb_x3_update_long(s, p, len);
}

/* The accumulators of a message longer than 240 bytes: the buffered whole
 * stripes but the last (at most three), then the last 64 bytes of the
 * message, which end where the buffered bytes do (xxh3.h). */
HB_X3_INLINE hb_x3_acc hb_x3_final_acc(const hb_xxh3_state *s)
{
    const uint8_t *secret = hb_xxh3_default_secret;
    const uint8_t *buf = HB_XXH3_BUF(s);
    unsigned nb = s->buffered, st, n;
    hb_x3_acc acc = hb_x3_begin(s, &st);

    for (n = (nb - 1) / HB_XXH3_STRIPE_LEN; n > 0; n--) {
        acc = hb_x3_acc_stripe(acc, buf, secret + 8u * st);
        buf += HB_XXH3_STRIPE_LEN;
        if (++st == HB_XXH3_STRIPES_PER_BLOCK) {
            acc = hb_x3_acc_scramble(acc);
            st = 0;
        }
    }
    return hb_x3_acc_stripe(acc, HB_XXH3_BUF(s) + nb - HB_XXH3_STRIPE_LEN,
                            secret + HB_X3_LAST_STRIPE_SECRET);
}

void HB_X3_NAME(hb_xxh3_64_update)(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len)
{
    hb_x3_update_any(c, data, len);
}

void HB_X3_NAME(hb_xxh3_128_update)(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len)
{
    hb_x3_update_any(c, data, len);
}

void HB_X3_NAME(hb_xxh3_64_final)(hb_xxh3_64_ctx *c, uint8_t *digest)
{
    uint64_t total = hb_x3_total(c), w[8], h;
    if (total <= HB_XXH3_MIDSIZE_MAX) {
        h = hb_x3_short64(HB_XXH3_BUF(c), (unsigned)total);
    } else {
        hb_x3_acc_merge_words(w, hb_x3_final_acc(c), hb_xxh3_default_secret + HB_X3_MERGE_LO_SECRET);
        h = hb_x3_merge(w, hb_x3_merge_lo_start(total));
    }
    hb_x3_put64(digest, h);
}

void HB_X3_NAME(hb_xxh3_128_final)(hb_xxh3_128_ctx *c, uint8_t *digest)
{
    uint64_t total = hb_x3_total(c), w[8], v[8], h[2];
    if (total <= HB_XXH3_MIDSIZE_MAX) {
        hb_x3_short128(h, HB_XXH3_BUF(c), (unsigned)total);
    } else {
        hb_x3_acc acc = hb_x3_final_acc(c);
        hb_x3_acc_merge_words(w, acc, hb_xxh3_default_secret + HB_X3_MERGE_LO_SECRET);
        hb_x3_acc_merge_words(v, acc, hb_xxh3_default_secret + HB_X3_MERGE_HI_SECRET);
        h[0] = hb_x3_merge(w, hb_x3_merge_lo_start(total));
        h[1] = hb_x3_merge(v, hb_x3_merge_hi_start(total));
    }
    hb_x3_put128(digest, h);
}

/* ---- one-shot (hb_oneshot): the whole message at once ----------------------
 * Up to 240 bytes hashed straight from the input; a longer one runs its
 * (len - 1) / 64 whole stripes from the input in registers (scrambling after
 * each 16th, as hb_x3_acc_run does), then the stripe that ends the message:
 * the specification's long-input steps with no state and no copy. */
HB_X3_INLINE hb_x3_acc hb_x3_oneshot_acc(const uint8_t *p, size_t len)
{
    unsigned st = 0;
    hb_x3_acc acc = hb_x3_acc_run(hb_x3_acc_load(hb_x3_init_words), &st, p,
                                  (len - 1) / HB_XXH3_STRIPE_LEN);
    return hb_x3_acc_stripe(acc, p + len - HB_XXH3_STRIPE_LEN,
                            hb_xxh3_default_secret + HB_X3_LAST_STRIPE_SECRET);
}

/* The entry points below keep only the 17-128 byte path inline: every
 * other length class is a tail call to a function of its own (the 0-16
 * byte one tested first: the smallest messages pay one compare less).
 * One function holding them all saved five registers, aligned the stack
 * for the zmm / ymm spills of the long loop, called the 0-240 byte code
 * (which saved six more and returned the digest through memory) and ran
 * vzeroupper on every call, a 64-byte message included: at that size the
 * hash itself is four mulx, and XXH3-128 went from 146 instructions a
 * call to 109 (docs/impl-xxh3-adler-sha3.md). */
static __attribute__((noinline)) void hb_x3_oneshot64_long(const uint8_t *data, size_t len,
                                                          uint8_t *digest)
{
    uint64_t w[8];
    hb_x3_acc_merge_words(w, hb_x3_oneshot_acc(data, len),
                          hb_xxh3_default_secret + HB_X3_MERGE_LO_SECRET);
    hb_x3_put64(digest, hb_x3_merge(w, hb_x3_merge_lo_start(len)));
}

static __attribute__((noinline)) void hb_x3_oneshot64_tiny(const uint8_t *data, size_t len,
                                                          uint8_t *digest)
{
    hb_x3_put64(digest, hb_x3_tiny64(data, (unsigned)len));
}

static __attribute__((noinline)) void hb_x3_oneshot64_big(const uint8_t *data, size_t len,
                                                         uint8_t *digest)
{
    hb_x3_put64(digest, hb_x3_big64(data, (unsigned)len));
}

void HB_X3_NAME(hb_xxh3_64_oneshot)(const uint8_t *data, size_t len, uint8_t *digest)
{
    if (len <= 16)
        hb_x3_oneshot64_tiny(data, len, digest);
    else if (len <= 128)
        hb_x3_put64(digest, hb_x3_mid64(data, (unsigned)len));
    else if (len <= HB_XXH3_MIDSIZE_MAX)
        hb_x3_oneshot64_big(data, len, digest);
    else
        hb_x3_oneshot64_long(data, len, digest);
}

static __attribute__((noinline)) void hb_x3_oneshot128_long(const uint8_t *data, size_t len,
                                                           uint8_t *digest)
{
    uint64_t w[8], v[8], h[2];
    hb_x3_acc acc = hb_x3_oneshot_acc(data, len);
    hb_x3_acc_merge_words(w, acc, hb_xxh3_default_secret + HB_X3_MERGE_LO_SECRET);
    hb_x3_acc_merge_words(v, acc, hb_xxh3_default_secret + HB_X3_MERGE_HI_SECRET);
    h[0] = hb_x3_merge(w, hb_x3_merge_lo_start(len));
    h[1] = hb_x3_merge(v, hb_x3_merge_hi_start(len));
    hb_x3_put128(digest, h);
}

static __attribute__((noinline)) void hb_x3_oneshot128_tiny(const uint8_t *data, size_t len,
                                                           uint8_t *digest)
{
    uint64_t h[2];
    hb_x3_tiny128(h, data, (unsigned)len);
    hb_x3_put128(digest, h);
}

static __attribute__((noinline)) void hb_x3_oneshot128_big(const uint8_t *data, size_t len,
                                                          uint8_t *digest)
{
    uint64_t h[2];
    hb_x3_big128(h, data, (unsigned)len);
    hb_x3_put128(digest, h);
}

void HB_X3_NAME(hb_xxh3_128_oneshot)(const uint8_t *data, size_t len, uint8_t *digest)
{
    uint64_t h[2];
    if (len <= 16) {
        hb_x3_oneshot128_tiny(data, len, digest);
    } else if (len <= 128) {
        hb_x3_mid128(h, data, (unsigned)len);
        hb_x3_put128(digest, h);
    } else if (len <= HB_XXH3_MIDSIZE_MAX) {
        hb_x3_oneshot128_big(data, len, digest);
    } else {
        hb_x3_oneshot128_long(data, len, digest);
    }
}

#endif /* HB_XXH3_X86_STREAM_H */
