/* The compact form of sha256_fast.c: the same functions, for the 8-bit
 * consoles (docs/writing-an-algorithm.md, "Compact forms").  The fast code:
 * SHA-256, fast portable C.
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
 * This compact form (for the 8-bit console builds, whose code must
 * fit a 16 KB ROM bank) keeps all of that but unrolls four rounds instead
 * of sixteen, run sixteen times: after four rounds the roles of the working
 * variables have moved by four places (a's value is in e, e's in a, ...),
 * so four swaps put them back, three moves a round instead of eight. */
#include "hashbench/sha2.h"

#define BSIG0(x) (HB_ROTR32(x, 2) ^ HB_ROTR32(x, 13) ^ HB_ROTR32(x, 22))
#define BSIG1(x) (HB_ROTR32(x, 6) ^ HB_ROTR32(x, 11) ^ HB_ROTR32(x, 25))
#define SSIG0(x) (HB_ROTR32(x, 7) ^ HB_ROTR32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (HB_ROTR32(x, 17) ^ HB_ROTR32(x, 19) ^ ((x) >> 10))

/* the ring index of round i of a group of four starting at ring slot o */
#define CWEXP(i)                                                              \
    if (j >= 4)                                                               \
        w[o + (i)] += SSIG1(w[(o + (i) + 14) & 15]) + w[(o + (i) + 9) & 15] + \
                      SSIG0(w[(o + (i) + 1) & 15])
#define CROUND(a, b, c, d, e, f, g, h, i, xn, xo)                             \
    CWEXP(i);                                                                 \
    t1 = h + BSIG1(e) + (g ^ (e & (f ^ g))) + k[i] + w[o + (i)];              \
    xn = a ^ b;                                                               \
    d += t1;                                                                  \
    h = t1 + BSIG0(a) + (b ^ (xn & xo))
#define SWAP(x, y) (t1 = x, x = y, y = t1)

void hb_sha256_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t w[16];
    uint32_t a, b, c, d, e, f, g, h, t1, x0, x1;
    const uint32_t *k;
    const uint8_t *p = blocks;
    unsigned j, o;

    while (nblocks-- > 0) {
        a = state[0]; b = state[1]; c = state[2]; d = state[3];
        e = state[4]; f = state[5]; g = state[6]; h = state[7];
        x0 = b ^ c;

        for (j = 0; j < 16; j++)
            w[j] = HB_LOAD32_BE(p + 4 * j);
        k = hb_sha256_k;
        for (j = 0; j < 16; j++) {
            o = (j & 3) * 4;
            CROUND(a, b, c, d, e, f, g, h, 0, x1, x0);
            CROUND(h, a, b, c, d, e, f, g, 1, x0, x1);
            CROUND(g, h, a, b, c, d, e, f, 2, x1, x0);
            CROUND(f, g, h, a, b, c, d, e, 3, x0, x1);
            SWAP(a, e); SWAP(b, f); SWAP(c, g); SWAP(d, h);
            k += 4;
        }

        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
        p += HB_SHA256_BLOCK;
    }
}
