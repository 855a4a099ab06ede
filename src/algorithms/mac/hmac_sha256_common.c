/* HMAC-SHA-256 (RFC 2104, FIPS 198-1), generic over a SHA-256 compress
 * function: the key block K0, the padded-key states, streaming and the
 * with_params one-shot.  The implementations (hmac_sha256_portable.c,
 * hmac_sha256_fast.c) only name their compress function. */
#include "hashbench.h"
#include "hashbench/mac.h"

/* The roster's key: ASCII "hash-bench-nds" followed by two zero bytes. */
const uint8_t hb_hmac_sha256_default_key[16] = {
    'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 'n', 'd', 's', 0, 0
};

void hb_hmac_sha256_key0_with(uint8_t *k0, const uint8_t *key, size_t key_len,
                              hb_block32_fn compress)
{
    hb_sha256_ctx h;
    unsigned i = 0;

    if (key_len > HB_SHA256_BLOCK) {
        hb_sha256_init(&h);
        hb_sha256_update_with(&h, key, key_len, compress);
        hb_sha256_final_with(&h, k0, compress);
        i = HB_SHA256_DIGEST;
    } else {
        for (; i < (unsigned)key_len; i++)
            k0[i] = key[i];
    }
    for (; i < HB_SHA256_BLOCK; i++)
        k0[i] = 0;
}

void hb_hmac_sha256_pads_with(const uint8_t *k0, uint32_t *istate, uint32_t *ostate,
                              hb_block32_fn compress)
{
    uint8_t block[HB_SHA256_BLOCK];
    unsigned i;

    for (i = 0; i < 8; i++) {
        istate[i] = hb_sha256_iv[i];
        ostate[i] = hb_sha256_iv[i];
    }
    for (i = 0; i < HB_SHA256_BLOCK; i++)
        block[i] = (uint8_t)(k0[i] ^ 0x36);
    compress(istate, block, 1);
    for (i = 0; i < HB_SHA256_BLOCK; i++)
        block[i] = (uint8_t)(k0[i] ^ 0x5c);
    compress(ostate, block, 1);
}

void hb_hmac_sha256_resume(hb_sha256_ctx *h, const uint32_t *state)
{
    unsigned i;
    for (i = 0; i < 8; i++)
        h->state[i] = state[i];
    hb_md_block_init(&h->blk);
    h->blk.count_lo = HB_SHA256_BLOCK;
}

void hb_hmac_sha256_init_with(hb_hmac_sha256_ctx *c, const uint8_t *key, size_t key_len,
                              hb_block32_fn compress)
{
    uint8_t k0[HB_SHA256_BLOCK];

    hb_hmac_sha256_key0_with(k0, key, key_len, compress);
    hb_hmac_sha256_pads_with(k0, c->inner.state, c->outer, compress);
    hb_hmac_sha256_resume(&c->inner, c->inner.state);
}

void hb_hmac_sha256_update_with(hb_hmac_sha256_ctx *c, const uint8_t *data, size_t len,
                                hb_block32_fn compress)
{
    hb_sha256_update_with(&c->inner, data, len, compress);
}

/* The outer hash is one SHA-256 of K0 ^ opad (already in c->outer) and the
 * 32-byte inner digest: the digest is written straight into the context's
 * block buffer as a half-full block after the padded-key block, and padded
 * and compressed from there, with no second pass through the buffering. */
void hb_hmac_sha256_final_with(hb_hmac_sha256_ctx *c, uint8_t *mac, hb_block32_fn compress)
{
    hb_sha256_ctx *h = &c->inner;

    /* final has compressed its last block before it stores the digest,
     * so the buffer is free to receive it */
    hb_sha256_final_with(h, h->blk.buf, compress);
    hb_hmac_sha256_resume(h, c->outer);
    h->blk.count_lo = HB_SHA256_BLOCK + HB_SHA256_DIGEST;
    h->blk.used = HB_SHA256_DIGEST;
    hb_sha256_final_with(h, mac, compress);
}

int hb_hmac_sha256_params_with(const struct hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len, hb_block32_fn compress)
{
    hb_hmac_sha256_ctx c;
    uint8_t mac[HB_SHA256_DIGEST];
    const uint8_t *key = hb_hmac_sha256_default_key;
    size_t key_len = sizeof hb_hmac_sha256_default_key;
    unsigned i;

    if (out_len == 0 || out_len > HB_SHA256_DIGEST)
        return -1;
    if (p != 0) {
        if (p->salt != 0 || p->salt_len != 0 || p->iterations != 0)
            return -1;
        if (p->key != 0) {
            key = p->key;
            key_len = p->key_len;
        } else if (p->key_len != 0) {
            return -1;
        }
    }
    hb_hmac_sha256_init_with(&c, key, key_len, compress);
    hb_hmac_sha256_update_with(&c, data, len, compress);
    hb_hmac_sha256_final_with(&c, mac, compress);
    for (i = 0; i < (unsigned)out_len; i++)
        out[i] = mac[i];
    return 0;
}
