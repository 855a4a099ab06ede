/* SHA-1, fast portable C: the 80 rounds fully unrolled with the working
 * variables renamed instead of moved, the message schedule computed as the
 * rounds need it in a 16-word circular buffer (W[t & 15]) instead of an
 * 80-word array, and the round functions in their cheapest forms:
 *   Ch(b,c,d)  = (b & c) ^ (~b & d)           ->  d ^ (b & (c ^ d))
 *   Maj(b,c,d) = (b & c) ^ (b & d) ^ (c & d)  ->  (b & c) | (d & (b ^ c))
 * Same FIPS 180-4 algorithm as sha1_portable.c.
 *
 * The 8-bit consoles build sha1_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms");
 * what the two forms share is in sha1_fast_shared.c. */
#include "hashbench/sha1.h"

/* W[t] for t >= 16, in place of W[t - 16] */
#define SHA1_W(t)                                                            \
    (w[(t) & 15] = w[((t) + 13) & 15] ^ w[((t) + 8) & 15] ^ w[((t) + 2) & 15] ^ \
                   w[(t) & 15],                                               \
     w[(t) & 15] = HB_ROTL32(w[(t) & 15], 1))

#define SHA1_CH(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define SHA1_PAR(b, c, d) ((b) ^ (c) ^ (d))
#define SHA1_MAJ(b, c, d) (((b) & (c)) | ((d) & ((b) ^ (c))))

#define SHA1_R0(a, b, c, d, e, t)                                            \
    do {                                                                     \
        w[t] = HB_LOAD32_BE(blocks + 4 * (t));                               \
        (e) += HB_ROTL32((a), 5) + SHA1_CH((b), (c), (d)) + 0x5A827999UL + w[t]; \
        (b) = HB_ROTL32((b), 30);                                            \
    } while (0)
#define SHA1_R1(a, b, c, d, e, t)                                            \
    do {                                                                     \
        SHA1_W(t);                                                           \
        (e) += HB_ROTL32((a), 5) + SHA1_CH((b), (c), (d)) + 0x5A827999UL + w[(t) & 15]; \
        (b) = HB_ROTL32((b), 30);                                            \
    } while (0)
#define SHA1_R2(a, b, c, d, e, t)                                            \
    do {                                                                     \
        SHA1_W(t);                                                           \
        (e) += HB_ROTL32((a), 5) + SHA1_PAR((b), (c), (d)) + 0x6ED9EBA1UL + w[(t) & 15]; \
        (b) = HB_ROTL32((b), 30);                                            \
    } while (0)
#define SHA1_R3(a, b, c, d, e, t)                                            \
    do {                                                                     \
        SHA1_W(t);                                                           \
        (e) += HB_ROTL32((a), 5) + SHA1_MAJ((b), (c), (d)) + 0x8F1BBCDCUL + w[(t) & 15]; \
        (b) = HB_ROTL32((b), 30);                                            \
    } while (0)
#define SHA1_R4(a, b, c, d, e, t)                                            \
    do {                                                                     \
        SHA1_W(t);                                                           \
        (e) += HB_ROTL32((a), 5) + SHA1_PAR((b), (c), (d)) + 0xCA62C1D6UL + w[(t) & 15]; \
        (b) = HB_ROTL32((b), 30);                                            \
    } while (0)

void hb_sha1_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t w[16];
    uint32_t a, b, c, d, e;

    while (nblocks > 0) {
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];
        e = state[4];

        SHA1_R0(a, b, c, d, e,  0);
        SHA1_R0(e, a, b, c, d,  1);
        SHA1_R0(d, e, a, b, c,  2);
        SHA1_R0(c, d, e, a, b,  3);
        SHA1_R0(b, c, d, e, a,  4);
        SHA1_R0(a, b, c, d, e,  5);
        SHA1_R0(e, a, b, c, d,  6);
        SHA1_R0(d, e, a, b, c,  7);
        SHA1_R0(c, d, e, a, b,  8);
        SHA1_R0(b, c, d, e, a,  9);
        SHA1_R0(a, b, c, d, e, 10);
        SHA1_R0(e, a, b, c, d, 11);
        SHA1_R0(d, e, a, b, c, 12);
        SHA1_R0(c, d, e, a, b, 13);
        SHA1_R0(b, c, d, e, a, 14);
        SHA1_R0(a, b, c, d, e, 15);

        SHA1_R1(e, a, b, c, d, 16);
        SHA1_R1(d, e, a, b, c, 17);
        SHA1_R1(c, d, e, a, b, 18);
        SHA1_R1(b, c, d, e, a, 19);

        SHA1_R2(a, b, c, d, e, 20);
        SHA1_R2(e, a, b, c, d, 21);
        SHA1_R2(d, e, a, b, c, 22);
        SHA1_R2(c, d, e, a, b, 23);
        SHA1_R2(b, c, d, e, a, 24);
        SHA1_R2(a, b, c, d, e, 25);
        SHA1_R2(e, a, b, c, d, 26);
        SHA1_R2(d, e, a, b, c, 27);
        SHA1_R2(c, d, e, a, b, 28);
        SHA1_R2(b, c, d, e, a, 29);
        SHA1_R2(a, b, c, d, e, 30);
        SHA1_R2(e, a, b, c, d, 31);
        SHA1_R2(d, e, a, b, c, 32);
        SHA1_R2(c, d, e, a, b, 33);
        SHA1_R2(b, c, d, e, a, 34);
        SHA1_R2(a, b, c, d, e, 35);
        SHA1_R2(e, a, b, c, d, 36);
        SHA1_R2(d, e, a, b, c, 37);
        SHA1_R2(c, d, e, a, b, 38);
        SHA1_R2(b, c, d, e, a, 39);

        SHA1_R3(a, b, c, d, e, 40);
        SHA1_R3(e, a, b, c, d, 41);
        SHA1_R3(d, e, a, b, c, 42);
        SHA1_R3(c, d, e, a, b, 43);
        SHA1_R3(b, c, d, e, a, 44);
        SHA1_R3(a, b, c, d, e, 45);
        SHA1_R3(e, a, b, c, d, 46);
        SHA1_R3(d, e, a, b, c, 47);
        SHA1_R3(c, d, e, a, b, 48);
        SHA1_R3(b, c, d, e, a, 49);
        SHA1_R3(a, b, c, d, e, 50);
        SHA1_R3(e, a, b, c, d, 51);
        SHA1_R3(d, e, a, b, c, 52);
        SHA1_R3(c, d, e, a, b, 53);
        SHA1_R3(b, c, d, e, a, 54);
        SHA1_R3(a, b, c, d, e, 55);
        SHA1_R3(e, a, b, c, d, 56);
        SHA1_R3(d, e, a, b, c, 57);
        SHA1_R3(c, d, e, a, b, 58);
        SHA1_R3(b, c, d, e, a, 59);

        SHA1_R4(a, b, c, d, e, 60);
        SHA1_R4(e, a, b, c, d, 61);
        SHA1_R4(d, e, a, b, c, 62);
        SHA1_R4(c, d, e, a, b, 63);
        SHA1_R4(b, c, d, e, a, 64);
        SHA1_R4(a, b, c, d, e, 65);
        SHA1_R4(e, a, b, c, d, 66);
        SHA1_R4(d, e, a, b, c, 67);
        SHA1_R4(c, d, e, a, b, 68);
        SHA1_R4(b, c, d, e, a, 69);
        SHA1_R4(a, b, c, d, e, 70);
        SHA1_R4(e, a, b, c, d, 71);
        SHA1_R4(d, e, a, b, c, 72);
        SHA1_R4(c, d, e, a, b, 73);
        SHA1_R4(b, c, d, e, a, 74);
        SHA1_R4(a, b, c, d, e, 75);
        SHA1_R4(e, a, b, c, d, 76);
        SHA1_R4(d, e, a, b, c, 77);
        SHA1_R4(c, d, e, a, b, 78);
        SHA1_R4(b, c, d, e, a, 79);
        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        blocks += HB_MD_BLOCK;
        nblocks--;
    }
}
