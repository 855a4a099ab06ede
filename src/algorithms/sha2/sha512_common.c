/* SHA-512 and SHA-384 (FIPS 180-4): constants, initial values, and the
 * buffering and padding every implementation shares: a 128-byte block, a
 * 128-bit byte counter, and the 128-bit big-endian bit length at the end of
 * the padding.  The implementations supply only a compress function
 * (hb_block64_fn).  All 64-bit arithmetic goes through hashbench/u64.h, so
 * this builds with -DHB_U64_PAIR for cc65. */
#include "hashbench/sha2.h"

/* FIPS 180-4 4.2.3: the first 64 bits of the fractional parts of the cube
 * roots of the first 80 primes. */
const hb_u64 hb_sha512_k[80] = {
    HB_U64_INIT(0x428a2f98UL, 0xd728ae22UL), HB_U64_INIT(0x71374491UL, 0x23ef65cdUL),
    HB_U64_INIT(0xb5c0fbcfUL, 0xec4d3b2fUL), HB_U64_INIT(0xe9b5dba5UL, 0x8189dbbcUL),
    HB_U64_INIT(0x3956c25bUL, 0xf348b538UL), HB_U64_INIT(0x59f111f1UL, 0xb605d019UL),
    HB_U64_INIT(0x923f82a4UL, 0xaf194f9bUL), HB_U64_INIT(0xab1c5ed5UL, 0xda6d8118UL),
    HB_U64_INIT(0xd807aa98UL, 0xa3030242UL), HB_U64_INIT(0x12835b01UL, 0x45706fbeUL),
    HB_U64_INIT(0x243185beUL, 0x4ee4b28cUL), HB_U64_INIT(0x550c7dc3UL, 0xd5ffb4e2UL),
    HB_U64_INIT(0x72be5d74UL, 0xf27b896fUL), HB_U64_INIT(0x80deb1feUL, 0x3b1696b1UL),
    HB_U64_INIT(0x9bdc06a7UL, 0x25c71235UL), HB_U64_INIT(0xc19bf174UL, 0xcf692694UL),
    HB_U64_INIT(0xe49b69c1UL, 0x9ef14ad2UL), HB_U64_INIT(0xefbe4786UL, 0x384f25e3UL),
    HB_U64_INIT(0x0fc19dc6UL, 0x8b8cd5b5UL), HB_U64_INIT(0x240ca1ccUL, 0x77ac9c65UL),
    HB_U64_INIT(0x2de92c6fUL, 0x592b0275UL), HB_U64_INIT(0x4a7484aaUL, 0x6ea6e483UL),
    HB_U64_INIT(0x5cb0a9dcUL, 0xbd41fbd4UL), HB_U64_INIT(0x76f988daUL, 0x831153b5UL),
    HB_U64_INIT(0x983e5152UL, 0xee66dfabUL), HB_U64_INIT(0xa831c66dUL, 0x2db43210UL),
    HB_U64_INIT(0xb00327c8UL, 0x98fb213fUL), HB_U64_INIT(0xbf597fc7UL, 0xbeef0ee4UL),
    HB_U64_INIT(0xc6e00bf3UL, 0x3da88fc2UL), HB_U64_INIT(0xd5a79147UL, 0x930aa725UL),
    HB_U64_INIT(0x06ca6351UL, 0xe003826fUL), HB_U64_INIT(0x14292967UL, 0x0a0e6e70UL),
    HB_U64_INIT(0x27b70a85UL, 0x46d22ffcUL), HB_U64_INIT(0x2e1b2138UL, 0x5c26c926UL),
    HB_U64_INIT(0x4d2c6dfcUL, 0x5ac42aedUL), HB_U64_INIT(0x53380d13UL, 0x9d95b3dfUL),
    HB_U64_INIT(0x650a7354UL, 0x8baf63deUL), HB_U64_INIT(0x766a0abbUL, 0x3c77b2a8UL),
    HB_U64_INIT(0x81c2c92eUL, 0x47edaee6UL), HB_U64_INIT(0x92722c85UL, 0x1482353bUL),
    HB_U64_INIT(0xa2bfe8a1UL, 0x4cf10364UL), HB_U64_INIT(0xa81a664bUL, 0xbc423001UL),
    HB_U64_INIT(0xc24b8b70UL, 0xd0f89791UL), HB_U64_INIT(0xc76c51a3UL, 0x0654be30UL),
    HB_U64_INIT(0xd192e819UL, 0xd6ef5218UL), HB_U64_INIT(0xd6990624UL, 0x5565a910UL),
    HB_U64_INIT(0xf40e3585UL, 0x5771202aUL), HB_U64_INIT(0x106aa070UL, 0x32bbd1b8UL),
    HB_U64_INIT(0x19a4c116UL, 0xb8d2d0c8UL), HB_U64_INIT(0x1e376c08UL, 0x5141ab53UL),
    HB_U64_INIT(0x2748774cUL, 0xdf8eeb99UL), HB_U64_INIT(0x34b0bcb5UL, 0xe19b48a8UL),
    HB_U64_INIT(0x391c0cb3UL, 0xc5c95a63UL), HB_U64_INIT(0x4ed8aa4aUL, 0xe3418acbUL),
    HB_U64_INIT(0x5b9cca4fUL, 0x7763e373UL), HB_U64_INIT(0x682e6ff3UL, 0xd6b2b8a3UL),
    HB_U64_INIT(0x748f82eeUL, 0x5defb2fcUL), HB_U64_INIT(0x78a5636fUL, 0x43172f60UL),
    HB_U64_INIT(0x84c87814UL, 0xa1f0ab72UL), HB_U64_INIT(0x8cc70208UL, 0x1a6439ecUL),
    HB_U64_INIT(0x90befffaUL, 0x23631e28UL), HB_U64_INIT(0xa4506cebUL, 0xde82bde9UL),
    HB_U64_INIT(0xbef9a3f7UL, 0xb2c67915UL), HB_U64_INIT(0xc67178f2UL, 0xe372532bUL),
    HB_U64_INIT(0xca273eceUL, 0xea26619cUL), HB_U64_INIT(0xd186b8c7UL, 0x21c0c207UL),
    HB_U64_INIT(0xeada7dd6UL, 0xcde0eb1eUL), HB_U64_INIT(0xf57d4f7fUL, 0xee6ed178UL),
    HB_U64_INIT(0x06f067aaUL, 0x72176fbaUL), HB_U64_INIT(0x0a637dc5UL, 0xa2c898a6UL),
    HB_U64_INIT(0x113f9804UL, 0xbef90daeUL), HB_U64_INIT(0x1b710b35UL, 0x131c471bUL),
    HB_U64_INIT(0x28db77f5UL, 0x23047d84UL), HB_U64_INIT(0x32caab7bUL, 0x40c72493UL),
    HB_U64_INIT(0x3c9ebe0aUL, 0x15c9bebcUL), HB_U64_INIT(0x431d67c4UL, 0x9c100d4cUL),
    HB_U64_INIT(0x4cc5d4beUL, 0xcb3e42b6UL), HB_U64_INIT(0x597f299cUL, 0xfc657e2aUL),
    HB_U64_INIT(0x5fcb6fabUL, 0x3ad6faecUL), HB_U64_INIT(0x6c44198cUL, 0x4a475817UL)
};

/* FIPS 180-4 5.3.5: square roots of the first 8 primes. */
static const hb_u64 sha512_iv[8] = {
    HB_U64_INIT(0x6a09e667UL, 0xf3bcc908UL), HB_U64_INIT(0xbb67ae85UL, 0x84caa73bUL),
    HB_U64_INIT(0x3c6ef372UL, 0xfe94f82bUL), HB_U64_INIT(0xa54ff53aUL, 0x5f1d36f1UL),
    HB_U64_INIT(0x510e527fUL, 0xade682d1UL), HB_U64_INIT(0x9b05688cUL, 0x2b3e6c1fUL),
    HB_U64_INIT(0x1f83d9abUL, 0xfb41bd6bUL), HB_U64_INIT(0x5be0cd19UL, 0x137e2179UL)
};

/* FIPS 180-4 5.3.4: square roots of the 9th to 16th primes. */
static const hb_u64 sha384_iv[8] = {
    HB_U64_INIT(0xcbbb9d5dUL, 0xc1059ed8UL), HB_U64_INIT(0x629a292aUL, 0x367cd507UL),
    HB_U64_INIT(0x9159015aUL, 0x3070dd17UL), HB_U64_INIT(0x152fecd8UL, 0xf70e5939UL),
    HB_U64_INIT(0x67332667UL, 0xffc00b31UL), HB_U64_INIT(0x8eb44a87UL, 0x68581511UL),
    HB_U64_INIT(0xdb0c2e0dUL, 0x64f98fa7UL), HB_U64_INIT(0x47b5481dUL, 0xbefa4fa4UL)
};

static void init_with(hb_sha512_ctx *c, const hb_u64 *iv)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        c->state[i] = iv[i];
    HB_U64_SET(c->count_lo, 0, 0);
    HB_U64_SET(c->count_hi, 0, 0);
    c->used = 0;
}

void hb_sha512_init(hb_sha512_ctx *c)
{
    init_with(c, sha512_iv);
}

void hb_sha384_init(hb_sha384_ctx *c)
{
    init_with(c, sha384_iv);
}

/* Adds len to the 128-bit byte counter. */
static void count_bytes(hb_sha512_ctx *c, size_t len)
{
    uint32_t add = (uint32_t)len;
    /* where size_t is wider than 32 bits, the rest of len (divisions, not a
     * shift by 32: size_t is 16 bits on cc65) */
    uint32_t high = (uint32_t)(len / 65536UL / 65536UL);
    hb_u64 t;

    HB_U64_ADD32(c->count_lo, c->count_lo, add);
    if (HB_U64_HI(c->count_lo) == 0 && HB_U64_LO(c->count_lo) < add)
        HB_U64_ADD32(c->count_hi, c->count_hi, 1);
    if (high != 0) {
        HB_U64_SET(t, high, 0);
        HB_U64_ADD(c->count_lo, c->count_lo, t);
        if (HB_U64_HI(c->count_lo) < high)
            HB_U64_ADD32(c->count_hi, c->count_hi, 1);
    }
}

void hb_sha512_update_with(hb_sha512_ctx *c, const uint8_t *data, size_t len,
                           hb_block64_fn compress)
{
    size_t take, whole;

    if (len == 0)       /* data may be NULL then: no data + 0 below */
        return;
    count_bytes(c, len);
    if (c->used > 0) {
        take = HB_SHA512_BLOCK - c->used;
        if (take > len)
            take = len;
        for (whole = 0; whole < take; whole++)
            c->buf[c->used + whole] = data[whole];
        c->used = (uint8_t)(c->used + take);
        data += take;
        len -= take;
        if (c->used < HB_SHA512_BLOCK)
            return;
        compress(c->state, c->w, c->buf, 1);
        c->used = 0;
    }
    whole = len / HB_SHA512_BLOCK;
    if (whole > 0) {
        compress(c->state, c->w, data, whole);
        data += whole * HB_SHA512_BLOCK;
        len -= whole * HB_SHA512_BLOCK;
    }
    for (take = 0; take < len; take++)
        c->buf[take] = data[take];
    c->used = (uint8_t)len;
}

void hb_sha512_final_with(hb_sha512_ctx *c, uint8_t *digest, unsigned out_len,
                          hb_block64_fn compress)
{
    hb_u64 bits_hi, bits_lo, t;
    unsigned i = c->used;

    /* the message length in bits: the 128-bit byte counter times 8 */
    HB_U64_SHL(bits_hi, c->count_hi, 3);
    HB_U64_SHR(t, c->count_lo, 61);
    HB_U64_OR(bits_hi, bits_hi, t);
    HB_U64_SHL(bits_lo, c->count_lo, 3);

    c->buf[i++] = 0x80;
    if (i > HB_SHA512_BLOCK - 16) {
        while (i < HB_SHA512_BLOCK)
            c->buf[i++] = 0;
        compress(c->state, c->w, c->buf, 1);
        i = 0;
    }
    while (i < HB_SHA512_BLOCK - 16)
        c->buf[i++] = 0;
    HB_U64_STORE_BE(c->buf + 112, bits_hi);
    HB_U64_STORE_BE(c->buf + 120, bits_lo);
    compress(c->state, c->w, c->buf, 1);
    c->used = 0;

    for (i = 0; i < out_len / 8; i++)
        HB_U64_STORE_BE(digest + 8 * i, c->state[i]);
}
