/* MurmurHash3_x64_128, written straight from the reference algorithm
 * (SMHasher, MurmurHash3.cpp): every byte goes through the 16-byte block
 * buffer; each block is two 64-bit little-endian words k1, k2 mixed into h1
 * and h2; the tail, the length and fmix64 finish.  All 64-bit arithmetic
 * goes through hashbench/u64.h. */
#include "hashbench/murmur3.h"

static const hb_u64 MM3_C1 = HB_U64_INIT(0x87C37B91UL, 0x114253D5UL);
static const hb_u64 MM3_C2 = HB_U64_INIT(0x4CF5AD43UL, 0x2745937FUL);
static const hb_u64 MM3_FIVE = HB_U64_INIT(0, 5);
static const hb_u64 MM3_N1 = HB_U64_INIT(0, 0x52DCE729UL);
static const hb_u64 MM3_N2 = HB_U64_INIT(0, 0x38495AB5UL);
static const hb_u64 MM3_F1 = HB_U64_INIT(0xFF51AFD7UL, 0xED558CCDUL);
static const hb_u64 MM3_F2 = HB_U64_INIT(0xC4CEB9FEUL, 0x1A85EC53UL);

/* k1 *= c1; k1 = ROTL64(k1, 31); k1 *= c2 */
static void mm3_mix_k1(hb_u64 *k1)
{
    HB_U64_MUL(*k1, *k1, MM3_C1);
    HB_U64_ROTL(*k1, *k1, 31);
    HB_U64_MUL(*k1, *k1, MM3_C2);
}

/* k2 *= c2; k2 = ROTL64(k2, 33); k2 *= c1 */
static void mm3_mix_k2(hb_u64 *k2)
{
    HB_U64_MUL(*k2, *k2, MM3_C2);
    HB_U64_ROTL(*k2, *k2, 33);
    HB_U64_MUL(*k2, *k2, MM3_C1);
}

static void mm3_fmix64(hb_u64 *k)
{
    hb_u64 t;

    HB_U64_SHR(t, *k, 33);
    HB_U64_XOR(*k, *k, t);
    HB_U64_MUL(*k, *k, MM3_F1);
    HB_U64_SHR(t, *k, 33);
    HB_U64_XOR(*k, *k, t);
    HB_U64_MUL(*k, *k, MM3_F2);
    HB_U64_SHR(t, *k, 33);
    HB_U64_XOR(*k, *k, t);
}

static void mm3_block(hb_murmur3_128_ctx *c, const uint8_t *p)
{
    hb_u64 k1, k2;

    HB_U64_LOAD_LE(k1, p);
    HB_U64_LOAD_LE(k2, p + 8);

    mm3_mix_k1(&k1);
    HB_U64_XOR(c->h1, c->h1, k1);
    HB_U64_ROTL(c->h1, c->h1, 27);
    HB_U64_ADD(c->h1, c->h1, c->h2);
    HB_U64_MUL(c->h1, c->h1, MM3_FIVE);
    HB_U64_ADD(c->h1, c->h1, MM3_N1);

    mm3_mix_k2(&k2);
    HB_U64_XOR(c->h2, c->h2, k2);
    HB_U64_ROTL(c->h2, c->h2, 31);
    HB_U64_ADD(c->h2, c->h2, c->h1);
    HB_U64_MUL(c->h2, c->h2, MM3_FIVE);
    HB_U64_ADD(c->h2, c->h2, MM3_N2);
}

void hb_murmur3_128_update_portable(hb_murmur3_128_ctx *c, const uint8_t *data, size_t len)
{
    hb_u64 t;

    /* the 64-bit input length (size_t may be 16, 32 or 64 bits wide) */
    HB_U64_ADD32(c->total, c->total, (uint32_t)len);
    HB_U64_SET(t, (uint32_t)(len / 65536UL / 65536UL), 0);
    HB_U64_ADD(c->total, c->total, t);
    while (len > 0) {
        c->buf[c->used] = *data;
        c->used++;
        data++;
        len--;
        if (c->used == 16) {
            mm3_block(c, c->buf);
            c->used = 0;
        }
    }
}

void hb_murmur3_128_final_portable(hb_murmur3_128_ctx *c, uint8_t *digest)
{
    hb_u64 h1, h2, k1, k2;
    unsigned i, n = c->used;

    h1 = c->h1;
    h2 = c->h2;
    /* tail: bytes 8..14 make k2 and bytes 0..7 make k1, little-endian; the
     * missing bytes are zero, so zero-fill the buffer and load two words */
    for (i = n; i < 16; i++)
        c->buf[i] = 0;
    if (n > 8) {
        HB_U64_LOAD_LE(k2, c->buf + 8);
        mm3_mix_k2(&k2);
        HB_U64_XOR(h2, h2, k2);
    }
    if (n > 0) {
        HB_U64_LOAD_LE(k1, c->buf);
        mm3_mix_k1(&k1);
        HB_U64_XOR(h1, h1, k1);
    }
    /* finalisation */
    HB_U64_XOR(h1, h1, c->total);
    HB_U64_XOR(h2, h2, c->total);
    HB_U64_ADD(h1, h1, h2);
    HB_U64_ADD(h2, h2, h1);
    mm3_fmix64(&h1);
    mm3_fmix64(&h2);
    HB_U64_ADD(h1, h1, h2);
    HB_U64_ADD(h2, h2, h1);
    HB_U64_STORE_LE(digest, h1);
    HB_U64_STORE_LE(digest + 8, h2);
}

void hb_murmur3_128_seeded_portable(uint32_t seed, const uint8_t *data, size_t len,
                                    uint8_t *digest)
{
    hb_murmur3_128_ctx c;

    hb_murmur3_128_init_seed(&c, seed);
    hb_murmur3_128_update_portable(&c, data, len);
    hb_murmur3_128_final_portable(&c, digest);
}
