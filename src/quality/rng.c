/* The battery's key generator (quality.h): xoshiro256** (Blackman and
 * Vigna), its state filled by splitmix64 from the battery seed mixed with
 * an FNV-1a hash of the stream's name, so that every (test, variant) has
 * its own stream and the keys of one test do not depend on which others
 * ran or in which thread. */
#include <string.h>
#include "quality/quality.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t fnv1a64(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++) {
        h ^= (uint8_t)*s;
        h *= 0x100000001b3ull;
    }
    return h;
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void hb_q_rng_init(hb_q_rng *r, uint64_t seed, const char *stream)
{
    /* the seed through one splitmix step first: seeds s and s ^ d do not
     * give streams whose names differ by d */
    uint64_t x = seed;
    x = splitmix64(&x) ^ fnv1a64(stream ? stream : "");
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

uint64_t hb_q_rng_next(hb_q_rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

void hb_q_rng_fill(hb_q_rng *r, uint8_t *buf, size_t len)
{
    while (len > 0) {
        uint64_t v = hb_q_rng_next(r);
        size_t n = len < 8 ? len : 8;
        for (size_t i = 0; i < n; i++)
            buf[i] = (uint8_t)(v >> (8 * i));
        buf += n;
        len -= n;
    }
}
