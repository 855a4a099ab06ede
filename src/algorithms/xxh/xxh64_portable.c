/* XXH64, written straight from the xxHash specification
 * (doc/xxhash_spec.md, "XXH64 Algorithm Description"): every byte goes
 * through the 32-byte stripe buffer, each stripe is four 64-bit lanes fed to
 * the four accumulators by the round function.  All 64-bit arithmetic goes
 * through hashbench/u64.h. */
#include "hashbench/xxh.h"

static const hb_u64 PRIME64_1 = HB_U64_INIT(0x9E3779B1UL, 0x85EBCA87UL);
static const hb_u64 PRIME64_2 = HB_U64_INIT(0xC2B2AE3DUL, 0x27D4EB4FUL);
static const hb_u64 PRIME64_3 = HB_U64_INIT(0x165667B1UL, 0x9E3779F9UL);
static const hb_u64 PRIME64_4 = HB_U64_INIT(0x85EBCA77UL, 0xC2B2AE63UL);
static const hb_u64 PRIME64_5 = HB_U64_INIT(0x27D4EB2FUL, 0x165667C5UL);

/* round(acc, lane): acc += lane * PRIME64_2; acc <<<= 31; acc *= PRIME64_1 */
static void xxh64_round(hb_u64 *acc, const hb_u64 *lane)
{
    hb_u64 t;

    HB_U64_MUL(t, *lane, PRIME64_2);
    HB_U64_ADD(*acc, *acc, t);
    HB_U64_ROTL(*acc, *acc, 31);
    HB_U64_MUL(*acc, *acc, PRIME64_1);
}

/* mergeAccumulator(acc, v): acc ^= round(0, v); acc = acc * PRIME64_1 + PRIME64_4 */
static void xxh64_merge(hb_u64 *acc, const hb_u64 *v)
{
    hb_u64 t;

    HB_U64_SET(t, 0, 0);
    xxh64_round(&t, v);
    HB_U64_XOR(*acc, *acc, t);
    HB_U64_MUL(*acc, *acc, PRIME64_1);
    HB_U64_ADD(*acc, *acc, PRIME64_4);
}

static void xxh64_stripe(hb_u64 *v, const uint8_t *p)
{
    unsigned i;
    hb_u64 lane;

    for (i = 0; i < 4; i++) {
        HB_U64_LOAD_LE(lane, p + 8 * i);
        xxh64_round(&v[i], &lane);
    }
}

void hb_xxh64_update_portable(hb_xxh64_ctx *c, const uint8_t *data, size_t len)
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
        if (c->used == 32) {
            xxh64_stripe(c->v, c->buf);
            c->used = 0;
        }
    }
}

void hb_xxh64_final_portable(hb_xxh64_ctx *c, uint8_t *digest)
{
    hb_u64 acc, t, lane;
    unsigned i, n;

    /* step 3: accumulator convergence (or the small-input start) */
    if (HB_U64_HI(c->total) != 0 || HB_U64_LO(c->total) >= 32) {
        HB_U64_ROTL(acc, c->v[0], 1);
        HB_U64_ROTL(t, c->v[1], 7);
        HB_U64_ADD(acc, acc, t);
        HB_U64_ROTL(t, c->v[2], 12);
        HB_U64_ADD(acc, acc, t);
        HB_U64_ROTL(t, c->v[3], 18);
        HB_U64_ADD(acc, acc, t);
        for (i = 0; i < 4; i++)
            xxh64_merge(&acc, &c->v[i]);
    } else {
        HB_U64_ADD(acc, c->seed, PRIME64_5);
    }
    /* step 4: add the input length */
    HB_U64_ADD(acc, acc, c->total);
    /* step 5: consume the remaining input: 8, then 4, then 1 byte at a time */
    n = c->used;
    i = 0;
    while (i + 8 <= n) {
        HB_U64_LOAD_LE(lane, c->buf + i);
        HB_U64_SET(t, 0, 0);
        xxh64_round(&t, &lane);
        HB_U64_XOR(acc, acc, t);
        HB_U64_ROTL(acc, acc, 27);
        HB_U64_MUL(acc, acc, PRIME64_1);
        HB_U64_ADD(acc, acc, PRIME64_4);
        i += 8;
    }
    if (i + 4 <= n) {
        HB_U64_SET(lane, 0, HB_LOAD32_LE(c->buf + i));
        HB_U64_MUL(lane, lane, PRIME64_1);
        HB_U64_XOR(acc, acc, lane);
        HB_U64_ROTL(acc, acc, 23);
        HB_U64_MUL(acc, acc, PRIME64_2);
        HB_U64_ADD(acc, acc, PRIME64_3);
        i += 4;
    }
    while (i < n) {
        HB_U64_SET(lane, 0, c->buf[i]);
        HB_U64_MUL(lane, lane, PRIME64_5);
        HB_U64_XOR(acc, acc, lane);
        HB_U64_ROTL(acc, acc, 11);
        HB_U64_MUL(acc, acc, PRIME64_1);
        i++;
    }
    /* step 6: final mix (avalanche) */
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
