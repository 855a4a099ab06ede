/* XXH32, written straight from the xxHash specification
 * (doc/xxhash_spec.md, "XXH32 Algorithm Description"): every byte goes
 * through the 16-byte stripe buffer, each stripe is four 32-bit lanes fed to
 * the four accumulators by the round function. */
#include "hashbench/xxh.h"

#define PRIME32_1 ((uint32_t)0x9E3779B1UL)
#define PRIME32_2 ((uint32_t)0x85EBCA77UL)
#define PRIME32_3 ((uint32_t)0xC2B2AE3DUL)
#define PRIME32_4 ((uint32_t)0x27D4EB2FUL)
#define PRIME32_5 ((uint32_t)0x165667B1UL)

static uint32_t xxh32_round(uint32_t acc, uint32_t lane)
{
    acc = acc + lane * PRIME32_2;
    acc = HB_ROTL32(acc, 13);
    acc = acc * PRIME32_1;
    return acc;
}

static void xxh32_stripe(uint32_t *v, const uint8_t *p)
{
    unsigned i;

    for (i = 0; i < 4; i++)
        v[i] = xxh32_round(v[i], HB_LOAD32_LE(p + 4 * i));
}

void hb_xxh32_update_portable(hb_xxh32_ctx *c, const uint8_t *data, size_t len)
{
    c->total += (uint32_t)len;          /* the specification keeps len mod 2^32 */
    while (len > 0) {
        c->buf[c->used] = *data;
        c->used++;
        data++;
        len--;
        if (c->used == 16) {
            xxh32_stripe(c->v, c->buf);
            c->used = 0;
            c->large = 1;
        }
    }
}

void hb_xxh32_final_portable(hb_xxh32_ctx *c, uint8_t *digest)
{
    uint32_t acc;
    unsigned i, n;

    /* step 3: accumulator convergence (or the small-input start) */
    if (c->large)
        acc = HB_ROTL32(c->v[0], 1) + HB_ROTL32(c->v[1], 7) +
              HB_ROTL32(c->v[2], 12) + HB_ROTL32(c->v[3], 18);
    else
        acc = c->seed + PRIME32_5;
    /* step 4: add the input length */
    acc = acc + c->total;
    /* step 5: consume the remaining input, 4 bytes then 1 byte at a time */
    n = c->used;
    i = 0;
    while (i + 4 <= n) {
        acc = acc + HB_LOAD32_LE(c->buf + i) * PRIME32_3;
        acc = HB_ROTL32(acc, 17) * PRIME32_4;
        i += 4;
    }
    while (i < n) {
        acc = acc + (uint32_t)c->buf[i] * PRIME32_5;
        acc = HB_ROTL32(acc, 11) * PRIME32_1;
        i++;
    }
    /* step 6: final mix (avalanche) */
    acc = acc ^ (acc >> 15);
    acc = acc * PRIME32_2;
    acc = acc ^ (acc >> 13);
    acc = acc * PRIME32_3;
    acc = acc ^ (acc >> 16);
    HB_STORE32_BE(digest, acc);
}
