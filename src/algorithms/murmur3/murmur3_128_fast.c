/* MurmurHash3_x64_128, fast portable C: whole 16-byte blocks are read
 * straight from the input with h1 and h2 in locals, the mixing expanded
 * inline and the multiplications by 5 done as shift-and-add.  64-bit
 * arithmetic through hashbench/u64.h. */
#include "hashbench/murmur3.h"

static const hb_u64 MM3_C1 = HB_U64_INIT(0x87C37B91UL, 0x114253D5UL);
static const hb_u64 MM3_C2 = HB_U64_INIT(0x4CF5AD43UL, 0x2745937FUL);
static const hb_u64 MM3_N1 = HB_U64_INIT(0, 0x52DCE729UL);
static const hb_u64 MM3_N2 = HB_U64_INIT(0, 0x38495AB5UL);
static const hb_u64 MM3_F1 = HB_U64_INIT(0xFF51AFD7UL, 0xED558CCDUL);
static const hb_u64 MM3_F2 = HB_U64_INIT(0xC4CEB9FEUL, 0x1A85EC53UL);

#define MM3_FMIX64(k, t)             \
    do {                             \
        HB_U64_SHR(t, k, 33);        \
        HB_U64_XOR(k, k, t);         \
        HB_U64_MUL(k, k, MM3_F1);    \
        HB_U64_SHR(t, k, 33);        \
        HB_U64_XOR(k, k, t);         \
        HB_U64_MUL(k, k, MM3_F2);    \
        HB_U64_SHR(t, k, 33);        \
        HB_U64_XOR(k, k, t);         \
    } while (0)

/* Mixes len / 16 blocks from p into h[0], h[1]; returns the bytes consumed. */
static size_t mm3_blocks(hb_u64 *h, const uint8_t *p, size_t len)
{
    hb_u64 h1, h2, k1, k2, t;
    size_t done = 0;

    h1 = h[0];
    h2 = h[1];
    while (len - done >= 16) {
        HB_U64_LOAD_LE(k1, p);
        HB_U64_LOAD_LE(k2, p + 8);
        HB_U64_MUL(k1, k1, MM3_C1);
        HB_U64_ROTL(k1, k1, 31);
        HB_U64_MUL(k1, k1, MM3_C2);
        HB_U64_MUL(k2, k2, MM3_C2);
        HB_U64_ROTL(k2, k2, 33);
        HB_U64_MUL(k2, k2, MM3_C1);

        HB_U64_XOR(h1, h1, k1);
        HB_U64_ROTL(h1, h1, 27);
        HB_U64_ADD(h1, h1, h2);
        HB_U64_SHL(t, h1, 2);           /* h1 = h1 * 5 + n1 */
        HB_U64_ADD(h1, h1, t);
        HB_U64_ADD(h1, h1, MM3_N1);

        HB_U64_XOR(h2, h2, k2);
        HB_U64_ROTL(h2, h2, 31);
        HB_U64_ADD(h2, h2, h1);
        HB_U64_SHL(t, h2, 2);           /* h2 = h2 * 5 + n2 */
        HB_U64_ADD(h2, h2, t);
        HB_U64_ADD(h2, h2, MM3_N2);
        p += 16;
        done += 16;
    }
    h[0] = h1;
    h[1] = h2;
    return done;
}

void hb_murmur3_128_update_fast(hb_murmur3_128_ctx *c, const uint8_t *data, size_t len)
{
    hb_u64 h[2];
    size_t take;

    hb_murmur3_128_count(c, len);
    h[0] = c->h1;
    h[1] = c->h2;
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
        mm3_blocks(h, c->buf, 16);
        c->used = 0;
    }
    if (len >= 16) {
        take = mm3_blocks(h, data, len);
        data += take;
        len -= take;
    }
    c->h1 = h[0];
    c->h2 = h[1];
    while (len > 0) {
        c->buf[c->used++] = *data++;
        len--;
    }
}

void hb_murmur3_128_final_fast(hb_murmur3_128_ctx *c, uint8_t *digest)
{
    hb_u64 h1, h2, k, t;
    unsigned i, n = c->used;

    h1 = c->h1;
    h2 = c->h2;
    if (n > 0) {
        for (i = n; i < 16; i++)
            c->buf[i] = 0;
        if (n > 8) {
            HB_U64_LOAD_LE(k, c->buf + 8);
            HB_U64_MUL(k, k, MM3_C2);
            HB_U64_ROTL(k, k, 33);
            HB_U64_MUL(k, k, MM3_C1);
            HB_U64_XOR(h2, h2, k);
        }
        HB_U64_LOAD_LE(k, c->buf);
        HB_U64_MUL(k, k, MM3_C1);
        HB_U64_ROTL(k, k, 31);
        HB_U64_MUL(k, k, MM3_C2);
        HB_U64_XOR(h1, h1, k);
    }
    HB_U64_XOR(h1, h1, c->total);
    HB_U64_XOR(h2, h2, c->total);
    HB_U64_ADD(h1, h1, h2);
    HB_U64_ADD(h2, h2, h1);
    MM3_FMIX64(h1, t);
    MM3_FMIX64(h2, t);
    HB_U64_ADD(h1, h1, h2);
    HB_U64_ADD(h2, h2, h1);
    HB_U64_STORE_LE(digest, h1);
    HB_U64_STORE_LE(digest + 8, h2);
}

void hb_murmur3_128_seeded_fast(uint32_t seed, const uint8_t *data, size_t len,
                                uint8_t *digest)
{
    hb_murmur3_128_ctx c;

    hb_murmur3_128_init_seed(&c, seed);
    hb_murmur3_128_update_fast(&c, data, len);
    hb_murmur3_128_final_fast(&c, digest);
}
