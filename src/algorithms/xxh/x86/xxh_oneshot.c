/* XXH32 and XXH64 one-shot functions (hb_oneshot) for the `fast` C
 * implementations, host only (built at the baseline on x86-64; the
 * consoles keep the streaming code alone).
 *
 * The streaming form keeps its four accumulators in the context between
 * update and final, and final reads the tail from the context's buffer;
 * for a short message those stores and reloads, and the calls, cost as
 * much as the rounds (at 64 bytes XXH32 is four rounds of a 5-cycle
 * chain).  Here the accumulators stay in registers and the tail is read
 * from the input.  The steps are the xxHash specification's
 * (doc/xxhash_spec.md), seed 0; the lanes of XXH32 are made to differ as
 * in xxh32_fast.c, which keeps GCC from vectorising them badly. */
#include <string.h>
#include "hashbench.h"

#define P32_1 0x9E3779B1u
#define P32_2 0x85EBCA77u
#define P32_3 0xC2B2AE3Du
#define P32_4 0x27D4EB2Fu
#define P32_5 0x165667B1u
#define P32_2_NEG 0x7A143589u       /* 2^32 - P32_2 */

#define P64_1 0x9E3779B185EBCA87ull
#define P64_2 0xC2B2AE3D27D4EB4Full
#define P64_3 0x165667B19E3779F9ull
#define P64_4 0x85EBCA77C2B2AE63ull
#define P64_5 0x27D4EB2F165667C5ull

/* little-endian loads (x86-64 is little-endian; memcpy compiles to one mov) */
static inline uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

static inline uint64_t rd64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static inline uint32_t rotl32(uint32_t x, unsigned r) { return (x << r) | (x >> (32 - r)); }
static inline uint64_t rotl64(uint64_t x, unsigned r) { return (x << r) | (x >> (64 - r)); }

static void xxh32_oneshot(const uint8_t *p, size_t len, uint8_t *digest)
{
    const uint8_t *end = p + len;
    uint32_t acc;
    if (len >= 16) {
        uint32_t v0 = P32_1 + P32_2, v1 = P32_2, v2 = 0, v3 = 0u - P32_1;
        const uint8_t *limit = end - 16;
        do {
            v0 = rotl32(v0 + rd32(p) * P32_2, 13) * P32_1;
            v1 = rotl32(v1 - rd32(p + 4) * P32_2_NEG, 13) * P32_1;
            v2 = rotl32(v2 + rd32(p + 8) * P32_2, 13) * P32_1;
            v3 = rotl32(v3 - rd32(p + 12) * P32_2_NEG, 13) * P32_1;
            p += 16;
        } while (p <= limit);
        acc = rotl32(v0, 1) + rotl32(v1, 7) + rotl32(v2, 12) + rotl32(v3, 18);
    } else {
        acc = P32_5;
    }
    acc += (uint32_t)len;
    for (; end - p >= 4; p += 4)
        acc = rotl32(acc + rd32(p) * P32_3, 17) * P32_4;
    for (; p < end; p++)
        acc = rotl32(acc + *p * P32_5, 11) * P32_1;
    acc ^= acc >> 15;
    acc *= P32_2;
    acc ^= acc >> 13;
    acc *= P32_3;
    acc ^= acc >> 16;
    HB_STORE32_BE(digest, acc);
}

static inline uint64_t round64(uint64_t acc, uint64_t lane)
{
    return rotl64(acc + lane * P64_2, 31) * P64_1;
}

static void xxh64_oneshot(const uint8_t *p, size_t len, uint8_t *digest)
{
    const uint8_t *end = p + len;
    uint64_t acc;
    unsigned i;
    if (len >= 32) {
        uint64_t v0 = P64_1 + P64_2, v1 = P64_2, v2 = 0, v3 = 0 - P64_1;
        const uint8_t *limit = end - 32;
        do {
            v0 = round64(v0, rd64(p));
            v1 = round64(v1, rd64(p + 8));
            v2 = round64(v2, rd64(p + 16));
            v3 = round64(v3, rd64(p + 24));
            p += 32;
        } while (p <= limit);
        acc = rotl64(v0, 1) + rotl64(v1, 7) + rotl64(v2, 12) + rotl64(v3, 18);
        acc = (acc ^ round64(0, v0)) * P64_1 + P64_4;
        acc = (acc ^ round64(0, v1)) * P64_1 + P64_4;
        acc = (acc ^ round64(0, v2)) * P64_1 + P64_4;
        acc = (acc ^ round64(0, v3)) * P64_1 + P64_4;
    } else {
        acc = P64_5;
    }
    acc += (uint64_t)len;
    for (; end - p >= 8; p += 8)
        acc = rotl64(acc ^ round64(0, rd64(p)), 27) * P64_1 + P64_4;
    if (end - p >= 4) {
        acc = rotl64(acc ^ (uint64_t)rd32(p) * P64_1, 23) * P64_2 + P64_3;
        p += 4;
    }
    for (; p < end; p++)
        acc = rotl64(acc ^ *p * P64_5, 11) * P64_1;
    acc ^= acc >> 33;
    acc *= P64_2;
    acc ^= acc >> 29;
    acc *= P64_3;
    acc ^= acc >> 32;
    for (i = 0; i < 8; i++)
        digest[i] = (uint8_t)(acc >> (56 - 8 * i));
}

extern const hb_impl hb_impl_xxh32_fast, hb_impl_xxh64_fast;   /* xxh_register.c */

const hb_oneshot hb_x86_xxh_oneshots[] = {
    { &hb_impl_xxh32_fast, xxh32_oneshot },
    { &hb_impl_xxh64_fast, xxh64_oneshot },
    { 0, 0 }
};
