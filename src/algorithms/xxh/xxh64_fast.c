/* XXH64, fast portable C: whole stripes are read straight from the input
 * (no copy through the buffer), the four accumulators live in locals and the
 * round is expanded inline.  64-bit arithmetic through hashbench/u64.h. */
#include "hashbench/xxh.h"

static const hb_u64 PRIME64_1 = HB_U64_INIT(0x9E3779B1UL, 0x85EBCA87UL);
static const hb_u64 PRIME64_2 = HB_U64_INIT(0xC2B2AE3DUL, 0x27D4EB4FUL);
static const hb_u64 PRIME64_3 = HB_U64_INIT(0x165667B1UL, 0x9E3779F9UL);
static const hb_u64 PRIME64_4 = HB_U64_INIT(0x85EBCA77UL, 0xC2B2AE63UL);
static const hb_u64 PRIME64_5 = HB_U64_INIT(0x27D4EB2FUL, 0x165667C5UL);

/* acc = rotl(acc + lane * PRIME64_2, 31) * PRIME64_1; lane is clobbered */
#define XXH64_ROUND(acc, lane)                 \
    do {                                       \
        HB_U64_MUL(lane, lane, PRIME64_2);     \
        HB_U64_ADD(acc, acc, lane);            \
        HB_U64_ROTL(acc, acc, 31);             \
        HB_U64_MUL(acc, acc, PRIME64_1);       \
    } while (0)

/* Consumes len / 32 stripes from p; returns the bytes consumed. */
static size_t xxh64_stripes(hb_u64 *v, const uint8_t *p, size_t len)
{
    hb_u64 v0, v1, v2, v3, l0, l1, l2, l3;
    size_t done = 0;

    v0 = v[0];
    v1 = v[1];
    v2 = v[2];
    v3 = v[3];
    while (len - done >= 32) {
        HB_U64_LOAD_LE(l0, p);
        HB_U64_LOAD_LE(l1, p + 8);
        HB_U64_LOAD_LE(l2, p + 16);
        HB_U64_LOAD_LE(l3, p + 24);
        XXH64_ROUND(v0, l0);
        XXH64_ROUND(v1, l1);
        XXH64_ROUND(v2, l2);
        XXH64_ROUND(v3, l3);
        p += 32;
        done += 32;
    }
    v[0] = v0;
    v[1] = v1;
    v[2] = v2;
    v[3] = v3;
    return done;
}

void hb_xxh64_update_fast(hb_xxh64_ctx *c, const uint8_t *data, size_t len)
{
    hb_u64 t;
    size_t take;
    uint32_t high = (uint32_t)(len / 65536UL / 65536UL);  /* size_t past 32 bits */

    HB_U64_ADD32(c->total, c->total, (uint32_t)len);
    if (high != 0) {
        HB_U64_SET(t, high, 0);
        HB_U64_ADD(c->total, c->total, t);
    }
    if (c->used > 0) {
        take = 32u - c->used;
        if (take > len)
            take = len;
        len -= take;
        while (take > 0) {
            c->buf[c->used++] = *data++;
            take--;
        }
        if (c->used < 32)
            return;
        xxh64_stripes(c->v, c->buf, 32);
        c->used = 0;
    }
    if (len >= 32) {
        take = xxh64_stripes(c->v, data, len);
        data += take;
        len -= take;
    }
    while (len > 0) {
        c->buf[c->used++] = *data++;
        len--;
    }
}

void hb_xxh64_final_fast(hb_xxh64_ctx *c, uint8_t *digest)
{
    hb_u64 acc, t, lane;
    const uint8_t *p = c->buf;
    unsigned n = c->used;

    if (HB_U64_HI(c->total) != 0 || HB_U64_LO(c->total) >= 32) {
        hb_u64 v0, v1, v2, v3;

        v0 = c->v[0];
        v1 = c->v[1];
        v2 = c->v[2];
        v3 = c->v[3];
        HB_U64_ROTL(acc, v0, 1);
        HB_U64_ROTL(t, v1, 7);
        HB_U64_ADD(acc, acc, t);
        HB_U64_ROTL(t, v2, 12);
        HB_U64_ADD(acc, acc, t);
        HB_U64_ROTL(t, v3, 18);
        HB_U64_ADD(acc, acc, t);
        /* merge each lane: acc = (acc ^ round(0, v)) * PRIME64_1 + PRIME64_4 */
        HB_U64_SET(t, 0, 0);
        XXH64_ROUND(t, v0);
        HB_U64_XOR(acc, acc, t);
        HB_U64_MUL(acc, acc, PRIME64_1);
        HB_U64_ADD(acc, acc, PRIME64_4);
        HB_U64_SET(t, 0, 0);
        XXH64_ROUND(t, v1);
        HB_U64_XOR(acc, acc, t);
        HB_U64_MUL(acc, acc, PRIME64_1);
        HB_U64_ADD(acc, acc, PRIME64_4);
        HB_U64_SET(t, 0, 0);
        XXH64_ROUND(t, v2);
        HB_U64_XOR(acc, acc, t);
        HB_U64_MUL(acc, acc, PRIME64_1);
        HB_U64_ADD(acc, acc, PRIME64_4);
        HB_U64_SET(t, 0, 0);
        XXH64_ROUND(t, v3);
        HB_U64_XOR(acc, acc, t);
        HB_U64_MUL(acc, acc, PRIME64_1);
        HB_U64_ADD(acc, acc, PRIME64_4);
    } else {
        HB_U64_ADD(acc, c->seed, PRIME64_5);
    }
    HB_U64_ADD(acc, acc, c->total);
    while (n >= 8) {
        HB_U64_LOAD_LE(lane, p);
        HB_U64_SET(t, 0, 0);
        XXH64_ROUND(t, lane);
        HB_U64_XOR(acc, acc, t);
        HB_U64_ROTL(acc, acc, 27);
        HB_U64_MUL(acc, acc, PRIME64_1);
        HB_U64_ADD(acc, acc, PRIME64_4);
        p += 8;
        n -= 8;
    }
    if (n >= 4) {
        HB_U64_SET(lane, 0, HB_LOAD32_LE(p));
        HB_U64_MUL(lane, lane, PRIME64_1);
        HB_U64_XOR(acc, acc, lane);
        HB_U64_ROTL(acc, acc, 23);
        HB_U64_MUL(acc, acc, PRIME64_2);
        HB_U64_ADD(acc, acc, PRIME64_3);
        p += 4;
        n -= 4;
    }
    while (n > 0) {
        HB_U64_SET(lane, 0, *p);
        HB_U64_MUL(lane, lane, PRIME64_5);
        HB_U64_XOR(acc, acc, lane);
        HB_U64_ROTL(acc, acc, 11);
        HB_U64_MUL(acc, acc, PRIME64_1);
        p++;
        n--;
    }
    HB_U64_SHR(t, acc, 33);
    HB_U64_XOR(acc, acc, t);
    HB_U64_MUL(acc, acc, PRIME64_2);
    HB_U64_SHR(t, acc, 29);
    HB_U64_XOR(acc, acc, t);
    HB_U64_MUL(acc, acc, PRIME64_3);
    HB_U64_SHR(t, acc, 32);
    HB_U64_XOR(acc, acc, t);
    HB_U64_STORE_BE(digest, acc);
}
