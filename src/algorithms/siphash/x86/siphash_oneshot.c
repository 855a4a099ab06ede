/* SipHash-2-4 one-shot function (src/impl_rows.h) for the `fast` C
 * implementation, host only (built at the baseline on x86-64).
 *
 * The streaming form (siphash_fast.c) keeps v0..v3 in the context and
 * gathers a partial word in its buffer; at 64 bytes that memory traffic and
 * the calls are a fifth of the work.  Here the four words stay in
 * registers, the key (the roster's, 00 01 .. 0f) is folded into the
 * starting constants at compile time, the last 0..7 bytes come from one
 * load (tail_word), the digest is one 8-byte store, and the last round
 * leaves out what the digest does not need.  The steps are Aumasson and
 * Bernstein's (SipHash: a fast short-input PRF, 2012): c = 2 rounds per
 * word, d = 4 at the end; the digest is the 64-bit result little-endian,
 * as the streaming form writes it.
 *
 * Why this is as fast as scalar SipHash gets (docs/impl-siphash.md): a
 * SipRound's longest chain is 4 one-cycle steps (v3 -> v2 += v3 -> v3 ^= v2
 * -> v0 += v3 -> v3 ^= v0, the rotations off it), and the word's v3 ^= m
 * adds a fifth to the same chain once per word, each XOR on it having both
 * inputs arrive together: 9 cycles per 8 bytes, 1.125 cycles per byte.
 * A 3-input XOR (vpternlogq) would hide the fifth step, but on this CPU
 * every vector integer step takes 2 cycles, so the vector form is slower. */
#include <string.h>
#include "hashbench.h"
#include "algorithms/common/empty_msg.h"

/* the roster key as two little-endian words */
#define K0 0x0706050403020100ull
#define K1 0x0F0E0D0C0B0A0908ull

static inline uint64_t rotl(uint64_t x, unsigned r) { return (x << r) | (x >> (64 - r)); }

#define SIPROUND(v0, v1, v2, v3)                                                   \
    do {                                                                           \
        v0 += v1; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32);                  \
        v2 += v3; v3 = rotl(v3, 16); v3 ^= v2;                                     \
        v0 += v3; v3 = rotl(v3, 21); v3 ^= v0;                                     \
        v2 += v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32);                  \
    } while (0)

static inline uint64_t load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);               /* x86-64 is little-endian */
    return v;
}

static inline uint64_t load32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* The last n = len & 7 bytes (end - n .. end - 1) as a little-endian word,
 * without a byte loop: one load ending at the end when the message has 8
 * bytes or more (the bytes before the tail are shifted out), two
 * overlapping 4-byte loads for 4..7, first / middle / last byte for 1..3
 * (overlaps OR in the same byte at the same place). */
static inline uint64_t tail_word(const uint8_t *end, unsigned n, size_t len)
{
    const uint8_t *t = end - n;
    if (n == 0)
        return 0;
    if (len >= 8)
        return load64(end - 8) >> (64 - 8 * n);
    if (n >= 4)
        return load32(t) | load32(end - 4) << (8 * (n - 4));
    return (uint64_t)t[0] | (uint64_t)t[n >> 1] << (8 * (n >> 1)) | (uint64_t)t[n - 1] << (8 * (n - 1));
}

void hb_siphash_2_4_oneshot_x64(const uint8_t *p, size_t len, uint8_t *digest)
{
    uint64_t v0 = K0 ^ 0x736F6D6570736575ull, v1 = K1 ^ 0x646F72616E646F6Dull;
    uint64_t v2 = K0 ^ 0x6C7967656E657261ull, v3 = K1 ^ 0x7465646279746573ull;
    uint64_t m;
    const uint8_t *end;

    p = hb_msg_or_empty(p, len);
    end = p + (len & ~(size_t)7);
    /* two words per pass: one loop branch and pointer step fewer per word
     * (the chain is the same; fewer instructions in flight let the next
     * call start sooner) */
    for (; end - p >= 16; p += 16) {
        m = load64(p);
        v3 ^= m;
        SIPROUND(v0, v1, v2, v3);
        SIPROUND(v0, v1, v2, v3);
        v0 ^= m;
        m = load64(p + 8);
        v3 ^= m;
        SIPROUND(v0, v1, v2, v3);
        SIPROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    for (; p < end; p += 8) {
        m = load64(p);
        v3 ^= m;
        SIPROUND(v0, v1, v2, v3);
        SIPROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    m = (uint64_t)len << 56 | tail_word(end + (len & 7), (unsigned)(len & 7), len);
    v3 ^= m;
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    v0 ^= m;
    v2 ^= 0xFF;
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    /* The fourth round, reduced to what the digest v0 ^ v1 ^ v2 ^ v3
     * needs: the round's last v3 is rotl(v3, 21) ^ v0, so v0 cancels out
     * and its rotation and second addition are never made (two steps fewer,
     * one off the end of the chain). */
    v0 += v1; v1 = rotl(v1, 13); v1 ^= v0;
    v2 += v3; v3 = rotl(v3, 16); v3 ^= v2;
    v2 += v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32);
    m = (rotl(v3, 21) ^ v1) ^ v2;
    memcpy(digest, &m, 8);          /* little-endian, as the streaming form writes it */
}
