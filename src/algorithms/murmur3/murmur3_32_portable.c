/* MurmurHash3_x86_32, written straight from the reference algorithm
 * (SMHasher, MurmurHash3.cpp): every byte goes through the 4-byte block
 * buffer; each block is mixed into h1, the 1..3 tail bytes are mixed at the
 * end, then the length and the fmix32 finaliser. */
#include "hashbench/murmur3.h"

#define MM3_C1 ((uint32_t)0xCC9E2D51UL)
#define MM3_C2 ((uint32_t)0x1B873593UL)

/* k1 *= c1; k1 = ROTL32(k1, 15); k1 *= c2 */
static uint32_t mm3_mix_k1(uint32_t k1)
{
    k1 = k1 * MM3_C1;
    k1 = HB_ROTL32(k1, 15);
    k1 = k1 * MM3_C2;
    return k1;
}

static uint32_t mm3_fmix32(uint32_t h)
{
    h = h ^ (h >> 16);
    h = h * (uint32_t)0x85EBCA6BUL;
    h = h ^ (h >> 13);
    h = h * (uint32_t)0xC2B2AE35UL;
    h = h ^ (h >> 16);
    return h;
}

void hb_murmur3_32_update_portable(hb_murmur3_32_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t h1;

    c->total += (uint32_t)len;          /* the reference takes len mod 2^32 */
    while (len > 0) {
        c->buf[c->used] = *data;
        c->used++;
        data++;
        len--;
        if (c->used == 4) {
            h1 = c->h;
            h1 = h1 ^ mm3_mix_k1(HB_LOAD32_LE(c->buf));
            h1 = HB_ROTL32(h1, 13);
            h1 = h1 * 5u + (uint32_t)0xE6546B64UL;
            c->h = h1;
            c->used = 0;
        }
    }
}

void hb_murmur3_32_final_portable(hb_murmur3_32_ctx *c, uint8_t *digest)
{
    uint32_t h1 = c->h, k1 = 0;

    /* tail: the 1..3 leftover bytes, little-endian */
    switch (c->used) {
    case 3:
        k1 ^= (uint32_t)c->buf[2] << 16;
        /* fall through */
    case 2:
        k1 ^= (uint32_t)c->buf[1] << 8;
        /* fall through */
    case 1:
        k1 ^= (uint32_t)c->buf[0];
        h1 ^= mm3_mix_k1(k1);
        break;
    default:
        break;
    }
    /* finalisation */
    h1 ^= c->total;
    h1 = mm3_fmix32(h1);
    HB_STORE32_BE(digest, h1);
}

void hb_murmur3_32_seeded_portable(uint32_t seed, const uint8_t *data, size_t len,
                                   uint8_t *digest)
{
    hb_murmur3_32_ctx c;

    hb_murmur3_32_init_seed(&c, seed);
    hb_murmur3_32_update_portable(&c, data, len);
    hb_murmur3_32_final_portable(&c, digest);
}
