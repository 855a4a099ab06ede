/* SHA-3 (FIPS 202): what the implementations share -- the round constants,
 * the three initialisers and the sponge (buffering, padding, squeezing).
 * Each implementation brings only its Keccak-f[1600] permutation. */
#include "hashbench/common.h"
#include "hashbench/u64.h"
#include "hashbench/sha3.h"

/* RC[ir] of iota, FIPS 202 Algorithm 6: bit 2^j - 1 of RC[ir] is
 * rc(j + 7 ir), the output of the degree-8 LFSR of Algorithm 5. */
const hb_u64 hb_keccak_rc[24] = {
    HB_U64_INIT(0x00000000UL, 0x00000001UL), HB_U64_INIT(0x00000000UL, 0x00008082UL),
    HB_U64_INIT(0x80000000UL, 0x0000808AUL), HB_U64_INIT(0x80000000UL, 0x80008000UL),
    HB_U64_INIT(0x00000000UL, 0x0000808BUL), HB_U64_INIT(0x00000000UL, 0x80000001UL),
    HB_U64_INIT(0x80000000UL, 0x80008081UL), HB_U64_INIT(0x80000000UL, 0x00008009UL),
    HB_U64_INIT(0x00000000UL, 0x0000008AUL), HB_U64_INIT(0x00000000UL, 0x00000088UL),
    HB_U64_INIT(0x00000000UL, 0x80008009UL), HB_U64_INIT(0x00000000UL, 0x8000000AUL),
    HB_U64_INIT(0x00000000UL, 0x8000808BUL), HB_U64_INIT(0x80000000UL, 0x0000008BUL),
    HB_U64_INIT(0x80000000UL, 0x00008089UL), HB_U64_INIT(0x80000000UL, 0x00008003UL),
    HB_U64_INIT(0x80000000UL, 0x00008002UL), HB_U64_INIT(0x80000000UL, 0x00000080UL),
    HB_U64_INIT(0x00000000UL, 0x0000800AUL), HB_U64_INIT(0x80000000UL, 0x8000000AUL),
    HB_U64_INIT(0x80000000UL, 0x80008081UL), HB_U64_INIT(0x80000000UL, 0x00008080UL),
    HB_U64_INIT(0x00000000UL, 0x80000001UL), HB_U64_INIT(0x80000000UL, 0x80008008UL)
};

void hb_sha3_init_rate(hb_sha3_ctx *c, unsigned rate, unsigned digest_size)
{
    unsigned i;
    for (i = 0; i < HB_SHA3_LANES; i++)
        HB_U64_SET(c->st[i], 0, 0);
    for (i = 0; i < HB_SHA3_MAX_RATE; i++)
        c->buf[i] = 0;
    c->rate = (uint8_t)rate;
    c->used = 0;
    c->digest_size = (uint8_t)digest_size;
}

/* SHA3-d: capacity 2d bits, rate 1600 - 2d bits (FIPS 202 section 6.1). */
void hb_sha3_256_init(hb_sha3_256_ctx *c) { hb_sha3_init_rate(c, 136, 32); }
void hb_sha3_384_init(hb_sha3_384_ctx *c) { hb_sha3_init_rate(c, 104, 48); }
void hb_sha3_512_init(hb_sha3_512_ctx *c) { hb_sha3_init_rate(c, 72, 64); }

/* FIPS 202 turns bit strings into lanes little-endian: byte 8i + k of a
 * block is bits 8k..8k+7 of lane i. */
void hb_sha3_xor_lanes(hb_u64 *st, const uint8_t *p, unsigned nlanes)
{
    hb_u64 t;
    unsigned i;
    for (i = 0; i < nlanes; i++) {
        HB_U64_LOAD_LE(t, p);
        HB_U64_XOR(st[i], st[i], t);
        p += 8;
    }
}

void hb_sha3_absorb(hb_sha3_ctx *c, const uint8_t *data, size_t len, hb_keccak_perm_fn perm)
{
    unsigned rate = c->rate;
    unsigned used = c->used;

    if (used != 0) {
        while (len > 0 && used < rate) {
            c->buf[used++] = *data++;
            len--;
        }
        if (used < rate) {
            c->used = (uint8_t)used;
            return;
        }
        hb_sha3_xor_lanes(c->st, c->buf, rate >> 3);
        perm(c->st);
        used = 0;
    }
    while (len >= rate) {
        hb_sha3_xor_lanes(c->st, data, rate >> 3);
        perm(c->st);
        data += rate;
        len -= rate;
    }
    while (len > 0) {
        c->buf[used++] = *data++;
        len--;
    }
    c->used = (uint8_t)used;
}

/* SHA3-d(M) = KECCAK[2d](M || 01, d): the domain bits 01 then pad10*1,
 * which on bytes is 0x06 after the message and 0x80 in the block's last
 * byte (0x86 when they meet).  d <= rate, so one squeeze is enough. */
void hb_sha3_finish(hb_sha3_ctx *c, uint8_t *digest, hb_keccak_perm_fn perm)
{
    unsigned i = c->used, rate = c->rate;

    c->buf[i++] = 0x06;
    while (i < rate)
        c->buf[i++] = 0;
    c->buf[rate - 1] |= 0x80;
    hb_sha3_xor_lanes(c->st, c->buf, rate >> 3);
    perm(c->st);
    for (i = 0; i < c->digest_size; i += 8)
        HB_U64_STORE_LE(digest + i, c->st[i >> 3]);
    c->used = 0;
}
