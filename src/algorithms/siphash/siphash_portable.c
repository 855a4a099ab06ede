/* SipHash-2-4, written straight from the SipHash paper (Aumasson and
 * Bernstein, 2012, section 2): every byte goes through the 8-byte word
 * buffer; each word m is absorbed with two SipRounds (v3 ^= m, rounds,
 * v0 ^= m); the last word carries the length mod 256 in its top byte;
 * finalisation is v2 ^= 0xff and four SipRounds.  64-bit arithmetic through
 * hashbench/u64.h. */
#include "hashbench/siphash.h"

static void sip_round(hb_u64 *v)
{
    HB_U64_ADD(v[0], v[0], v[1]);
    HB_U64_ROTL(v[1], v[1], 13);
    HB_U64_XOR(v[1], v[1], v[0]);
    HB_U64_ROTL(v[0], v[0], 32);
    HB_U64_ADD(v[2], v[2], v[3]);
    HB_U64_ROTL(v[3], v[3], 16);
    HB_U64_XOR(v[3], v[3], v[2]);
    HB_U64_ADD(v[0], v[0], v[3]);
    HB_U64_ROTL(v[3], v[3], 21);
    HB_U64_XOR(v[3], v[3], v[0]);
    HB_U64_ADD(v[2], v[2], v[1]);
    HB_U64_ROTL(v[1], v[1], 17);
    HB_U64_XOR(v[1], v[1], v[2]);
    HB_U64_ROTL(v[2], v[2], 32);
}

/* c = 2 compression rounds per message word */
static void sip_absorb(hb_u64 *v, const uint8_t *p)
{
    hb_u64 m;

    HB_U64_LOAD_LE(m, p);
    HB_U64_XOR(v[3], v[3], m);
    sip_round(v);
    sip_round(v);
    HB_U64_XOR(v[0], v[0], m);
}

void hb_siphash_2_4_update_portable(hb_siphash_2_4_ctx *c, const uint8_t *data, size_t len)
{
    c->total += (uint32_t)len;          /* only len mod 256 enters the hash */
    while (len > 0) {
        c->buf[c->used] = *data;
        c->used++;
        data++;
        len--;
        if (c->used == 8) {
            sip_absorb(c->v, c->buf);
            c->used = 0;
        }
    }
}

void hb_siphash_2_4_final_portable(hb_siphash_2_4_ctx *c, uint8_t *digest)
{
    hb_u64 ff, out;
    unsigned i;

    /* the last word: the 0..7 leftover bytes, zeros, and len mod 256 on top */
    for (i = c->used; i < 7; i++)
        c->buf[i] = 0;
    c->buf[7] = (uint8_t)c->total;
    sip_absorb(c->v, c->buf);
    /* finalisation: d = 4 rounds */
    HB_U64_SET(ff, 0, 0xFF);
    HB_U64_XOR(c->v[2], c->v[2], ff);
    for (i = 0; i < 4; i++)
        sip_round(c->v);
    HB_U64_XOR(out, c->v[0], c->v[1]);
    HB_U64_XOR(out, out, c->v[2]);
    HB_U64_XOR(out, out, c->v[3]);
    HB_U64_STORE_LE(digest, out);
}
