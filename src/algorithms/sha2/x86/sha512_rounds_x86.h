/* The scalar rounds of SHA-512 for the x86-64 implementations whose message
 * schedule is computed with vector instructions (sha512_avx2.c,
 * sha512_avx512.c).  Only files compiled with -mbmi2 include this: each
 * rotate becomes one rorx (three operands, flags untouched), so Sigma0 and
 * Sigma1 cost three rorx and two xor with no register copies.
 *
 * One round is about 24 integer instructions: 6 rorx and 4 xor (Sigma0,
 * Sigma1), 3 for Ch(e,f,g) = g ^ (e & (f ^ g)), 3 for Maj(a,b,c) = b ^
 * ((a ^ b) & (b ^ c)) (a ^ b is the next round's b ^ c), 6 additions and a
 * copy or two.  The sums accumulate into h in the order the operands become
 * ready, d += h taken before Maj and Sigma0 are added: the new e is ready
 * five cycles after the old one (Sigma1 three, two additions), the rest
 * overlaps.  Measured on Zen 5: about 5.3 cycles per round, fully unrolled
 * (a loop of eight rounds costs 4% more: the compiler then needs copies to
 * bring the renamed variables back to their registers). */
#ifndef HB_SHA512_ROUNDS_X86_H
#define HB_SHA512_ROUNDS_X86_H

#include "hashbench/sha2.h"

#define HB_ROTR64(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define HB_SHA512_BSIG0(x) (HB_ROTR64(x, 28) ^ HB_ROTR64(x, 34) ^ HB_ROTR64(x, 39))
#define HB_SHA512_BSIG1(x) (HB_ROTR64(x, 14) ^ HB_ROTR64(x, 18) ^ HB_ROTR64(x, 41))

/* One round; wk_t = W[t] + K[t]; xo holds b ^ c on entry, a ^ b on exit
 * (the next round's b ^ c). */
#define HB_SHA512_XROUND(a, b, c, d, e, f, g, h, wk_t)                            \
    do {                                                                      \
        uint64_t xn_ = a ^ b;                                                 \
        h += (wk_t);                                                          \
        h += g ^ (e & (f ^ g));                                               \
        h += HB_SHA512_BSIG1(e);                                              \
        d += h;                                                               \
        xo &= xn_;                                                            \
        xo ^= b;                                                              \
        h += xo;                                                              \
        h += HB_SHA512_BSIG0(a);                                              \
        xo = xn_;                                                             \
    } while (0)

/* Eight rounds from round t, then HOOK(slot): the vector code's share of
 * the next batch's message schedule, interleaved with the rounds so that
 * it runs on the vector units while the integer units do the rounds. */
#define HB_SHA512_XROUNDS8(WK, t, HOOK, slot)                                     \
    do {                                                                      \
        HB_SHA512_XROUND(a, b, c, d, e, f, g, h, WK(t));                      \
        HB_SHA512_XROUND(h, a, b, c, d, e, f, g, WK((t) + 1));                \
        HB_SHA512_XROUND(g, h, a, b, c, d, e, f, WK((t) + 2));                \
        HB_SHA512_XROUND(f, g, h, a, b, c, d, e, WK((t) + 3));                \
        HB_SHA512_XROUND(e, f, g, h, a, b, c, d, WK((t) + 4));                \
        HB_SHA512_XROUND(d, e, f, g, h, a, b, c, WK((t) + 5));                \
        HB_SHA512_XROUND(c, d, e, f, g, h, a, b, WK((t) + 6));                \
        HB_SHA512_XROUND(b, c, d, e, f, g, h, a, WK((t) + 7));                \
        HOOK(slot);                                                           \
    } while (0)

/* The 80 rounds of one block on s[0..7], feed-forward included.  WK(t) is
 * an expression for W[t] + K[t]; HOOK(n), n = 0..9, runs after each eight
 * rounds. */
#define HB_SHA512_XBLOCK(s, WK, HOOK)                                             \
    do {                                                                      \
        uint64_t a = s[0], b = s[1], c = s[2], d = s[3];                      \
        uint64_t e = s[4], f = s[5], g = s[6], h = s[7];                      \
        uint64_t xo = b ^ c;                                                  \
        HB_SHA512_XROUNDS8(WK, 0, HOOK, 0);                                   \
        HB_SHA512_XROUNDS8(WK, 8, HOOK, 1);                                   \
        HB_SHA512_XROUNDS8(WK, 16, HOOK, 2);                                  \
        HB_SHA512_XROUNDS8(WK, 24, HOOK, 3);                                  \
        HB_SHA512_XROUNDS8(WK, 32, HOOK, 4);                                  \
        HB_SHA512_XROUNDS8(WK, 40, HOOK, 5);                                  \
        HB_SHA512_XROUNDS8(WK, 48, HOOK, 6);                                  \
        HB_SHA512_XROUNDS8(WK, 56, HOOK, 7);                                  \
        HB_SHA512_XROUNDS8(WK, 64, HOOK, 8);                                  \
        HB_SHA512_XROUNDS8(WK, 72, HOOK, 9);                                  \
        s[0] += a; s[1] += b; s[2] += c; s[3] += d;                           \
        s[4] += e; s[5] += f; s[6] += g; s[7] += h;                           \
    } while (0)

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
