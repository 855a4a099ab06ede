/* XXH32, fast portable C: whole stripes are read straight from the input
 * (no copy through the buffer) with the four accumulators in locals, and
 * the round is a macro the compiler keeps in registers.
 *
 * Lanes 1 and 3 subtract lane * (-PRIME32_2) instead of adding lane *
 * PRIME32_2 (the same value modulo 2^32): four identical lane computations
 * invite GCC's SLP vectoriser (on by default at -O2 since GCC 12) to put
 * the lanes in one SSE2 register, where the 32-bit multiply by PRIME32_1
 * becomes a long shift-and-add chain; on the test host that ran at 0.6-0.9
 * GB/s against 3.5-5 GB/s for the scalar code (xxHash itself uses an empty
 * asm statement for the same).  No asm here, so the lanes are simply made
 * to differ, and in a way that costs nothing: the product is off the
 * accumulator's dependency chain, which stays add (sub), rotate, multiply,
 * 5 cycles a round.  (An earlier form, (a ^ m) + ((a & m) << 1), put 3
 * cycles of the addition on that chain: 7 a round, 0.7x the speed.) */
#include "hashbench/xxh.h"

#define PRIME32_1 ((uint32_t)0x9E3779B1UL)
#define PRIME32_2 ((uint32_t)0x85EBCA77UL)
#define PRIME32_3 ((uint32_t)0xC2B2AE3DUL)
#define PRIME32_4 ((uint32_t)0x27D4EB2FUL)
#define PRIME32_5 ((uint32_t)0x165667B1UL)

#define XXH32_ROUND(acc, p) \
    ((acc) += HB_LOAD32_LE(p) * PRIME32_2, (acc) = HB_ROTL32((acc), 13), (acc) *= PRIME32_1)
/* the same round, the addition spelt as a subtraction of the negated product */
#define PRIME32_2_NEG ((uint32_t)0x7A143589UL)     /* 2^32 - PRIME32_2 */
#define XXH32_ROUND_ALT(acc, p) \
    ((acc) -= HB_LOAD32_LE(p) * PRIME32_2_NEG, (acc) = HB_ROTL32((acc), 13), (acc) *= PRIME32_1)

/* Consumes len / 16 stripes from p; returns the bytes consumed. */
static size_t xxh32_stripes(uint32_t *v, const uint8_t *p, size_t len)
{
    uint32_t v0 = v[0], v1 = v[1], v2 = v[2], v3 = v[3];
    size_t done = 0;

    while (len - done >= 16) {
        XXH32_ROUND(v0, p);
        XXH32_ROUND_ALT(v1, p + 4);
        XXH32_ROUND(v2, p + 8);
        XXH32_ROUND_ALT(v3, p + 12);
        p += 16;
        done += 16;
    }
    v[0] = v0;
    v[1] = v1;
    v[2] = v2;
    v[3] = v3;
    return done;
}

void hb_xxh32_update_fast(hb_xxh32_ctx *c, const uint8_t *data, size_t len)
{
    size_t take;

    c->total += (uint32_t)len;
    if (c->used > 0) {
        take = 16u - c->used;
        if (take > len)
            take = len;
        len -= take;
        while (take > 0) {
            c->buf[c->used++] = *data++;
            take--;
        }
        if (c->used < 16)
            return;
        xxh32_stripes(c->v, c->buf, 16);
        c->used = 0;
        c->large = 1;
    }
    if (len >= 16) {
        take = xxh32_stripes(c->v, data, len);
        data += take;
        len -= take;
        c->large = 1;
    }
    while (len > 0) {
        c->buf[c->used++] = *data++;
        len--;
    }
}

void hb_xxh32_final_fast(hb_xxh32_ctx *c, uint8_t *digest)
{
    uint32_t acc;
    const uint8_t *p = c->buf;
    unsigned n = c->used;

    if (c->large)
        acc = HB_ROTL32(c->v[0], 1) + HB_ROTL32(c->v[1], 7) +
              HB_ROTL32(c->v[2], 12) + HB_ROTL32(c->v[3], 18);
    else
        acc = c->seed + PRIME32_5;
    acc += c->total;
    while (n >= 4) {
        acc += HB_LOAD32_LE(p) * PRIME32_3;
        acc = HB_ROTL32(acc, 17) * PRIME32_4;
        p += 4;
        n -= 4;
    }
    while (n > 0) {
        acc += (uint32_t)*p * PRIME32_5;
        acc = HB_ROTL32(acc, 11) * PRIME32_1;
        p++;
        n--;
    }
    acc ^= acc >> 15;
    acc *= PRIME32_2;
    acc ^= acc >> 13;
    acc *= PRIME32_3;
    acc ^= acc >> 16;
    HB_STORE32_BE(digest, acc);
}
