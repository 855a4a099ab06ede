/* SHA-256, fast portable C.
 *
 *   - rounds unrolled sixteen at a time (one body, run four times: the
 *     ring index of every round is a constant, and the code stays small
 *     enough for the 8-bit targets), the working variables renamed instead
 *     of shifted (no h = g; g = f; ... moves);
 *   - the message schedule kept in a 16-word ring on the stack, each word
 *     computed just before the round that uses it (no 64-word array);
 *   - Ch(e, f, g) = g ^ (e & (f ^ g)) and Maj(a, b, c) = b ^ ((a ^ b) &
 *     (b ^ c)), where a ^ b is the next round's b ^ c, so Maj costs three
 *     operations instead of five.
 *
 * The 8-bit consoles build sha256_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms");
 * what the two forms share is in sha256_fast_shared.c. */
#include "hashbench/sha2.h"

#define BSIG0(x) (HB_ROTR32(x, 2) ^ HB_ROTR32(x, 13) ^ HB_ROTR32(x, 22))
#define BSIG1(x) (HB_ROTR32(x, 6) ^ HB_ROTR32(x, 11) ^ HB_ROTR32(x, 25))
#define SSIG0(x) (HB_ROTR32(x, 7) ^ HB_ROTR32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (HB_ROTR32(x, 17) ^ HB_ROTR32(x, 19) ^ ((x) >> 10))

/* schedule word i of the current group of sixteen: the first group uses the
 * words as loaded, the later ones expand the ring in place first
 * (W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16]) */
#define WEXP(i)                                                               \
    if (j != 0)                                                               \
        w[i] += SSIG1(w[((i) + 14) & 15]) + w[((i) + 9) & 15] +               \
                SSIG0(w[((i) + 1) & 15])

/* one round; xn receives a ^ b, xo holds b ^ c */
#define ROUND(a, b, c, d, e, f, g, h, i, xn, xo)                              \
    WEXP(i);                                                                  \
    t1 = h + BSIG1(e) + (g ^ (e & (f ^ g))) + k[i] + w[i];                    \
    xn = a ^ b;                                                               \
    d += t1;                                                                  \
    h = t1 + BSIG0(a) + (b ^ (xn & xo))

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

void hb_sha256_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t w[16];
    uint32_t a, b, c, d, e, f, g, h, t1, x0, x1;
    const uint32_t *k;
    const uint8_t *p = blocks;
    unsigned j;

    while (nblocks-- > 0) {
        a = state[0]; b = state[1]; c = state[2]; d = state[3];
        e = state[4]; f = state[5]; g = state[6]; h = state[7];
        x0 = b ^ c;

        for (j = 0; j < 16; j++)
            w[j] = HB_LOAD32_BE(p + 4 * j);
        k = hb_sha256_k;
        for (j = 0; j < 4; j++) {
            ROUNDS16;
            k += 16;
        }

        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
        p += HB_SHA256_BLOCK;
    }
}
