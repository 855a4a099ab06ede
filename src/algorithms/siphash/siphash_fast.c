/* SipHash-2-4, fast portable C: whole 8-byte words are read straight from
 * the input, v0..v3 live in locals and the SipRounds are expanded inline.
 * 64-bit arithmetic through hashbench/u64.h. */
#include "hashbench/siphash.h"

#define SIPROUND(v0, v1, v2, v3)        \
    do {                                \
        HB_U64_ADD(v0, v0, v1);         \
        HB_U64_ADD(v2, v2, v3);         \
        HB_U64_ROTL(v1, v1, 13);        \
        HB_U64_ROTL(v3, v3, 16);        \
        HB_U64_XOR(v1, v1, v0);         \
        HB_U64_XOR(v3, v3, v2);         \
        HB_U64_ROTL(v0, v0, 32);        \
        HB_U64_ADD(v2, v2, v1);         \
        HB_U64_ADD(v0, v0, v3);         \
        HB_U64_ROTL(v1, v1, 17);        \
        HB_U64_ROTL(v3, v3, 21);        \
        HB_U64_XOR(v1, v1, v2);         \
        HB_U64_XOR(v3, v3, v0);         \
        HB_U64_ROTL(v2, v2, 32);        \
    } while (0)

/* Absorbs len / 8 words from p into v; returns the bytes consumed. */
static size_t sip_words(hb_u64 *v, const uint8_t *p, size_t len)
{
    hb_u64 v0, v1, v2, v3, m;
    size_t done = 0;

    v0 = v[0];
    v1 = v[1];
    v2 = v[2];
    v3 = v[3];
    while (len - done >= 8) {
        HB_U64_LOAD_LE(m, p);
        HB_U64_XOR(v3, v3, m);
        SIPROUND(v0, v1, v2, v3);
        SIPROUND(v0, v1, v2, v3);
        HB_U64_XOR(v0, v0, m);
        p += 8;
        done += 8;
    }
    v[0] = v0;
    v[1] = v1;
    v[2] = v2;
    v[3] = v3;
    return done;
}

void hb_siphash_2_4_update_fast(hb_siphash_2_4_ctx *c, const uint8_t *data, size_t len)
{
    size_t take;

    c->total += (uint32_t)len;
    if (c->used > 0) {
        take = 8u - c->used;
        if (take > len)
            take = len;
        len -= take;
        while (take > 0) {
            c->buf[c->used++] = *data++;
            take--;
        }
        if (c->used < 8)
            return;
        sip_words(c->v, c->buf, 8);
        c->used = 0;
    }
    if (len >= 8) {
        take = sip_words(c->v, data, len);
        data += take;
        len -= take;
    }
    while (len > 0) {
        c->buf[c->used++] = *data++;
        len--;
    }
}

void hb_siphash_2_4_final_fast(hb_siphash_2_4_ctx *c, uint8_t *digest)
{
    hb_u64 v0, v1, v2, v3, m;
    unsigned i;

    for (i = c->used; i < 7; i++)
        c->buf[i] = 0;
    c->buf[7] = (uint8_t)c->total;
    HB_U64_LOAD_LE(m, c->buf);
    v0 = c->v[0];
    v1 = c->v[1];
    v2 = c->v[2];
    v3 = c->v[3];
    HB_U64_XOR(v3, v3, m);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    HB_U64_XOR(v0, v0, m);
    HB_U64_SET(m, 0, 0xFF);
    HB_U64_XOR(v2, v2, m);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    HB_U64_XOR(v0, v0, v1);
    HB_U64_XOR(v2, v2, v3);
    HB_U64_XOR(v0, v0, v2);
    HB_U64_STORE_LE(digest, v0);
}
