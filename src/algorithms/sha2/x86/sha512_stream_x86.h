/* The SHA-512 compress function shared by sha512_avx2.c and
 * sha512_avx512.c: scalar rounds (sha512_rounds_x86.h) with the message
 * schedule of the same block computed by the vector unit sixteen words
 * ahead of them (the approach of OpenSSL's sha512-avx2 code, written here
 * with intrinsics and C).
 *
 * Why this shape: a SHA-512 round is ~22 integer instructions on a 4-5
 * cycle dependency chain, and the integer units are the bottleneck.  The
 * schedule (sigma0, sigma1 and three additions per word) is independent of
 * the rounds, so it goes to the vector unit: two words per xmm register,
 * the ring W[t-16 .. t-1] in eight registers x0..x7 (x0 the oldest pair).
 * While the rounds of group g (rounds 16g .. 16g+15) read W+K, the eight
 * vector steps of group g+1 compute W[16g+16 .. 16g+31] and store W+K.
 * Every block is complete in itself, so one block costs what a block of a
 * long message costs (the earlier design batched eight blocks per zmm and
 * fell back to the fast C compress for one block: 30% slower on short
 * messages, and 6.1 against 5.7 cycles per round at 1 MiB).
 *
 * One vector step, W[t], W[t+1] for even t (x0 = W[t-16..t-15] ... x7 =
 * W[t-2..t-1]):
 *     W[t..t+1] = x0 + W[t-7..t-6] + sigma0(W[t-15..t-14]) + sigma1(x7)
 * where W[t-15..t-14] = alignr(x1, x0) and W[t-7..t-6] = alignr(x5, x4).
 * sigma1 of x7 is added last: it is the step's only input from the step
 * before, so the chain between steps is sigma1 plus one addition.
 *
 * The including file defines HB_SHA512_SIG0V(x) and HB_SHA512_SIG1V(x)
 * (sigma0 and sigma1 on both 64-bit lanes of an __m128i), optionally
 * HB_SHA512_WK_FORWARD (see HB_SHA512_WK_BARRIER) and
 * HB_SHA512_DEFERRED_FORM (a second instance of the loop with the round
 * of HB_SHA512_XROUND_DEFERRED; the file must be compiled with -mbmi) and
 * HB_SHA512_CHAIN4_FORM (a third, HB_SHA512_XROUND_CHAIN4; -mbmi too),
 * includes this file, and writes HB_SHA512_STREAM_COMPRESS(name) (and
 * HB_SHA512_STREAM_COMPRESS_DEFERRED(name), HB_SHA512_STREAM_COMPRESS_CHAIN4
 * (name)) to define its hb_block64_fn. */
#ifndef HB_SHA512_STREAM_X86_H
#define HB_SHA512_STREAM_X86_H

#include <immintrin.h>
#include "sha512_rounds_x86.h"

/* Loads 16 bytes of big-endian words as two native words. */
static inline __m128i hb_sha512_load_be(const uint8_t *p)
{
    const __m128i bswap = _mm_set_epi64x(0x08090a0b0c0d0e0fLL, 0x0001020304050607LL);

    return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), bswap);
}

/* An empty statement the compiler must assume reads and writes memory:
 * placed after each group's vector work, it makes the rounds read W+K back
 * from the stack with an add's memory operand.  Without it gcc forwards
 * every stored word to the rounds through vmovq / vpextrq (one or two more
 * instructions per round, on the same schedulers): measured 2.5% slower at
 * 1 MiB with the AVX-512 schedule.  It emits no instruction.  The AVX2
 * schedule, longer and slower, measured the other way round (8% faster
 * without the barrier, the compiler then free to interleave it): the
 * including file defines HB_SHA512_WK_FORWARD to leave it out. */
#ifndef HB_SHA512_WK_FORWARD
#define HB_SHA512_WK_BARRIER() __asm__ __volatile__("" ::: "memory")
#else
/* the AVX2 build: forwarded in the Zen 5 form only; OpenSSL's form
 * measured 7-10% faster on Zen 3 with the barrier (docs/impl-sha.md) */
#define HB_SHA512_WK_BARRIER()                                                    \
    do {                                                                          \
        if (deferred == HB_SHA512_FORM_DEFERRED)                                  \
            __asm__ __volatile__("" ::: "memory");                                \
    } while (0)
#endif

/* W[t] + K[t], W[t+1] + K[t+1] into wk */
#define HB_SHA512_STORE_WK(t, x)                                                  \
    _mm_store_si128((__m128i *)(void *)(wk + (t)),                                \
                    _mm_add_epi64((x), _mm_loadu_si128((const __m128i *)(const void *)(k + (t)))))

/* One vector step: W[t], W[t+1] from the ring; the ring moves on by two. */
#define HB_SHA512_VSTEP(t)                                                        \
    do {                                                                          \
        __m128i n_ = _mm_add_epi64(x0, _mm_alignr_epi8(x5, x4, 8));               \
        n_ = _mm_add_epi64(n_, HB_SHA512_SIG0V(_mm_alignr_epi8(x1, x0, 8)));      \
        n_ = _mm_add_epi64(n_, HB_SHA512_SIG1V(x7));                              \
        x0 = x1; x1 = x2; x2 = x3; x3 = x4; x4 = x5; x5 = x6; x6 = x7; x7 = n_;   \
        HB_SHA512_STORE_WK(t, n_);                                                \
    } while (0)

/* Words 2j, 2j+1 of the block into the ring register xr and wk */
#define HB_SHA512_VLOAD(j, xr)                                                    \
    do {                                                                          \
        xr = hb_sha512_load_be(p + 16 * (j));                                     \
        HB_SHA512_STORE_WK(2 * (j), xr);                                          \
    } while (0)

/* The forms of the round (sha512_rounds_x86.h), a constant argument of
 * each instance of the loop: HB_SHA512_XROUND (Zen 5's), OpenSSL's and
 * the four-cycle chain. */
#define HB_SHA512_FORM_OURS 0
#define HB_SHA512_FORM_DEFERRED 1
#define HB_SHA512_FORM_CHAIN4 2

#ifdef HB_SHA512_CHAIN4_FORM
#define HB_SHA512_R_CHAIN4(a, b, c, d, e, f, g, h, t)                             \
    if (deferred == HB_SHA512_FORM_CHAIN4)                                        \
        HB_SHA512_XROUND_CHAIN4(a, b, c, d, e, f, g, h, wk[t]);                   \
    else
#else
#define HB_SHA512_R_CHAIN4(a, b, c, d, e, f, g, h, t)
#endif
#ifdef HB_SHA512_DEFERRED_FORM
#define HB_SHA512_R(a, b, c, d, e, f, g, h, t)                                    \
    do {                                                                          \
        HB_SHA512_R_CHAIN4(a, b, c, d, e, f, g, h, t)                             \
        if (deferred == HB_SHA512_FORM_DEFERRED)                                  \
            HB_SHA512_XROUND_DEFERRED(a, b, c, d, e, f, g, h, wk[t]);             \
        else                                                                      \
            HB_SHA512_XROUND(a, b, c, d, e, f, g, h, wk[t]);                      \
    } while (0)
#else
#define HB_SHA512_R(a, b, c, d, e, f, g, h, t) HB_SHA512_XROUND(a, b, c, d, e, f, g, h, wk[t])
#endif

/* Sixteen rounds from round t (a multiple of 16), the vector work V(n),
 * n = 0..7, after each pair of rounds. */
#define HB_SHA512_GROUP(t, V)                                                     \
    do {                                                                          \
        HB_SHA512_R(a, b, c, d, e, f, g, h, (t) + 0);                             \
        HB_SHA512_R(h, a, b, c, d, e, f, g, (t) + 1);                             \
        V(0);                                                                     \
        HB_SHA512_R(g, h, a, b, c, d, e, f, (t) + 2);                             \
        HB_SHA512_R(f, g, h, a, b, c, d, e, (t) + 3);                             \
        V(1);                                                                     \
        HB_SHA512_R(e, f, g, h, a, b, c, d, (t) + 4);                             \
        HB_SHA512_R(d, e, f, g, h, a, b, c, (t) + 5);                             \
        V(2);                                                                     \
        HB_SHA512_R(c, d, e, f, g, h, a, b, (t) + 6);                             \
        HB_SHA512_R(b, c, d, e, f, g, h, a, (t) + 7);                             \
        V(3);                                                                     \
        HB_SHA512_R(a, b, c, d, e, f, g, h, (t) + 8);                             \
        HB_SHA512_R(h, a, b, c, d, e, f, g, (t) + 9);                             \
        V(4);                                                                     \
        HB_SHA512_R(g, h, a, b, c, d, e, f, (t) + 10);                            \
        HB_SHA512_R(f, g, h, a, b, c, d, e, (t) + 11);                            \
        V(5);                                                                     \
        HB_SHA512_R(e, f, g, h, a, b, c, d, (t) + 12);                            \
        HB_SHA512_R(d, e, f, g, h, a, b, c, (t) + 13);                            \
        V(6);                                                                     \
        HB_SHA512_R(c, d, e, f, g, h, a, b, (t) + 14);                            \
        HB_SHA512_R(b, c, d, e, f, g, h, a, (t) + 15);                            \
        V(7);                                                                     \
        HB_SHA512_WK_BARRIER();                                                   \
    } while (0)

/* the vector work of each group: the schedule sixteen words ahead; none
 * in the last group */
#define HB_SHA512_V1(n) HB_SHA512_VSTEP(16 + 2 * (n))
#define HB_SHA512_V2(n) HB_SHA512_VSTEP(32 + 2 * (n))
#define HB_SHA512_V3(n) HB_SHA512_VSTEP(48 + 2 * (n))
#define HB_SHA512_V4(n) HB_SHA512_VSTEP(64 + 2 * (n))
#define HB_SHA512_V5(n) do { } while (0)

/* One block: its sixteen words loaded, then five groups of sixteen rounds,
 * the schedule of the next group interleaved with each of the first four. */
static inline __attribute__((always_inline)) void
sha512_stream_body(uint64_t *s, const uint64_t *k, const uint8_t *p, int deferred)
{
    uint64_t wk[80] __attribute__((aligned(16)));
    __m128i x0, x1, x2, x3, x4, x5, x6, x7;
    uint64_t a = s[0], b = s[1], c = s[2], d = s[3];
    uint64_t e = s[4], f = s[5], g = s[6], h = s[7];
    uint64_t xo = b ^ c, s0p = 0;

    HB_SHA512_VLOAD(0, x0); HB_SHA512_VLOAD(1, x1); HB_SHA512_VLOAD(2, x2);
    HB_SHA512_VLOAD(3, x3); HB_SHA512_VLOAD(4, x4); HB_SHA512_VLOAD(5, x5);
    HB_SHA512_VLOAD(6, x6); HB_SHA512_VLOAD(7, x7);
    HB_SHA512_WK_BARRIER();
    HB_SHA512_GROUP(0, HB_SHA512_V1);
    HB_SHA512_GROUP(16, HB_SHA512_V2);
    HB_SHA512_GROUP(32, HB_SHA512_V3);
    HB_SHA512_GROUP(48, HB_SHA512_V4);
    HB_SHA512_GROUP(64, HB_SHA512_V5);
    a += s0p; /* the last round's deferred Sigma0 (0 in the other form) */
    (void)deferred;
    s[0] += a; s[1] += b; s[2] += c; s[3] += d;
    s[4] += e; s[5] += f; s[6] += g; s[7] += h;
}

/* Why two ways to run blocks: measured on Zen 5, a loop of the body (or
 * two copies of it) in one function added a fixed ~400 cycles to every
 * call of 2 to ~16 blocks (2 blocks: 165-200 ns per block against 120 for
 * one call per block), a cost we could not trace (no performance counters
 * in the VM; docs/impl-sha.md lists what was ruled out).  A call per block
 * has no such cost; from HB_SHA512_LOOP_MIN blocks the loop's 2-3% gain
 * (state kept in registers, no call per block) outweighs it.  Zen 4 shows
 * no such cost: there the loop runs from one block (docs/impl-sha.md). */
#define HB_SHA512_LOOP_MIN 64

static __attribute__((noinline)) void sha512_stream_block(uint64_t *s, const uint64_t *k,
                                                          const uint8_t *p)
{
    sha512_stream_body(s, k, p, HB_SHA512_FORM_OURS);
}

/* deferred: the round's form (HB_SHA512_FORM_*), a constant in each
 * instance */
#define HB_SHA512_STREAM_LOOP(name, deferred)                                     \
    static __attribute__((noinline)) void name(uint64_t *s, const uint64_t *k,    \
                                               const uint8_t *p, size_t n)        \
    {                                                                             \
        do {                                                                      \
            sha512_stream_body(s, k, p, deferred);                                \
            p += HB_SHA512_BLOCK;                                                 \
        } while (--n > 0);                                                        \
    }
HB_SHA512_STREAM_LOOP(sha512_stream_loop, HB_SHA512_FORM_OURS)
#ifdef HB_SHA512_DEFERRED_FORM
HB_SHA512_STREAM_LOOP(sha512_stream_loop_deferred, HB_SHA512_FORM_DEFERRED)
#endif
#ifdef HB_SHA512_CHAIN4_FORM
HB_SHA512_STREAM_LOOP(sha512_stream_loop_chain4, HB_SHA512_FORM_CHAIN4)
#endif

/* n >= 1 blocks in the Zen 5 form */
static inline __attribute__((always_inline)) void
sha512_stream_run(uint64_t *s, const uint64_t *k, const uint8_t *p, size_t n)
{
    if (n >= HB_SHA512_LOOP_MIN) {
        sha512_stream_loop(s, k, p, n);
        return;
    }
    do {
        sha512_stream_block(s, k, p);
        p += HB_SHA512_BLOCK;
    } while (--n > 0);
}

/* The hb_block64_fn of an implementation: the state as native words, the
 * constants too (under -DHB_U64_PAIR, a copy: hb_u64 is then a struct). */
#ifdef HB_U64_PAIR
#define HB_SHA512_STREAM_K_DECL                                                   \
    uint64_t k[80];                                                               \
    unsigned i_;                                                                  \
    for (i_ = 0; i_ < 80; i_++)                                                   \
        k[i_] = hb_u64_to_native(hb_sha512_k[i_])
#else
#define HB_SHA512_STREAM_K_DECL const uint64_t *k = hb_sha512_k
#endif

#define HB_SHA512_STREAM_COMPRESS_WITH(name, run)                                 \
    void name(hb_u64 *state, hb_u64 *w, const uint8_t *blocks, size_t nblocks)   \
    {                                                                             \
        uint64_t s[8];                                                            \
        HB_SHA512_STREAM_K_DECL;                                                  \
                                                                                  \
        (void)w; /* the schedule lives in vector registers and on the stack */    \
        if (nblocks == 0)                                                         \
            return;                                                               \
        hb_sha512_state_in(s, state);                                             \
        run(s, k, blocks, nblocks);                                               \
        hb_sha512_state_out(state, s);                                            \
    }
/* the Zen 5 form */
#define HB_SHA512_STREAM_COMPRESS(name) HB_SHA512_STREAM_COMPRESS_WITH(name, sha512_stream_run)
#ifdef HB_SHA512_DEFERRED_FORM
/* OpenSSL's form, every block count through the loop */
#define HB_SHA512_STREAM_COMPRESS_DEFERRED(name)                                  \
    HB_SHA512_STREAM_COMPRESS_WITH(name, sha512_stream_loop_deferred)
#endif

#ifdef HB_SHA512_CHAIN4_FORM
/* the four-cycle chain, every block count through the loop */
#define HB_SHA512_STREAM_COMPRESS_CHAIN4(name)                                    \
    HB_SHA512_STREAM_COMPRESS_WITH(name, sha512_stream_loop_chain4)
#endif

#endif /* HB_SHA512_STREAM_X86_H */
