/* MurmurHash3_x86_32, fast portable C: whole 4-byte blocks are read straight
 * from the input with h1 in a local, two blocks per iteration. */
#include "hashbench/murmur3.h"

#define MM3_C1 ((uint32_t)0xCC9E2D51UL)
#define MM3_C2 ((uint32_t)0x1B873593UL)
#define MM3_N ((uint32_t)0xE6546B64UL)

#define MM3_BLOCK(h1, k1)                                                     \
    ((k1) *= MM3_C1, (k1) = HB_ROTL32((k1), 15), (k1) *= MM3_C2, (h1) ^= (k1), \
     (h1) = HB_ROTL32((h1), 13), (h1) = (h1) * 5u + MM3_N)

/* Mixes len / 4 blocks from p into *h; returns the bytes consumed. */
static size_t mm3_blocks(uint32_t *h, const uint8_t *p, size_t len)
{
    uint32_t h1 = *h, k1, k2;
    size_t done = 0;

    while (len - done >= 8) {
        k1 = HB_LOAD32_LE(p);
        k2 = HB_LOAD32_LE(p + 4);
        MM3_BLOCK(h1, k1);
        MM3_BLOCK(h1, k2);
        p += 8;
        done += 8;
    }
    if (len - done >= 4) {
        k1 = HB_LOAD32_LE(p);
        MM3_BLOCK(h1, k1);
        done += 4;
    }
    *h = h1;
    return done;
}

void hb_murmur3_32_update_fast(hb_murmur3_32_ctx *c, const uint8_t *data, size_t len)
{
    size_t take;

    c->total += (uint32_t)len;
    if (c->used > 0) {
        take = 4u - c->used;
        if (take > len)
            take = len;
        len -= take;
        while (take > 0) {
            c->buf[c->used++] = *data++;
            take--;
        }
        if (c->used < 4)
            return;
        mm3_blocks(&c->h, c->buf, 4);
        c->used = 0;
    }
    if (len >= 4) {
        take = mm3_blocks(&c->h, data, len);
        data += take;
        len -= take;
    }
    while (len > 0) {
        c->buf[c->used++] = *data++;
        len--;
    }
}

void hb_murmur3_32_final_fast(hb_murmur3_32_ctx *c, uint8_t *digest)
{
    uint32_t h1 = c->h, k1 = 0;
    unsigned n = c->used;

    if (n > 0) {
        if (n > 2)
            k1 = (uint32_t)c->buf[2] << 16;
        if (n > 1)
            k1 |= (uint32_t)c->buf[1] << 8;
        k1 |= c->buf[0];
        k1 *= MM3_C1;
        k1 = HB_ROTL32(k1, 15);
        k1 *= MM3_C2;
        h1 ^= k1;
    }
    h1 ^= c->total;
    h1 ^= h1 >> 16;
    h1 *= (uint32_t)0x85EBCA6BUL;
    h1 ^= h1 >> 13;
    h1 *= (uint32_t)0xC2B2AE35UL;
    h1 ^= h1 >> 16;
    HB_STORE32_BE(digest, h1);
}

void hb_murmur3_32_seeded_fast(uint32_t seed, const uint8_t *data, size_t len,
                               uint8_t *digest)
{
    hb_murmur3_32_ctx c;

    hb_murmur3_32_init_seed(&c, seed);
    hb_murmur3_32_update_fast(&c, data, len);
    hb_murmur3_32_final_fast(&c, digest);
}
