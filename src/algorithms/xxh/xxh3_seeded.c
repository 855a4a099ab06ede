/* XXH3 with a seed (xxHash specification, doc/xxhash_spec.md, "XXH3
 * Algorithm Description": the seed terms of the 0 to 240 byte paths, and for
 * longer inputs the custom secret derived from the seed).  One one-shot per
 * width, plain portable C, and the with_params hooks of every XXH3 row:
 * hb_params.key of 8 bytes is the seed, little-endian; no key is seed 0.
 * Seed 0 gives exactly the unseeded outputs (xxh3_common.c).
 * The long loop here is the portable one (accumulate, scramble, merge with a
 * secret pointer); the rows whose long loop is SIMD use it too, because
 * their stripe functions only know the default secret.
 * (This file needs hb_params, hence hashbench.h.) */
#include "hashbench.h"
#include "hashbench/xxh3.h"

#define DSECRET hb_xxh3_default_secret

static const hb_u64 S_PRIME32_1 = HB_U64_INIT(0, 0x9E3779B1UL);
static const hb_u64 S_PRIME32_2 = HB_U64_INIT(0, 0x85EBCA77UL);
static const hb_u64 S_PRIME64_1 = HB_U64_INIT(0x9E3779B1UL, 0x85EBCA87UL);
static const hb_u64 S_PRIME64_2 = HB_U64_INIT(0xC2B2AE3DUL, 0x27D4EB4FUL);
static const hb_u64 S_PRIME64_3 = HB_U64_INIT(0x165667B1UL, 0x9E3779F9UL);
static const hb_u64 S_PRIME64_4 = HB_U64_INIT(0x85EBCA77UL, 0xC2B2AE63UL);
static const hb_u64 S_PRIME_MX1 = HB_U64_INIT(0x16566791UL, 0x9E3779F9UL);
static const hb_u64 S_PRIME_MX2 = HB_U64_INIT(0x9FB21C65UL, 0x1E98DF25UL);

static void s_mul_fold(hb_u64 *r, const hb_u64 *a, const hb_u64 *b)
{
    hb_u64 lo, hi;
    HB_U64_MUL128(lo, hi, *a, *b);
    HB_U64_XOR(*r, lo, hi);
}

static void s_avalanche(hb_u64 *h)
{
    hb_u64 t;
    HB_U64_SHR(t, *h, 37);
    HB_U64_XOR(*h, *h, t);
    HB_U64_MUL(*h, *h, S_PRIME_MX1);
    HB_U64_SHR(t, *h, 32);
    HB_U64_XOR(*h, *h, t);
}

static void s_avalanche_xxh64(hb_u64 *h)
{
    hb_u64 t;
    HB_U64_SHR(t, *h, 33);
    HB_U64_XOR(*h, *h, t);
    HB_U64_MUL(*h, *h, S_PRIME64_2);
    HB_U64_SHR(t, *h, 29);
    HB_U64_XOR(*h, *h, t);
    HB_U64_MUL(*h, *h, S_PRIME64_3);
    HB_U64_SHR(t, *h, 32);
    HB_U64_XOR(*h, *h, t);
}

/* r = a xor b, with a and b 64-bit words read from the secret */
static void s_secret_xor(hb_u64 *r, const uint8_t *secret, unsigned off1, unsigned off2)
{
    hb_u64 a, b;
    HB_U64_LOAD_LE(a, secret + off1);
    HB_U64_LOAD_LE(b, secret + off2);
    HB_U64_XOR(*r, a, b);
}

/* spec: mixStep(data, secretOffset, seed) */
static void s_mix16(hb_u64 *r, const uint8_t *p, const uint8_t *secret, const hb_u64 *seed)
{
    hb_u64 a, b, k;
    HB_U64_LOAD_LE(a, p);
    HB_U64_LOAD_LE(k, secret);
    HB_U64_ADD(k, k, *seed);
    HB_U64_XOR(a, a, k);
    HB_U64_LOAD_LE(b, p + 8);
    HB_U64_LOAD_LE(k, secret + 8);
    HB_U64_SUB(k, k, *seed);
    HB_U64_XOR(b, b, k);
    s_mul_fold(r, &a, &b);
}

/* spec: mixTwoChunks(data1, data2, secretOffset, seed) */
static void s_mix32(hb_u64 *a0, hb_u64 *a1, const uint8_t *d1, const uint8_t *d2,
                    const uint8_t *secret, const hb_u64 *seed)
{
    hb_u64 t, x;
    s_mix16(&t, d1, secret, seed);
    HB_U64_ADD(*a0, *a0, t);
    s_mix16(&t, d2, secret + 16, seed);
    HB_U64_ADD(*a1, *a1, t);
    HB_U64_LOAD_LE(t, d2);
    HB_U64_LOAD_LE(x, d2 + 8);
    HB_U64_ADD(t, t, x);
    HB_U64_XOR(*a0, *a0, t);
    HB_U64_LOAD_LE(t, d1);
    HB_U64_LOAD_LE(x, d1 + 8);
    HB_U64_ADD(t, t, x);
    HB_U64_XOR(*a1, *a1, t);
}

static uint32_t s_combine_1to3(const uint8_t *p, unsigned len)
{
    return (uint32_t)p[len - 1u] | ((uint32_t)len << 8) | ((uint32_t)p[0] << 16) |
           ((uint32_t)p[len >> 1] << 24);
}

static uint32_t s_bswap32(uint32_t c)
{
    return (c >> 24) | ((c >> 8) & 0xFF00u) | ((c << 8) & 0xFF0000UL) | (c << 24);
}

/* 4-8 bytes: seed ^ (bswap32(low32(seed)) << 32) */
static void s_seed_4to8(hb_u64 *r, const hb_u64 *seed)
{
    hb_u64 t;
    HB_U64_SET(t, s_bswap32(HB_U64_LO(*seed)), 0);
    HB_U64_XOR(*r, *seed, t);
}

/* ---- XXH3-64, 0 to 240 bytes -------------------------------------------- */

static void seeded_short64(hb_u64 *h, const uint8_t *p, unsigned len, const hb_u64 *seed)
{
    hb_u64 a, b, t, l, s;
    unsigned i, n;

    HB_U64_SET(l, 0, len);
    if (len == 0) {
        s_secret_xor(&t, DSECRET, 56, 64);
        HB_U64_XOR(t, t, *seed);
        s_avalanche_xxh64(&t);
    } else if (len <= 3) {
        uint32_t k = HB_LOAD32_LE(DSECRET) ^ HB_LOAD32_LE(DSECRET + 4);
        HB_U64_SET(b, 0, k);
        HB_U64_ADD(b, b, *seed);
        HB_U64_SET(t, 0, s_combine_1to3(p, len));
        HB_U64_XOR(t, t, b);
        s_avalanche_xxh64(&t);
    } else if (len <= 8) {
        s_seed_4to8(&s, seed);
        HB_U64_SET(a, HB_LOAD32_LE(p), HB_LOAD32_LE(p + len - 4));
        s_secret_xor(&t, DSECRET, 8, 16);
        HB_U64_SUB(t, t, s);
        HB_U64_XOR(t, t, a);
        HB_U64_ROTL(a, t, 49);
        HB_U64_ROTL(b, t, 24);
        HB_U64_XOR(t, t, a);
        HB_U64_XOR(t, t, b);
        HB_U64_MUL(t, t, S_PRIME_MX2);
        HB_U64_SHR(a, t, 35);
        HB_U64_ADD(a, a, l);
        HB_U64_XOR(t, t, a);
        HB_U64_MUL(t, t, S_PRIME_MX2);
        HB_U64_SHR(a, t, 28);
        HB_U64_XOR(t, t, a);
    } else if (len <= 16) {
        hb_u64 lo, hi;
        s_secret_xor(&lo, DSECRET, 24, 32);
        HB_U64_ADD(lo, lo, *seed);
        HB_U64_LOAD_LE(a, p);
        HB_U64_XOR(lo, lo, a);
        s_secret_xor(&hi, DSECRET, 40, 48);
        HB_U64_SUB(hi, hi, *seed);
        HB_U64_LOAD_LE(a, p + len - 8);
        HB_U64_XOR(hi, hi, a);
        s_mul_fold(&t, &lo, &hi);
        HB_U64_BSWAP(a, lo);
        HB_U64_ADD(t, t, a);
        HB_U64_ADD(t, t, hi);
        HB_U64_ADD(t, t, l);
        s_avalanche(&t);
    } else if (len <= 128) {
        HB_U64_MUL(t, l, S_PRIME64_1);
        n = ((len - 1u) >> 5) + 1u;
        for (i = n; i-- > 0;) {
            s_mix16(&a, p + 16u * i, DSECRET + 32u * i, seed);
            HB_U64_ADD(t, t, a);
            s_mix16(&a, p + len - 16u - 16u * i, DSECRET + 32u * i + 16u, seed);
            HB_U64_ADD(t, t, a);
        }
        s_avalanche(&t);
    } else {
        HB_U64_MUL(t, l, S_PRIME64_1);
        for (i = 0; i < 8; i++) {
            s_mix16(&a, p + 16u * i, DSECRET + 16u * i, seed);
            HB_U64_ADD(t, t, a);
        }
        s_avalanche(&t);
        n = len >> 4;
        for (i = 8; i < n; i++) {
            s_mix16(&a, p + 16u * i, DSECRET + 16u * (i - 8u) + 3u, seed);
            HB_U64_ADD(t, t, a);
        }
        s_mix16(&a, p + len - 16u, DSECRET + 119, seed);
        HB_U64_ADD(t, t, a);
        s_avalanche(&t);
    }
    *h = t;
}

/* ---- XXH3-128, 0 to 240 bytes ------------------------------------------- */

/* the 17-240 finalisation, with (len - seed) * PRIME64_2 in the high half */
static void s_fin128(hb_u64 *lo, hb_u64 *hi, const hb_u64 *a0, const hb_u64 *a1,
                     const hb_u64 *l, const hb_u64 *seed)
{
    hb_u64 x, y, z;
    HB_U64_ADD(*lo, *a0, *a1);
    s_avalanche(lo);
    HB_U64_MUL(x, *a0, S_PRIME64_1);
    HB_U64_MUL(y, *a1, S_PRIME64_4);
    HB_U64_ADD(x, x, y);
    HB_U64_SUB(z, *l, *seed);
    HB_U64_MUL(y, z, S_PRIME64_2);
    HB_U64_ADD(x, x, y);
    s_avalanche(&x);
    HB_U64_SET(y, 0, 0);
    HB_U64_SUB(*hi, y, x);
}

static void seeded_short128(hb_u64 *lo, hb_u64 *hi, const uint8_t *p, unsigned len,
                            const hb_u64 *seed)
{
    hb_u64 a, b, t, l, m, s, a0, a1;
    unsigned i, n;

    HB_U64_SET(l, 0, len);
    if (len == 0) {
        s_secret_xor(lo, DSECRET, 64, 72);
        HB_U64_XOR(*lo, *lo, *seed);
        s_avalanche_xxh64(lo);
        s_secret_xor(hi, DSECRET, 80, 88);
        HB_U64_XOR(*hi, *hi, *seed);
        s_avalanche_xxh64(hi);
    } else if (len <= 3) {
        uint32_t c = s_combine_1to3(p, len);
        uint32_t k = HB_LOAD32_LE(DSECRET) ^ HB_LOAD32_LE(DSECRET + 4);
        HB_U64_SET(b, 0, k);
        HB_U64_ADD(b, b, *seed);
        HB_U64_SET(*lo, 0, c);
        HB_U64_XOR(*lo, *lo, b);
        s_avalanche_xxh64(lo);
        k = HB_LOAD32_LE(DSECRET + 8) ^ HB_LOAD32_LE(DSECRET + 12);
        HB_U64_SET(b, 0, k);
        HB_U64_SUB(b, b, *seed);
        HB_U64_SET(*hi, 0, HB_ROTL32(s_bswap32(c), 13));
        HB_U64_XOR(*hi, *hi, b);
        s_avalanche_xxh64(hi);
    } else if (len <= 8) {
        s_seed_4to8(&s, seed);
        HB_U64_SET(a, HB_LOAD32_LE(p + len - 4), HB_LOAD32_LE(p));
        s_secret_xor(&t, DSECRET, 16, 24);
        HB_U64_ADD(t, t, s);
        HB_U64_XOR(t, t, a);
        HB_U64_ADD32(m, S_PRIME64_1, (uint32_t)len << 2);
        HB_U64_MUL128(a0, a1, t, m);
        HB_U64_SHL(a, a0, 1);
        HB_U64_ADD(a1, a1, a);
        HB_U64_SHR(a, a1, 3);
        HB_U64_XOR(a0, a0, a);
        HB_U64_SHR(a, a0, 35);
        HB_U64_XOR(a0, a0, a);
        HB_U64_MUL(a0, a0, S_PRIME_MX2);
        HB_U64_SHR(a, a0, 28);
        HB_U64_XOR(*lo, a0, a);
        s_avalanche(&a1);
        *hi = a1;
    } else if (len <= 16) {
        hb_u64 first, last, v1, v2;
        HB_U64_LOAD_LE(first, p);
        HB_U64_LOAD_LE(last, p + len - 8);
        s_secret_xor(&v1, DSECRET, 32, 40);
        HB_U64_SUB(v1, v1, *seed);
        HB_U64_XOR(v1, v1, first);
        HB_U64_XOR(v1, v1, last);
        s_secret_xor(&v2, DSECRET, 48, 56);
        HB_U64_ADD(v2, v2, *seed);
        HB_U64_XOR(v2, v2, last);
        HB_U64_MUL128(a0, a1, v1, S_PRIME64_1);
        HB_U64_SET(a, (uint32_t)(len - 1u) << 22, 0);      /* (len - 1) << 54 */
        HB_U64_ADD(a0, a0, a);
        HB_U64_SET(a, HB_U64_HI(v2), 0);                  /* high32(v2) << 32 */
        HB_U64_ADD(a1, a1, a);
        HB_U64_MUL32(a, HB_U64_LO(v2), HB_U64_LO(S_PRIME32_2));
        HB_U64_ADD(a1, a1, a);
        HB_U64_BSWAP(a, a1);
        HB_U64_XOR(a0, a0, a);
        HB_U64_MUL128(*lo, *hi, a0, S_PRIME64_2);
        HB_U64_MUL(a, a1, S_PRIME64_2);
        HB_U64_ADD(*hi, *hi, a);
        s_avalanche(lo);
        s_avalanche(hi);
    } else if (len <= 128) {
        HB_U64_MUL(a0, l, S_PRIME64_1);
        HB_U64_SET(a1, 0, 0);
        n = ((len - 1u) >> 5) + 1u;
        for (i = n; i-- > 0;)
            s_mix32(&a0, &a1, p + 16u * i, p + len - 16u - 16u * i, DSECRET + 32u * i, seed);
        s_fin128(lo, hi, &a0, &a1, &l, seed);
    } else {
        hb_u64 neg;
        HB_U64_MUL(a0, l, S_PRIME64_1);
        HB_U64_SET(a1, 0, 0);
        for (i = 0; i < 4; i++)
            s_mix32(&a0, &a1, p + 32u * i, p + 32u * i + 16u, DSECRET + 32u * i, seed);
        s_avalanche(&a0);
        s_avalanche(&a1);
        n = len >> 5;
        for (i = 4; i < n; i++)
            s_mix32(&a0, &a1, p + 32u * i, p + 32u * i + 16u, DSECRET + 32u * (i - 4u) + 3u,
                    seed);
        /* the last pair takes the seed negated */
        HB_U64_SET(neg, 0, 0);
        HB_U64_SUB(neg, neg, *seed);
        s_mix32(&a0, &a1, p + len - 16u, p + len - 32u, DSECRET + 103, &neg);
        s_fin128(lo, hi, &a0, &a1, &l, seed);
    }
}

/* ---- long inputs: the portable loop over a given secret ------------------ */

/* spec: the custom secret, each 16 bytes: low word + seed, high word - seed */
static void s_derive_secret(uint8_t *secret, const hb_u64 *seed)
{
    hb_u64 t;
    unsigned i;
    for (i = 0; i < HB_XXH3_SECRET_SIZE; i += 16u) {
        HB_U64_LOAD_LE(t, DSECRET + i);
        HB_U64_ADD(t, t, *seed);
        HB_U64_STORE_LE(secret + i, t);
        HB_U64_LOAD_LE(t, DSECRET + i + 8u);
        HB_U64_SUB(t, t, *seed);
        HB_U64_STORE_LE(secret + i + 8u, t);
    }
}

static void s_scramble(hb_u64 *acc, const uint8_t *secret)
{
    hb_u64 t;
    unsigned i;
    for (i = 0; i < 8; i++) {
        HB_U64_SHR(t, acc[i], 47);
        HB_U64_XOR(acc[i], acc[i], t);
        HB_U64_LOAD_LE(t, secret + HB_XXH3_SECRET_SIZE - 64u + 8u * i);
        HB_U64_XOR(acc[i], acc[i], t);
        HB_U64_MUL(acc[i], acc[i], S_PRIME32_1);
    }
}

static void s_merge(hb_u64 *r, const hb_u64 *acc, const uint8_t *secret, const hb_u64 *start)
{
    hb_u64 a, b, k;
    unsigned i;
    *r = *start;
    for (i = 0; i < 4; i++) {
        HB_U64_LOAD_LE(k, secret + 16u * i);
        HB_U64_XOR(a, acc[2u * i], k);
        HB_U64_LOAD_LE(k, secret + 16u * i + 8u);
        HB_U64_XOR(b, acc[2u * i + 1u], k);
        s_mul_fold(&k, &a, &b);
        HB_U64_ADD(*r, *r, k);
    }
    s_avalanche(r);
}

/* The accumulators of a message of more than 240 bytes (spec: hashLong). */
static void s_long_acc(hb_u64 *acc, const uint8_t *p, size_t len, const uint8_t *secret)
{
    size_t nstripes = (len - 1u) / HB_XXH3_STRIPE_LEN, i;
    unsigned stripe = 0;

    hb_xxh3_init_acc(acc);
    for (i = 0; i < nstripes; i++) {
        hb_xxh3_accumulate_stripe(acc, p + i * HB_XXH3_STRIPE_LEN, secret + 8u * stripe);
        if (++stripe == HB_XXH3_STRIPES_PER_BLOCK) {
            s_scramble(acc, secret);
            stripe = 0;
        }
    }
    hb_xxh3_accumulate_stripe(acc, p + len - HB_XXH3_STRIPE_LEN,
                              secret + HB_XXH3_SECRET_SIZE - HB_XXH3_STRIPE_LEN - 7u);
}

/* total = len as an hb_u64 (len possibly wider than 32 bits) */
static void s_len64(hb_u64 *r, size_t len)
{
    size_t hi = ((len >> 15) >> 15) >> 2;
    HB_U64_SET(*r, (uint32_t)hi, (uint32_t)len);
}

/* ---- the one-shots ------------------------------------------------------ */

void hb_xxh3_64_seeded(const uint8_t *data, size_t len, const hb_u64 *seed, uint8_t *digest)
{
    hb_u64 h, total, start, acc[8];
    uint8_t secret[HB_XXH3_SECRET_SIZE];

    if (len <= HB_XXH3_MIDSIZE_MAX) {
        seeded_short64(&h, data, (unsigned)len, seed);
    } else {
        s_derive_secret(secret, seed);
        s_long_acc(acc, data, len, secret);
        s_len64(&total, len);
        HB_U64_MUL(start, total, S_PRIME64_1);
        s_merge(&h, acc, secret + 11, &start);
    }
    HB_U64_STORE_BE(digest, h);
}

void hb_xxh3_128_seeded(const uint8_t *data, size_t len, const hb_u64 *seed, uint8_t *digest)
{
    hb_u64 lo, hi, total, start, acc[8];
    uint8_t secret[HB_XXH3_SECRET_SIZE];

    if (len <= HB_XXH3_MIDSIZE_MAX) {
        seeded_short128(&lo, &hi, data, (unsigned)len, seed);
    } else {
        s_derive_secret(secret, seed);
        s_long_acc(acc, data, len, secret);
        s_len64(&total, len);
        HB_U64_MUL(start, total, S_PRIME64_1);
        s_merge(&lo, acc, secret + 11, &start);
        HB_U64_MUL(start, total, S_PRIME64_2);
        HB_U64_NOT(start, start);
        s_merge(&hi, acc, secret + HB_XXH3_SECRET_SIZE - 64u - 11u, &start);
    }
    HB_U64_STORE_BE(digest, hi);
    HB_U64_STORE_BE(digest + 8, lo);
}

/* ---- with_params -------------------------------------------------------- */

/* The seed from the params: 0 when there are none or no key, the 8 key
 * bytes little-endian; -1 for any other key length, a salt or iterations. */
static int s_seed(const hb_params *p, hb_u64 *seed)
{
    HB_U64_SET(*seed, 0, 0);
    if (p == 0)
        return 0;
    if (p->salt_len != 0 || p->iterations != 0)
        return -1;
    if (p->key_len == 0)
        return 0;
    if (p->key_len != 8 || p->key == 0)
        return -1;
    HB_U64_LOAD_LE(*seed, p->key);
    return 0;
}

int hb_xxh3_64_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                      size_t out_len)
{
    hb_u64 seed;
    if (out_len != 8 || s_seed(p, &seed) != 0)
        return -1;
    hb_xxh3_64_seeded(data, len, &seed, out);
    return 0;
}

int hb_xxh3_128_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                       size_t out_len)
{
    hb_u64 seed;
    if (out_len != 16 || s_seed(p, &seed) != 0)
        return -1;
    hb_xxh3_128_seeded(data, len, &seed, out);
    return 0;
}
