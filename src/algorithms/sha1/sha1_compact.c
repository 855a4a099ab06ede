/* The compact form of sha1_fast.c: the same functions, for the 8-bit
 * consoles (docs/writing-an-algorithm.md, "Compact forms").  The fast code:
 * SHA-1, fast portable C: the 80 rounds fully unrolled with the working
 * variables renamed instead of moved, the message schedule computed as the
 * rounds need it in a 16-word circular buffer (W[t & 15]) instead of an
 * 80-word array, and the round functions in their cheapest forms:
 *   Ch(b,c,d)  = (b & c) ^ (~b & d)           ->  d ^ (b & (c ^ d))
 *   Maj(b,c,d) = (b & c) ^ (b & d) ^ (c & d)  ->  (b & c) | (d & (b ^ c))
 * Same FIPS 180-4 algorithm as sha1_portable.c.
 *
 * This compact form (for the 8-bit consoles' builds, whose code
 * must fit a 16 KB ROM bank) keeps the renaming and the round functions
 * but unrolls five rounds (the renaming's period) a stage, run four times,
 * one parity body serving both parity stages, and builds the 80-word
 * schedule before the rounds, as the portable code does.  (Its first form
 * kept the ring, updated inside the five-round body under a t >= 16 test:
 * SDCC 4.2's SM83 code for that gave wrong digests, and loading the ring
 * word into a temporary first, which SDCC got right, ran 23% slower than
 * the portable code on the Game Boy.) */
#include "hashbench/sha1.h"

#define SHA1_CH(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define SHA1_PAR(b, c, d) ((b) ^ (c) ^ (d))
#define SHA1_MAJ(b, c, d) (((b) & (c)) | ((d) & ((b) ^ (c))))

/* one round of a five-round body; t counts the rounds, whose words the
 * schedule holds in full */
#define SHA1_C(f, k, a, b, c, d, e)                                          \
    do {                                                                     \
        (e) += HB_ROTL32((a), 5) + SHA1_##f((b), (c), (d)) + (k) + w[t];     \
        (b) = HB_ROTL32((b), 30);                                            \
        t++;                                                                 \
    } while (0)
#define SHA1_C5(f, k)                                                        \
    for (j = 0; j < 4; j++) {                                                \
        SHA1_C(f, k, a, b, c, d, e);                                         \
        SHA1_C(f, k, e, a, b, c, d);                                         \
        SHA1_C(f, k, d, e, a, b, c);                                         \
        SHA1_C(f, k, c, d, e, a, b);                                         \
        SHA1_C(f, k, b, c, d, e, a);                                         \
    }

void hb_sha1_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t w[80];
    uint32_t a, b, c, d, e, kp, x;
    unsigned t, j, s;

    while (nblocks > 0) {
        for (t = 0; t < 16; t++)
            w[t] = HB_LOAD32_BE(blocks + 4 * t);
        for (t = 16; t < 80; t++) {
            x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16];
            w[t] = HB_ROTL32(x, 1);
        }
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];
        e = state[4];

        t = 0;
        SHA1_C5(CH, 0x5A827999UL)
        /* rounds 20-39 and 60-79 share the parity body, 40-59 between */
        for (s = 0; s < 2; s++) {
            kp = s == 0 ? 0x6ED9EBA1UL : 0xCA62C1D6UL;
            SHA1_C5(PAR, kp)
            if (s == 0)
                SHA1_C5(MAJ, 0x8F1BBCDCUL)
        }

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        blocks += HB_MD_BLOCK;
        nblocks--;
    }
}
