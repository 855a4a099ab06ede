/* The 80 scalar rounds of SHA-512 over a precomputed W[t] + K[t], for the
 * x86-64 implementations whose message schedule is computed with vector
 * instructions (sha512_avx2.c, sha512_avx512.c).
 *
 * Only files compiled with -mbmi2 include this: each rotate becomes one
 * rorx (three-operand, flags untouched), so Sigma0/Sigma1 are three rorx
 * and two xor with no register copies.  As in sha512_fast.c the working
 * variables are renamed instead of moved, Ch(e,f,g) = g ^ (e & (f ^ g)) and
 * Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), a ^ b being the next round's b ^ c.
 * The schedule lives in memory, one word per block and round, strided by
 * the number of blocks the vector code handled at once: each round adds
 * it straight from memory (one load-op), so the rounds carry only their own
 * dependency chains. */
#ifndef HB_SHA512_ROUNDS_X86_H
#define HB_SHA512_ROUNDS_X86_H

#include "hashbench/sha2.h"

#define HB_ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

/* Keeps the compiler from re-associating a sum across this point (an
 * empty asm that "changes" x): the order of the additions below is what
 * makes the rounds fast, and gcc's reassociation would undo it. */
#define HB_SHA512_PIN(x) __asm__("" : "+r"(x))

/* One round; wk_t = W[t] + K[t]; xn receives a ^ b, xo holds b ^ c.
 * The sums are grouped for the critical path through e: every term that
 * does not depend on e (d + h + W[t] + K[t]) is added first, then Ch (two
 * operations after e), then Sigma1 (three): the new e is ready four cycles
 * after the old one instead of the six or seven of another order.  The new
 * a likewise adds Maj and Sigma0 last. */
#define HB_SHA512_XROUND(a, b, c, d, e, f, g, h, wk_t, xn, xo)                        \
    do {                                                                          \
        uint64_t hk_ = h + (wk_t);                                                \
        uint64_t ch_ = g ^ (e & (f ^ g));                                         \
        uint64_t s1_ = HB_ROTR64(e, 14) ^ HB_ROTR64(e, 18) ^ HB_ROTR64(e, 41);     \
        uint64_t s0_ = HB_ROTR64(a, 28) ^ HB_ROTR64(a, 34) ^ HB_ROTR64(a, 39);     \
        xn = a ^ b;                                                               \
        d += hk_;                                                                 \
        HB_SHA512_PIN(d);                                                         \
        hk_ += ch_;                                                               \
        d += ch_;                                                                 \
        HB_SHA512_PIN(hk_);                                                       \
        HB_SHA512_PIN(d);                                                         \
        hk_ += s1_;                                                               \
        d += s1_;                                                                 \
        hk_ += b ^ (xn & xo);                                                     \
        HB_SHA512_PIN(hk_);                                                       \
        h = hk_ + s0_;                                                            \
    } while (0)

/* 80 rounds of one block on s[0..7], feed-forward included; wk[t * stride]
 * is W[t] + K[t] */
static inline void hb_sha512_rounds_x86(uint64_t *s, const uint64_t *wk, size_t stride)
{
    uint64_t a = s[0], b = s[1], c = s[2], d = s[3];
    uint64_t e = s[4], f = s[5], g = s[6], h = s[7];
    uint64_t x0 = b ^ c, x1;
    unsigned t;

    for (t = 0; t < 80; t += 8) {
        HB_SHA512_XROUND(a, b, c, d, e, f, g, h, wk[(t + 0) * stride], x1, x0);
        HB_SHA512_XROUND(h, a, b, c, d, e, f, g, wk[(t + 1) * stride], x0, x1);
        HB_SHA512_XROUND(g, h, a, b, c, d, e, f, wk[(t + 2) * stride], x1, x0);
        HB_SHA512_XROUND(f, g, h, a, b, c, d, e, wk[(t + 3) * stride], x0, x1);
        HB_SHA512_XROUND(e, f, g, h, a, b, c, d, wk[(t + 4) * stride], x1, x0);
        HB_SHA512_XROUND(d, e, f, g, h, a, b, c, wk[(t + 5) * stride], x0, x1);
        HB_SHA512_XROUND(c, d, e, f, g, h, a, b, wk[(t + 6) * stride], x1, x0);
        HB_SHA512_XROUND(b, c, d, e, f, g, h, a, wk[(t + 7) * stride], x0, x1);
    }
    s[0] += a; s[1] += b; s[2] += c; s[3] += d;
    s[4] += e; s[5] += f; s[6] += g; s[7] += h;
}

/* hb_u64 (a struct of two words under -DHB_U64_PAIR) to and from uint64_t */
static inline uint64_t hb_u64_to_native(hb_u64 x)
{
    return ((uint64_t)HB_U64_HI(x) << 32) | HB_U64_LO(x);
}

static inline void hb_sha512_state_in(uint64_t *s, const hb_u64 *state)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        s[i] = hb_u64_to_native(state[i]);
}

static inline void hb_sha512_state_out(hb_u64 *state, const uint64_t *s)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        HB_U64_SET(state[i], s[i] >> 32, s[i]);
}

#endif /* HB_SHA512_ROUNDS_X86_H */
