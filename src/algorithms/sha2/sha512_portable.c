/* SHA-512 and SHA-384, portable: FIPS 180-4 section 6.4.2 as written.  An
 * 80-word message schedule (the context's scratch, not the stack), then 80
 * rounds over the eight working variables a..h.  Every 64-bit operation goes
 * through hashbench/u64.h. */
#include "hashbench/sha2.h"

/* r = ROTR^n1(x) ^ ROTR^n2(x) ^ ROTR^n3(x) (the big sigmas) */
static void big_sigma(hb_u64 *r, const hb_u64 *x, unsigned n1, unsigned n2, unsigned n3)
{
    hb_u64 t;
    HB_U64_ROTR(*r, *x, n1);
    HB_U64_ROTR(t, *x, n2);
    HB_U64_XOR(*r, *r, t);
    HB_U64_ROTR(t, *x, n3);
    HB_U64_XOR(*r, *r, t);
}

/* r = ROTR^n1(x) ^ ROTR^n2(x) ^ SHR^n3(x) (the small sigmas) */
static void small_sigma(hb_u64 *r, const hb_u64 *x, unsigned n1, unsigned n2, unsigned n3)
{
    hb_u64 t;
    HB_U64_ROTR(*r, *x, n1);
    HB_U64_ROTR(t, *x, n2);
    HB_U64_XOR(*r, *r, t);
    HB_U64_SHR(t, *x, n3);
    HB_U64_XOR(*r, *r, t);
}

void hb_sha512_compress_portable(hb_u64 *state, hb_u64 *w, const uint8_t *blocks,
                                 size_t nblocks)
{
    hb_u64 a, b, c, d, e, f, g, h, t1, t2, u;
    unsigned t;

    while (nblocks-- > 0) {
        /* 1. prepare the message schedule */
        for (t = 0; t < 16; t++)
            HB_U64_LOAD_BE(w[t], blocks + 8 * t);
        for (t = 16; t < 80; t++) {
            small_sigma(&t1, &w[t - 2], 19, 61, 6);
            small_sigma(&t2, &w[t - 15], 1, 8, 7);
            HB_U64_ADD(w[t], t1, w[t - 7]);
            HB_U64_ADD(w[t], w[t], t2);
            HB_U64_ADD(w[t], w[t], w[t - 16]);
        }

        /* 2. initialise the working variables */
        a = state[0]; b = state[1]; c = state[2]; d = state[3];
        e = state[4]; f = state[5]; g = state[6]; h = state[7];

        /* 3. the 80 rounds */
        for (t = 0; t < 80; t++) {
            /* T1 = h + SIGMA1(e) + Ch(e, f, g) + K[t] + W[t] */
            big_sigma(&t1, &e, 14, 18, 41);
            HB_U64_ADD(t1, t1, h);
            HB_U64_AND(t2, e, f);           /* Ch(e, f, g) = (e & f) ^ (~e & g) */
            HB_U64_ANDN(u, e, g);
            HB_U64_XOR(t2, t2, u);
            HB_U64_ADD(t1, t1, t2);
            HB_U64_ADD(t1, t1, hb_sha512_k[t]);
            HB_U64_ADD(t1, t1, w[t]);
            /* T2 = SIGMA0(a) + Maj(a, b, c) */
            big_sigma(&t2, &a, 28, 34, 39);
            HB_U64_AND(u, a, b);            /* Maj = (a & b) ^ (a & c) ^ (b & c) */
            HB_U64_AND(h, a, c);            /* h is free: it is overwritten below */
            HB_U64_XOR(u, u, h);
            HB_U64_AND(h, b, c);
            HB_U64_XOR(u, u, h);
            HB_U64_ADD(t2, t2, u);

            h = g;
            g = f;
            f = e;
            HB_U64_ADD(e, d, t1);
            d = c;
            c = b;
            b = a;
            HB_U64_ADD(a, t1, t2);
        }

        /* 4. the intermediate hash value */
        HB_U64_ADD(state[0], state[0], a);
        HB_U64_ADD(state[1], state[1], b);
        HB_U64_ADD(state[2], state[2], c);
        HB_U64_ADD(state[3], state[3], d);
        HB_U64_ADD(state[4], state[4], e);
        HB_U64_ADD(state[5], state[5], f);
        HB_U64_ADD(state[6], state[6], g);
        HB_U64_ADD(state[7], state[7], h);

        blocks += HB_SHA512_BLOCK;
    }
}

void hb_sha512_update_portable(hb_sha512_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha512_update_with(c, data, len, hb_sha512_compress_portable);
}

void hb_sha512_final_portable(hb_sha512_ctx *c, uint8_t *digest)
{
    hb_sha512_final_with(c, digest, HB_SHA512_DIGEST, hb_sha512_compress_portable);
}

void hb_sha384_update_portable(hb_sha384_ctx *c, const uint8_t *data, size_t len)
{
    hb_sha512_update_with(c, data, len, hb_sha512_compress_portable);
}

void hb_sha384_final_portable(hb_sha384_ctx *c, uint8_t *digest)
{
    hb_sha512_final_with(c, digest, HB_SHA384_DIGEST, hb_sha512_compress_portable);
}
