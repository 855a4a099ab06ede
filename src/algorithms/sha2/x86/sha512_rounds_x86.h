/* The scalar round of SHA-512 for the x86-64 implementations whose message
 * schedule is computed with vector instructions (sha512_stream_x86.h, for
 * sha512_avx2.c and sha512_avx512.c).  Only files compiled with -mbmi2
 * include this: each rotate becomes one rorx (three operands, flags
 * untouched), so Sigma0 and Sigma1 cost three rorx and two xor with no
 * register copies.
 *
 * One round is about 24 integer instructions: 6 rorx and 4 xor (Sigma0,
 * Sigma1), 3 for Ch(e,f,g) = g ^ (e & (f ^ g)), 3 for Maj(a,b,c) = b ^
 * ((a ^ b) & (b ^ c)) (a ^ b is the next round's b ^ c), 6 additions and a
 * copy or two.  The sums accumulate into h in the order the operands become
 * ready, d += h taken before Maj and Sigma0 are added: the new e is ready
 * five cycles after the old one (Sigma1 three, two additions), the rest
 * overlaps.  Measured on Zen 5: 5.5-5.6 cycles per round, fully unrolled;
 * formulas with a four-cycle chain measured no faster (docs/impl-sha.md). */
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

/* The same round in the form of OpenSSL's sha512-x86_64 AVX2+BMI code
 * (only for files compiled with -mbmi: ~e & g must be one andn; without it
 * gcc's code took twice as long).  Ch is (e & f) + (~e & g), the two terms
 * having no bit in common; Sigma0 of the new a is left in s0p and added to
 * a at the start of the next round, off the path from one e to the next.
 * The statements are in the order of OpenSSL's instructions: the same
 * round in our order above measured no faster with this Ch and deferral
 * (Zen 4, 1 MiB: 1260 us against 1188 in this order; OpenSSL 1200). */
#define HB_SHA512_XROUND_DEFERRED(a, b, c, d, e, f, g, h, wk_t)                   \
    do {                                                                      \
        uint64_t xn_, t_, r0_, r1_, r2_;                                      \
        h += (wk_t);                                                          \
        t_ = e & f;                                                           \
        r0_ = HB_ROTR64(e, 41);                                               \
        r2_ = HB_ROTR64(e, 18);                                               \
        a += s0p;                                                             \
        h += t_;                                                              \
        t_ = ~e & g;                                                          \
        r0_ ^= r2_;                                                           \
        r1_ = HB_ROTR64(e, 14);                                               \
        h += t_;                                                              \
        r0_ ^= r1_; /* Sigma1(e) */                                           \
        xn_ = a;                                                              \
        r2_ = HB_ROTR64(a, 39);                                               \
        h += r0_;                                                             \
        xn_ ^= b;                                                             \
        r1_ = HB_ROTR64(a, 34);                                               \
        r0_ = HB_ROTR64(a, 28);                                               \
        d += h;                                                               \
        xo &= xn_;                                                            \
        r1_ ^= r2_;                                                           \
        xo ^= b; /* Maj(a, b, c) */                                           \
        r1_ ^= r0_;                                                           \
        h += xo;                                                              \
        s0p = r1_; /* Sigma0(a), for the next round */                        \
        xo = xn_;                                                             \
    } while (0)

/* The round with a four-cycle chain through e and through a (issue 34),
 * for cores with more integer ALUs than Zen 4's four (Zen 5 has six; both
 * run rorx on two of them).  The two forms above need five cycles from one
 * e to the next (Sigma1 three, then h += Sigma1, d += h).  Here d + h + W+K
 * is summed before e arrives, so after e only the two Ch terms (disjoint:
 * (e & f) + (~e & g)) and Sigma1 are added: e&f +1, ~e&g +1, Sigma1 +1,
 * four cycles.  The new a is the new e less d plus Maj and Sigma0: with
 * Maj = (a & (b ^ c)) + (b & c) (disjoint terms), (b & c) - d is known
 * early, a & (b ^ c) one cycle after a, and Sigma0(a) is added last: four
 * cycles after a, and two after the new e.  The price is two operations
 * more than the forms above (24 a round): on Zen 4's four ALUs that is the
 * bound (6 cycles a round), so it ranks first on Zen 5 only, and `hashbench
 * tune` measures it everywhere (sha2_x86_rows.c).  xo holds b ^ c on entry,
 * a ^ b on exit, as in HB_SHA512_XROUND.  Only for files compiled with
 * -mbmi (the andn). */
#define HB_SHA512_XROUND_CHAIN4(a, b, c, d, e, f, g, h, wk_t)                     \
    do {                                                                      \
        uint64_t y_, t_;                                                      \
        h += (wk_t);                                                          \
        y_ = b & c;                                                           \
        y_ -= d;                                                              \
        d += h;                                                               \
        t_ = e & f;                                                           \
        d += t_;                                                              \
        t_ = ~e & g;                                                          \
        d += t_;                                                              \
        d += HB_SHA512_BSIG1(e); /* the new e */                              \
        t_ = a & xo;                                                          \
        y_ += t_; /* Maj(a, b, c) less the old d */                           \
        xo = a ^ b;                                                           \
        h = d + y_;                                                           \
        h += HB_SHA512_BSIG0(a); /* the new a */                              \
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
