/* SHA-512 and SHA-384, fast portable C.
 *
 *   - rounds unrolled sixteen at a time (one body, run five times: the ring
 *     index of every round is a constant, and the code stays small enough
 *     for the 8-bit targets), the working variables renamed instead of
 *     shifted;
 *   - the message schedule in a 16-word ring (128 bytes on the stack; the
 *     context's 80-word scratch is not needed), each word expanded just
 *     before the round that uses it;
 *   - Ch(e, f, g) = g ^ (e & (f ^ g)) and Maj(a, b, c) = b ^ ((a ^ b) &
 *     (b ^ c)), a ^ b being the next round's b ^ c.
 * Every 64-bit operation goes through hashbench/u64.h with lvalue operands,
 * so the same source builds with -DHB_U64_PAIR.
 *
 * The 8-bit consoles build sha512_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms");
 * what the two forms share is in sha512_fast_shared.c. */
#include "hashbench/sha2.h"
#include "sha512_fast_shared.h"

/* schedule word i of the current group of sixteen: the first group uses the
 * words as loaded, the later ones expand the ring in place first */
#define WEXP(i)                                                               \
    if (j != 0) {                                                             \
        SMALLSIG(t2, w[((i) + 14) & 15], 19, 61, 6);                          \
        HB_U64_ADD(w[i], w[i], t2);                                           \
        HB_U64_ADD(w[i], w[i], w[((i) + 9) & 15]);                            \
        SMALLSIG(t2, w[((i) + 1) & 15], 1, 8, 7);                             \
        HB_U64_ADD(w[i], w[i], t2);                                           \
    }

/* one round; xn receives a ^ b, xo holds b ^ c */
#define ROUND(a, b, c, d, e, f, g, h, i, xn, xo)                              \
    WEXP(i);                                                                  \
    BIGSIG(t1, e, 14, 18, 41);                                                \
    HB_U64_ADD(t1, t1, h);                                                    \
    HB_U64_XOR(t2, f, g);                                                     \
    HB_U64_AND(t2, t2, e);                                                    \
    HB_U64_XOR(t2, t2, g);                                                    \
    HB_U64_ADD(t1, t1, t2);                                                   \
    HB_U64_ADD(t1, t1, k[i]);                                                 \
    HB_U64_ADD(t1, t1, w[i]);                                                 \
    HB_U64_ADD(d, d, t1);                                                     \
    HB_U64_XOR(xn, a, b);                                                     \
    HB_U64_AND(t2, xn, xo);                                                   \
    HB_U64_XOR(t2, t2, b);                                                    \
    HB_U64_ADD(h, t1, t2);                                                    \
    BIGSIG(t2, a, 28, 34, 39);                                                \
    HB_U64_ADD(h, h, t2)

#define ROUNDS16                                                              \
    ROUND(a, b, c, d, e, f, g, h, 0, x1, x0);                                 \
    ROUND(h, a, b, c, d, e, f, g, 1, x0, x1);                                 \
    ROUND(g, h, a, b, c, d, e, f, 2, x1, x0);                                 \
    ROUND(f, g, h, a, b, c, d, e, 3, x0, x1);                                 \
    ROUND(e, f, g, h, a, b, c, d, 4, x1, x0);                                 \
    ROUND(d, e, f, g, h, a, b, c, 5, x0, x1);                                 \
    ROUND(c, d, e, f, g, h, a, b, 6, x1, x0);                                 \
    ROUND(b, c, d, e, f, g, h, a, 7, x0, x1);                                 \
    ROUND(a, b, c, d, e, f, g, h, 8, x1, x0);                                 \
    ROUND(h, a, b, c, d, e, f, g, 9, x0, x1);                                 \
    ROUND(g, h, a, b, c, d, e, f, 10, x1, x0);                                \
    ROUND(f, g, h, a, b, c, d, e, 11, x0, x1);                                \
    ROUND(e, f, g, h, a, b, c, d, 12, x1, x0);                                \
    ROUND(d, e, f, g, h, a, b, c, 13, x0, x1);                                \
    ROUND(c, d, e, f, g, h, a, b, 14, x1, x0);                                \
    ROUND(b, c, d, e, f, g, h, a, 15, x0, x1)

void hb_sha512_compress_fast(hb_u64 *state, hb_u64 *scratch, const uint8_t *blocks,
                             size_t nblocks)
{
    hb_u64 w[16];
    hb_u64 a, b, c, d, e, f, g, h, t1, t2, tmp, x0, x1;
    const hb_u64 *k;
    const uint8_t *p = blocks;
    unsigned j;

    (void)scratch;
    while (nblocks-- > 0) {
        a = state[0]; b = state[1]; c = state[2]; d = state[3];
        e = state[4]; f = state[5]; g = state[6]; h = state[7];
        HB_U64_XOR(x0, b, c);

        for (j = 0; j < 16; j++)
            HB_U64_LOAD_BE(w[j], p + 8 * j);
        k = hb_sha512_k;
        for (j = 0; j < 5; j++) {
            ROUNDS16;
            k += 16;
        }

        HB_U64_ADD(state[0], state[0], a);
        HB_U64_ADD(state[1], state[1], b);
        HB_U64_ADD(state[2], state[2], c);
        HB_U64_ADD(state[3], state[3], d);
        HB_U64_ADD(state[4], state[4], e);
        HB_U64_ADD(state[5], state[5], f);
        HB_U64_ADD(state[6], state[6], g);
        HB_U64_ADD(state[7], state[7], h);
        p += HB_SHA512_BLOCK;
    }
}
