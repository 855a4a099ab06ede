/* XXH3 (xxHash specification, doc/xxhash_spec.md, "XXH3 Algorithm
 * Description"): what both implementations share.  The default secret, the
 * inputs of 0 to 240 bytes (empty, 1-3, 4-8, 9-16, 17-128, 129-240, for 64
 * and 128 bits), the streaming buffer, the last stripe and the final merge
 * of the long inputs.  An implementation supplies only the function that
 * accumulates whole stripes (hb_xxh3_stripes_fn).  Seed 0 throughout, so
 * the seed terms of the specification vanish (the seeded one-shots, for
 * with_params, are xxh3_seeded.c's). */
#include "hashbench/xxh3.h"

const uint8_t hb_xxh3_default_secret[HB_XXH3_SECRET_SIZE] = {
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
    0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
    0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
    0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
    0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
    0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
    0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
    0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
    0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
    0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e
};

#define SECRET hb_xxh3_default_secret

/* hb_xxh3_default_secret read as 24 little-endian 64-bit words, for the
 * fast forms (xxh3_fast.c, xxh3_compact.c) */
const hb_u64 hb_xxh3_secret64[24] = {
    HB_U64_INIT(0xBE4BA423UL, 0x396CFEB8UL), HB_U64_INIT(0x1CAD21F7UL, 0x2C81017CUL),
    HB_U64_INIT(0xDB979083UL, 0xE96DD4DEUL), HB_U64_INIT(0x1F67B3B7UL, 0xA4A44072UL),
    HB_U64_INIT(0x78E5C0CCUL, 0x4EE679CBUL), HB_U64_INIT(0x2172FFCCUL, 0x7DD05A82UL),
    HB_U64_INIT(0x8E2443F7UL, 0x744608B8UL), HB_U64_INIT(0x4C263A81UL, 0xE69035E0UL),
    HB_U64_INIT(0xCB00C391UL, 0xBB52283CUL), HB_U64_INIT(0xA32E531BUL, 0x8B65D088UL),
    HB_U64_INIT(0x4EF90DA2UL, 0x97486471UL), HB_U64_INIT(0xD8ACDEA9UL, 0x46EF1938UL),
    HB_U64_INIT(0x3F349CE3UL, 0x3F76FAA8UL), HB_U64_INIT(0x1D4F0BC7UL, 0xC7BBDCF9UL),
    HB_U64_INIT(0x3159B4CDUL, 0x4BE0518AUL), HB_U64_INIT(0x647378D9UL, 0xC97E9FC8UL),
    HB_U64_INIT(0xC3EBD334UL, 0x83ACC5EAUL), HB_U64_INIT(0xEB6313FAUL, 0xFFA081C5UL),
    HB_U64_INIT(0x49DAF0B7UL, 0x51DD0D17UL), HB_U64_INIT(0x9E68D429UL, 0x265516D3UL),
    HB_U64_INIT(0xFCA1477DUL, 0x58BE162BUL), HB_U64_INIT(0xCE31D07AUL, 0xD1B8F88FUL),
    HB_U64_INIT(0x28041695UL, 0x8F3ACB45UL), HB_U64_INIT(0x7E404BBBUL, 0xCAFBD7AFUL)
};

static const hb_u64 PRIME32_1 = HB_U64_INIT(0, 0x9E3779B1UL);
static const hb_u64 PRIME32_2 = HB_U64_INIT(0, 0x85EBCA77UL);
static const hb_u64 PRIME32_3 = HB_U64_INIT(0, 0xC2B2AE3DUL);
static const hb_u64 PRIME64_1 = HB_U64_INIT(0x9E3779B1UL, 0x85EBCA87UL);
static const hb_u64 PRIME64_2 = HB_U64_INIT(0xC2B2AE3DUL, 0x27D4EB4FUL);
static const hb_u64 PRIME64_3 = HB_U64_INIT(0x165667B1UL, 0x9E3779F9UL);
static const hb_u64 PRIME64_4 = HB_U64_INIT(0x85EBCA77UL, 0xC2B2AE63UL);
static const hb_u64 PRIME64_5 = HB_U64_INIT(0x27D4EB2FUL, 0x165667C5UL);
static const hb_u64 PRIME_MX1 = HB_U64_INIT(0x16566791UL, 0x9E3779F9UL);
static const hb_u64 PRIME_MX2 = HB_U64_INIT(0x9FB21C65UL, 0x1E98DF25UL);

/* ---- building blocks ---------------------------------------------------- */

/* r = low half xor high half of the 128-bit product a * b */
static void mul_fold(hb_u64 *r, const hb_u64 *a, const hb_u64 *b)
{
    hb_u64 lo, hi;
    HB_U64_MUL128(lo, hi, *a, *b);
    HB_U64_XOR(*r, lo, hi);
}

/* spec: avalanche() */
static void avalanche(hb_u64 *h)
{
    hb_u64 t;
    HB_U64_SHR(t, *h, 37);
    HB_U64_XOR(*h, *h, t);
    HB_U64_MUL(*h, *h, PRIME_MX1);
    HB_U64_SHR(t, *h, 32);
    HB_U64_XOR(*h, *h, t);
}

/* spec: avalanche_XXH64() */
static void avalanche_xxh64(hb_u64 *h)
{
    hb_u64 t;
    HB_U64_SHR(t, *h, 33);
    HB_U64_XOR(*h, *h, t);
    HB_U64_MUL(*h, *h, PRIME64_2);
    HB_U64_SHR(t, *h, 29);
    HB_U64_XOR(*h, *h, t);
    HB_U64_MUL(*h, *h, PRIME64_3);
    HB_U64_SHR(t, *h, 32);
    HB_U64_XOR(*h, *h, t);
}

/* spec: mixStep(data, secretOffset, 0) */
static void mix16(hb_u64 *r, const uint8_t *p, const uint8_t *secret)
{
    hb_u64 a, b, k;
    HB_U64_LOAD_LE(a, p);
    HB_U64_LOAD_LE(k, secret);
    HB_U64_XOR(a, a, k);
    HB_U64_LOAD_LE(b, p + 8);
    HB_U64_LOAD_LE(k, secret + 8);
    HB_U64_XOR(b, b, k);
    mul_fold(r, &a, &b);
}

/* spec: mixTwoChunks(data1, data2, secretOffset, 0) on acc[0], acc[1] */
static void mix32(hb_u64 *a0, hb_u64 *a1, const uint8_t *d1, const uint8_t *d2,
                  const uint8_t *secret)
{
    hb_u64 t, x;
    mix16(&t, d1, secret);
    HB_U64_ADD(*a0, *a0, t);
    mix16(&t, d2, secret + 16);
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

/* The 1-3 byte combination: last byte, length, first byte, middle byte. */
static uint32_t combine_1to3(const uint8_t *p, unsigned len)
{
    return (uint32_t)p[len - 1u] | ((uint32_t)len << 8) | ((uint32_t)p[0] << 16) |
           ((uint32_t)p[len >> 1] << 24);
}

/* ---- XXH3-64, 0 to 240 bytes -------------------------------------------- */

static void short64(hb_u64 *h, const uint8_t *p, unsigned len)
{
    hb_u64 a, b, t, l;
    unsigned i, n;

    HB_U64_SET(l, 0, len);
    if (len == 0) {
        HB_U64_LOAD_LE(a, SECRET + 56);
        HB_U64_LOAD_LE(b, SECRET + 64);
        HB_U64_XOR(t, a, b);
        avalanche_xxh64(&t);
    } else if (len <= 3) {
        uint32_t k = HB_LOAD32_LE(SECRET) ^ HB_LOAD32_LE(SECRET + 4);
        HB_U64_SET(t, 0, k ^ combine_1to3(p, len));
        avalanche_xxh64(&t);
    } else if (len <= 8) {
        /* combined = inputLast | inputFirst << 32 */
        HB_U64_SET(a, HB_LOAD32_LE(p), HB_LOAD32_LE(p + len - 4));
        HB_U64_LOAD_LE(t, SECRET + 8);
        HB_U64_LOAD_LE(b, SECRET + 16);
        HB_U64_XOR(t, t, b);
        HB_U64_XOR(t, t, a);
        HB_U64_ROTL(a, t, 49);
        HB_U64_ROTL(b, t, 24);
        HB_U64_XOR(t, t, a);
        HB_U64_XOR(t, t, b);
        HB_U64_MUL(t, t, PRIME_MX2);
        HB_U64_SHR(a, t, 35);
        HB_U64_ADD(a, a, l);
        HB_U64_XOR(t, t, a);
        HB_U64_MUL(t, t, PRIME_MX2);
        HB_U64_SHR(a, t, 28);
        HB_U64_XOR(t, t, a);
    } else if (len <= 16) {
        hb_u64 lo, hi;
        HB_U64_LOAD_LE(a, SECRET + 24);
        HB_U64_LOAD_LE(b, SECRET + 32);
        HB_U64_XOR(lo, a, b);
        HB_U64_LOAD_LE(a, p);
        HB_U64_XOR(lo, lo, a);
        HB_U64_LOAD_LE(a, SECRET + 40);
        HB_U64_LOAD_LE(b, SECRET + 48);
        HB_U64_XOR(hi, a, b);
        HB_U64_LOAD_LE(a, p + len - 8);
        HB_U64_XOR(hi, hi, a);
        mul_fold(&t, &lo, &hi);
        HB_U64_BSWAP(a, lo);
        HB_U64_ADD(t, t, a);
        HB_U64_ADD(t, t, hi);
        HB_U64_ADD(t, t, l);
        avalanche(&t);
    } else if (len <= 128) {
        HB_U64_MUL(t, l, PRIME64_1);
        n = ((len - 1u) >> 5) + 1u;
        for (i = n; i-- > 0;) {
            mix16(&a, p + 16u * i, SECRET + 32u * i);
            HB_U64_ADD(t, t, a);
            mix16(&a, p + len - 16u - 16u * i, SECRET + 32u * i + 16u);
            HB_U64_ADD(t, t, a);
        }
        avalanche(&t);
    } else {
        HB_U64_MUL(t, l, PRIME64_1);
        for (i = 0; i < 8; i++) {
            mix16(&a, p + 16u * i, SECRET + 16u * i);
            HB_U64_ADD(t, t, a);
        }
        avalanche(&t);
        n = len >> 4;
        for (i = 8; i < n; i++) {
            mix16(&a, p + 16u * i, SECRET + 16u * (i - 8u) + 3u);
            HB_U64_ADD(t, t, a);
        }
        mix16(&a, p + len - 16u, SECRET + 119);
        HB_U64_ADD(t, t, a);
        avalanche(&t);
    }
    *h = t;
}

/* ---- XXH3-128, 0 to 240 bytes ------------------------------------------- */

/* spec: XXH3_128_17to240() finalisation */
static void fin128(hb_u64 *lo, hb_u64 *hi, const hb_u64 *a0, const hb_u64 *a1,
                   const hb_u64 *l)
{
    hb_u64 x, y;
    HB_U64_ADD(*lo, *a0, *a1);
    avalanche(lo);
    HB_U64_MUL(x, *a0, PRIME64_1);
    HB_U64_MUL(y, *a1, PRIME64_4);
    HB_U64_ADD(x, x, y);
    HB_U64_MUL(y, *l, PRIME64_2);
    HB_U64_ADD(x, x, y);
    avalanche(&x);
    HB_U64_SET(y, 0, 0);
    HB_U64_SUB(*hi, y, x);
}

static void short128(hb_u64 *lo, hb_u64 *hi, const uint8_t *p, unsigned len)
{
    hb_u64 a, b, t, l, m, a0, a1;
    unsigned i, n;

    HB_U64_SET(l, 0, len);
    if (len == 0) {
        HB_U64_LOAD_LE(a, SECRET + 64);
        HB_U64_LOAD_LE(b, SECRET + 72);
        HB_U64_XOR(*lo, a, b);
        avalanche_xxh64(lo);
        HB_U64_LOAD_LE(a, SECRET + 80);
        HB_U64_LOAD_LE(b, SECRET + 88);
        HB_U64_XOR(*hi, a, b);
        avalanche_xxh64(hi);
    } else if (len <= 3) {
        uint32_t c = combine_1to3(p, len);
        uint32_t k = HB_LOAD32_LE(SECRET) ^ HB_LOAD32_LE(SECRET + 4);
        uint32_t sw;
        HB_U64_SET(*lo, 0, k ^ c);
        avalanche_xxh64(lo);
        k = HB_LOAD32_LE(SECRET + 8) ^ HB_LOAD32_LE(SECRET + 12);
        sw = (c >> 24) | ((c >> 8) & 0xFF00u) | ((c << 8) & 0xFF0000UL) | (c << 24);
        HB_U64_SET(*hi, 0, k ^ HB_ROTL32(sw, 13));
        avalanche_xxh64(hi);
    } else if (len <= 8) {
        /* combined = inputFirst | inputLast << 32 */
        HB_U64_SET(a, HB_LOAD32_LE(p + len - 4), HB_LOAD32_LE(p));
        HB_U64_LOAD_LE(t, SECRET + 16);
        HB_U64_LOAD_LE(b, SECRET + 24);
        HB_U64_XOR(t, t, b);
        HB_U64_XOR(t, t, a);
        HB_U64_ADD32(m, PRIME64_1, (uint32_t)len << 2);
        HB_U64_MUL128(a0, a1, t, m);            /* a0 low, a1 high */
        HB_U64_SHL(a, a0, 1);
        HB_U64_ADD(a1, a1, a);
        HB_U64_SHR(a, a1, 3);
        HB_U64_XOR(a0, a0, a);
        HB_U64_SHR(a, a0, 35);
        HB_U64_XOR(a0, a0, a);
        HB_U64_MUL(a0, a0, PRIME_MX2);
        HB_U64_SHR(a, a0, 28);
        HB_U64_XOR(*lo, a0, a);
        avalanche(&a1);
        *hi = a1;
    } else if (len <= 16) {
        hb_u64 first, last, v1, v2;
        HB_U64_LOAD_LE(first, p);
        HB_U64_LOAD_LE(last, p + len - 8);
        HB_U64_LOAD_LE(a, SECRET + 32);
        HB_U64_LOAD_LE(b, SECRET + 40);
        HB_U64_XOR(v1, a, b);
        HB_U64_XOR(v1, v1, first);
        HB_U64_XOR(v1, v1, last);
        HB_U64_LOAD_LE(a, SECRET + 48);
        HB_U64_LOAD_LE(b, SECRET + 56);
        HB_U64_XOR(v2, a, b);
        HB_U64_XOR(v2, v2, last);
        HB_U64_MUL128(a0, a1, v1, PRIME64_1);
        HB_U64_SET(a, (uint32_t)(len - 1u) << 22, 0);      /* (len - 1) << 54 */
        HB_U64_ADD(a0, a0, a);
        HB_U64_SET(a, HB_U64_HI(v2), 0);                  /* high32(v2) << 32 */
        HB_U64_ADD(a1, a1, a);
        HB_U64_MUL32(a, HB_U64_LO(v2), HB_U64_LO(PRIME32_2));
        HB_U64_ADD(a1, a1, a);
        HB_U64_BSWAP(a, a1);
        HB_U64_XOR(a0, a0, a);
        HB_U64_MUL128(*lo, *hi, a0, PRIME64_2);
        HB_U64_MUL(a, a1, PRIME64_2);
        HB_U64_ADD(*hi, *hi, a);
        avalanche(lo);
        avalanche(hi);
    } else if (len <= 128) {
        HB_U64_MUL(a0, l, PRIME64_1);
        HB_U64_SET(a1, 0, 0);
        n = ((len - 1u) >> 5) + 1u;
        for (i = n; i-- > 0;)
            mix32(&a0, &a1, p + 16u * i, p + len - 16u - 16u * i, SECRET + 32u * i);
        fin128(lo, hi, &a0, &a1, &l);
    } else {
        HB_U64_MUL(a0, l, PRIME64_1);
        HB_U64_SET(a1, 0, 0);
        for (i = 0; i < 4; i++)
            mix32(&a0, &a1, p + 32u * i, p + 32u * i + 16u, SECRET + 32u * i);
        avalanche(&a0);
        avalanche(&a1);
        n = len >> 5;
        for (i = 4; i < n; i++)
            mix32(&a0, &a1, p + 32u * i, p + 32u * i + 16u, SECRET + 32u * (i - 4u) + 3u);
        mix32(&a0, &a1, p + len - 16u, p + len - 32u, SECRET + 103);
        fin128(lo, hi, &a0, &a1, &l);
    }
}

/* ---- long inputs ------------------------------------------------------- */

void hb_xxh3_accumulate_stripe(hb_u64 *acc, const uint8_t *stripe, const uint8_t *secret)
{
    hb_u64 d, k, t;
    unsigned i;
    for (i = 0; i < 8; i++) {
        HB_U64_LOAD_LE(d, stripe + 8u * i);
        HB_U64_LOAD_LE(k, secret + 8u * i);
        HB_U64_XOR(k, k, d);
        HB_U64_ADD(acc[i ^ 1u], acc[i ^ 1u], d);
        HB_U64_MUL32(t, HB_U64_LO(k), HB_U64_HI(k));
        HB_U64_ADD(acc[i], acc[i], t);
    }
}

void hb_xxh3_scramble(hb_u64 *acc)
{
    hb_u64 t;
    unsigned i;
    for (i = 0; i < 8; i++) {
        HB_U64_SHR(t, acc[i], 47);
        HB_U64_XOR(acc[i], acc[i], t);
        HB_U64_LOAD_LE(t, SECRET + HB_XXH3_SECRET_SIZE - 64u + 8u * i);
        HB_U64_XOR(acc[i], acc[i], t);
        HB_U64_MUL(acc[i], acc[i], PRIME32_1);
    }
}

/* spec: finalMerge(start, secretOffset) */
static void merge(hb_u64 *r, const hb_u64 *acc, const uint8_t *secret, const hb_u64 *start)
{
    hb_u64 a, b, k;
    unsigned i;
    *r = *start;
    for (i = 0; i < 4; i++) {
        HB_U64_LOAD_LE(k, secret + 16u * i);
        HB_U64_XOR(a, acc[2u * i], k);
        HB_U64_LOAD_LE(k, secret + 16u * i + 8u);
        HB_U64_XOR(b, acc[2u * i + 1u], k);
        mul_fold(&k, &a, &b);
        HB_U64_ADD(*r, *r, k);
    }
    avalanche(r);
}

/* The accumulators of a message longer than 240 bytes: the state's (or the
 * starting values, when nothing has been accumulated yet), plus the whole
 * stripes still in the buffer except the last (spec: lastRound), plus the
 * last 64 bytes of the message at secret offset 192 - 64 - 7, which end
 * where the buffered bytes do (the history supplies those before them). */
static void long_acc(const hb_xxh3_state *s, hb_u64 *acc, hb_xxh3_stripes_fn fn)
{
    const uint8_t *buf = HB_XXH3_BUF(s);
    unsigned nb = s->buffered, i;
    uint8_t stripes = 0;

    if (HB_XXH3_STARTED(s)) {
        for (i = 0; i < 8; i++)
            acc[i] = s->acc[i];
        stripes = s->stripes;
    } else {
        hb_xxh3_init_acc(acc);
    }
    fn(acc, &stripes, buf, (nb - 1u) / HB_XXH3_STRIPE_LEN);
    hb_xxh3_accumulate_stripe(acc, buf + nb - HB_XXH3_STRIPE_LEN,
                              SECRET + HB_XXH3_SECRET_SIZE - HB_XXH3_STRIPE_LEN - 7u);
}

static int is_short(const hb_xxh3_state *s)
{
    return HB_U64_HI(s->total) == 0 && HB_U64_LO(s->total) <= HB_XXH3_MIDSIZE_MAX;
}

/* ---- streaming ----------------------------------------------------------- */

void hb_xxh3_init_acc(hb_u64 *acc)
{
    acc[0] = PRIME32_3;
    acc[1] = PRIME64_1;
    acc[2] = PRIME64_2;
    acc[3] = PRIME64_3;
    acc[4] = PRIME64_4;
    acc[5] = PRIME32_2;
    acc[6] = PRIME64_5;
    acc[7] = PRIME32_1;
}

/* Three stores: the accumulators wait for the first stripe (xxh3.h). */
void hb_xxh3_reset(hb_xxh3_state *s)
{
    HB_U64_SET(s->total, 0, 0);
    s->buffered = 0;
    s->stripes = 0;
}

void hb_xxh3_copy_bytes(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        dst[i] = src[i];
}

void hb_xxh3_update(hb_xxh3_state *s, const uint8_t *p, size_t len, hb_xxh3_stripes_fn fn,
                   hb_xxh3_copy_fn copy)
{
    uint8_t *buf = HB_XXH3_BUF(s);
    size_t room, n;
    hb_u64 t;

    room = HB_XXH3_BUFFER_SIZE - s->buffered;
    if (len <= room) {
        copy(buf + s->buffered, p, len);
        s->buffered = (uint16_t)(s->buffered + len);
        HB_U64_ADD32(s->total, s->total, (uint32_t)len);
        return;
    }
    /* More than fits: stripes are accumulated from here on, and the buffered
     * bytes are not the end of the message. */
    if (!HB_XXH3_STARTED(s)) {
        hb_xxh3_init_acc(s->acc);
        s->stripes = 0;
    }
    /* total += len, len possibly wider than 32 bits (three shifts, each
     * narrower than a 16-bit size_t) */
    HB_U64_ADD32(s->total, s->total, (uint32_t)len);
    n = ((len >> 15) >> 15) >> 2;
    if (n != 0) {
        HB_U64_SET(t, (uint32_t)n, 0);
        HB_U64_ADD(s->total, s->total, t);
    }

    if (s->buffered != 0) {
        copy(buf + s->buffered, p, room);
        p += room;
        len -= room;
        fn(s->acc, &s->stripes, buf, HB_XXH3_BUFFER_SIZE / HB_XXH3_STRIPE_LEN);
        /* its last stripe becomes the history */
        copy(s->mem, buf + HB_XXH3_BUFFER_SIZE - HB_XXH3_HISTORY, HB_XXH3_HISTORY);
        s->buffered = 0;
    }
    if (len > HB_XXH3_BUFFER_SIZE) {
        /* whole stripes straight from the input, keeping 1..64 bytes back;
         * the last stripe consumed and those bytes go into the state as one
         * run: the history, then the buffer */
        n = (len - 1u) / HB_XXH3_STRIPE_LEN;
        fn(s->acc, &s->stripes, p, n);
        p += n * HB_XXH3_STRIPE_LEN;
        len -= n * HB_XXH3_STRIPE_LEN;
        copy(s->mem, p - HB_XXH3_HISTORY, HB_XXH3_HISTORY + len);
    } else {
        copy(buf, p, len);
    }
    s->buffered = (uint16_t)len;
}

void hb_xxh3_final64(const hb_xxh3_state *s, uint8_t *digest, hb_xxh3_stripes_fn fn)
{
    hb_u64 h, start, acc[8];
    if (is_short(s)) {
        short64(&h, HB_XXH3_BUF(s), (unsigned)HB_U64_LO(s->total));
    } else {
        long_acc(s, acc, fn);
        HB_U64_MUL(start, s->total, PRIME64_1);
        merge(&h, acc, SECRET + 11, &start);
    }
    HB_U64_STORE_BE(digest, h);
}

void hb_xxh3_final128(const hb_xxh3_state *s, uint8_t *digest, hb_xxh3_stripes_fn fn)
{
    hb_u64 lo, hi, start, acc[8];
    if (is_short(s)) {
        short128(&lo, &hi, HB_XXH3_BUF(s), (unsigned)HB_U64_LO(s->total));
    } else {
        long_acc(s, acc, fn);
        HB_U64_MUL(start, s->total, PRIME64_1);
        merge(&lo, acc, SECRET + 11, &start);
        HB_U64_MUL(start, s->total, PRIME64_2);
        HB_U64_NOT(start, start);
        merge(&hi, acc, SECRET + HB_XXH3_SECRET_SIZE - 64u - 11u, &start);
    }
    HB_U64_STORE_BE(digest, hi);
    HB_U64_STORE_BE(digest + 8, lo);
}

void hb_xxh3_64_init(hb_xxh3_64_ctx *c) { hb_xxh3_reset(c); }
void hb_xxh3_128_init(hb_xxh3_128_ctx *c) { hb_xxh3_reset(c); }
