/* PBKDF2-HMAC-SHA-256 (RFC 8018 section 5.2), generic over a SHA-256
 * compress function.
 *
 * The HMAC key is fixed for the whole derivation, so the states after the
 * K0 ^ ipad and K0 ^ opad blocks are computed once.  U_1 = HMAC(P, S ||
 * INT(i)) goes through the streaming SHA-256 (the salt may be any length);
 * every later U_j = HMAC(P, U_{j-1}) is exactly one 64-byte block for the
 * inner hash (32 bytes of U_{j-1}, then the padding for a 96-byte message)
 * and one for the outer hash, and that padding never changes: each
 * iteration writes 32 bytes into one prepared block and calls compress
 * twice.  The implementations (pbkdf2_sha256_portable.c, _fast.c) only name
 * their compress function. */
#include "hashbench.h"
#include "hashbench/mac.h"

/* The roster's salt: ASCII "hash-bench-salt". */
const uint8_t hb_pbkdf2_sha256_default_salt[15] = {
    'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 's', 'a', 'l', 't'
};

void hb_pbkdf2_sha256_init(hb_pbkdf2_sha256_ctx *c)
{
    c->key_len = 0;
    c->hashed = 0;
}

void hb_pbkdf2_sha256_update_with(hb_pbkdf2_sha256_ctx *c, const uint8_t *data, size_t len,
                                  hb_block32_fn compress)
{
    unsigned i;

    if (!c->hashed) {
        if (len <= (size_t)(HB_SHA256_BLOCK - c->key_len)) {
            for (i = 0; i < (unsigned)len; i++)
                c->key[c->key_len + i] = data[i];
            c->key_len = (uint8_t)(c->key_len + len);
            return;
        }
        /* past 64 bytes: the HMAC key becomes SHA-256(password) */
        hb_sha256_init(&c->pw);
        hb_sha256_update_with(&c->pw, c->key, c->key_len, compress);
        c->hashed = 1;
    }
    hb_sha256_update_with(&c->pw, data, len, compress);
}

void hb_pbkdf2_sha256_key0(hb_pbkdf2_sha256_ctx *c, uint8_t *k0, hb_block32_fn compress)
{
    unsigned i = 0;

    if (c->hashed) {
        hb_sha256_final_with(&c->pw, k0, compress);
        i = HB_SHA256_DIGEST;
    } else {
        for (; i < c->key_len; i++)
            k0[i] = c->key[i];
    }
    for (; i < HB_SHA256_BLOCK; i++)
        k0[i] = 0;
}

void hb_pbkdf2_sha256_final_with(hb_pbkdf2_sha256_ctx *c, uint8_t *out, hb_block32_fn compress)
{
    uint8_t k0[HB_SHA256_BLOCK];

    hb_pbkdf2_sha256_key0(c, k0, compress);
    hb_pbkdf2_sha256_derive_with(k0, hb_pbkdf2_sha256_default_salt,
                                 sizeof hb_pbkdf2_sha256_default_salt,
                                 HB_PBKDF2_SHA256_ITERATIONS, out, HB_SHA256_DIGEST, compress);
}

void hb_pbkdf2_sha256_derive_with(const uint8_t *k0, const uint8_t *salt, size_t salt_len,
                                  uint32_t iterations, uint8_t *out, size_t out_len,
                                  hb_block32_fn compress)
{
    uint32_t istate[8], ostate[8], t[8];
    hb_sha256_ctx h;            /* h.state holds U_j, h.blk.buf the prepared block */
    uint8_t *blk = h.blk.buf;
    uint8_t index[4];
    uint32_t block = 0, n;
    unsigned i, take;

    hb_hmac_sha256_pads_with(k0, istate, ostate, compress);
    while (out_len > 0) {
        block++;

        /* U_1 = HMAC(P, S || INT(block)): the inner hash, streaming */
        for (i = 0; i < 8; i++)
            h.state[i] = istate[i];
        hb_md_block_init(&h.blk);
        h.blk.count_lo = HB_SHA256_BLOCK;
        hb_sha256_update_with(&h, salt, salt_len, compress);
        HB_STORE32_BE(index, block);
        hb_sha256_update_with(&h, index, 4, compress);
        hb_md_block_pad(&h.blk, h.state, 1, compress);

        /* the prepared block: 32 bytes of message, 0x80, zeros, and the
         * bit length of a 96-byte message (64-byte key block + 32) */
        for (i = 32; i < 62; i++)
            blk[i] = 0;
        blk[32] = 0x80;
        blk[62] = 0x03;
        blk[63] = 0x00;

        /* the outer hash of U_1 */
        for (i = 0; i < 8; i++) {
            HB_STORE32_BE(blk + 4 * i, h.state[i]);
            h.state[i] = ostate[i];
        }
        compress(h.state, blk, 1);
        for (i = 0; i < 8; i++)
            t[i] = h.state[i];

        /* U_2 ... U_c: two compress calls each */
        for (n = 1; n < iterations; n++) {
            for (i = 0; i < 8; i++) {
                HB_STORE32_BE(blk + 4 * i, h.state[i]);
                h.state[i] = istate[i];
            }
            compress(h.state, blk, 1);
            for (i = 0; i < 8; i++) {
                HB_STORE32_BE(blk + 4 * i, h.state[i]);
                h.state[i] = ostate[i];
            }
            compress(h.state, blk, 1);
            for (i = 0; i < 8; i++)
                t[i] ^= h.state[i];
        }

        /* T_block, truncated for the last one */
        for (i = 0; i < 8; i++)
            HB_STORE32_BE(blk + 4 * i, t[i]);
        take = out_len < HB_SHA256_DIGEST ? (unsigned)out_len : HB_SHA256_DIGEST;
        for (i = 0; i < take; i++)
            out[i] = blk[i];
        out += take;
        out_len -= take;
    }
}

int hb_pbkdf2_sha256_resolve(const struct hb_params *p, size_t out_len, const uint8_t **salt,
                             size_t *salt_len, uint32_t *iterations)
{
    size_t last;

    *salt = hb_pbkdf2_sha256_default_salt;
    *salt_len = sizeof hb_pbkdf2_sha256_default_salt;
    *iterations = HB_PBKDF2_SHA256_ITERATIONS;
    if (out_len == 0)
        return -1;
    /* at most 2^32 - 1 blocks (RFC 8018 5.2 step 1) */
    last = (out_len - 1) / HB_SHA256_DIGEST;
    if (last / 65536UL / 65536UL != 0 || (uint32_t)last == 0xFFFFFFFFUL)
        return -1;
    if (p != 0) {
        if (p->key != 0 || p->key_len != 0)
            return -1;
        if (p->salt != 0) {
            *salt = p->salt;
            *salt_len = p->salt_len;
        } else if (p->salt_len != 0) {
            return -1;
        }
        if (p->iterations != 0)
            *iterations = p->iterations;
    }
    return 0;
}

int hb_pbkdf2_sha256_params_with(const struct hb_params *p, const uint8_t *data, size_t len,
                                 uint8_t *out, size_t out_len, hb_block32_fn compress)
{
    uint8_t k0[HB_SHA256_BLOCK];
    const uint8_t *salt;
    size_t salt_len;
    uint32_t iterations;

    if (hb_pbkdf2_sha256_resolve(p, out_len, &salt, &salt_len, &iterations) != 0)
        return -1;
    hb_hmac_sha256_key0_with(k0, data, len, compress);
    hb_pbkdf2_sha256_derive_with(k0, salt, salt_len, iterations, out, out_len, compress);
    return 0;
}
