/* SipHash-2-4 one-shot function (hb_oneshot) for the `fast` C
 * implementation, host only (built at the baseline on x86-64).
 *
 * The streaming form (siphash_fast.c) keeps v0..v3 in the context and
 * gathers a partial word in its buffer; at 64 bytes that memory traffic and
 * the calls are a fifth of the work.  Here the four words stay in
 * registers, the key (the roster's, 00 01 .. 0f) is folded into the
 * starting constants at compile time, and the last 0..7 bytes are read
 * from the input.  The steps are Aumasson and Bernstein's (SipHash: a fast
 * short-input PRF, 2012): c = 2 rounds per word, d = 4 at the end; the
 * digest is the 64-bit result little-endian, as the streaming form writes
 * it. */
#include <string.h>
#include "hashbench.h"

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

static void siphash_2_4_oneshot(const uint8_t *p, size_t len, uint8_t *digest)
{
    uint64_t v0 = K0 ^ 0x736F6D6570736575ull, v1 = K1 ^ 0x646F72616E646F6Dull;
    uint64_t v2 = K0 ^ 0x6C7967656E657261ull, v3 = K1 ^ 0x7465646279746573ull;
    uint64_t m, last = (uint64_t)len << 56;
    const uint8_t *end = p + (len & ~(size_t)7);
    unsigned i, tail = (unsigned)(len & 7);
    for (; p < end; p += 8) {
        memcpy(&m, p, 8);           /* x86-64 is little-endian */
        v3 ^= m;
        SIPROUND(v0, v1, v2, v3);
        SIPROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    for (i = 0; i < tail; i++)
        last |= (uint64_t)p[i] << (8 * i);
    v3 ^= last;
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    v0 ^= last;
    v2 ^= 0xFF;
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    m = v0 ^ v1 ^ v2 ^ v3;
    for (i = 0; i < 8; i++)
        digest[i] = (uint8_t)(m >> (8 * i));
}

extern const hb_impl hb_impl_siphash_2_4_fast;     /* siphash_register.c */

const hb_oneshot hb_x86_siphash_oneshots[] = {
    { &hb_impl_siphash_2_4_fast, siphash_2_4_oneshot },
    { 0, 0 }
};
