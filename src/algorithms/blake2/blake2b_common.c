/* BLAKE2b (RFC 7693): the parts its implementations share -- the IV, the
 * parameter block, buffering and the with_params one-shot.  An
 * implementation brings only its compress function (hashbench/blake2.h). */
#include "hashbench.h"
#include "hashbench/blake2.h"

const hb_u64 hb_blake2b_iv[8] = {
    HB_U64_INIT(0x6A09E667UL, 0xF3BCC908UL), HB_U64_INIT(0xBB67AE85UL, 0x84CAA73BUL),
    HB_U64_INIT(0x3C6EF372UL, 0xFE94F82BUL), HB_U64_INIT(0xA54FF53AUL, 0x5F1D36F1UL),
    HB_U64_INIT(0x510E527FUL, 0xADE682D1UL), HB_U64_INIT(0x9B05688CUL, 0x2B3E6C1FUL),
    HB_U64_INIT(0x1F83D9ABUL, 0xFB41BD6BUL), HB_U64_INIT(0x5BE0CD19UL, 0x137E2179UL)
};

void hb_blake2b_init_param(hb_blake2b_ctx *c, const uint8_t *key, unsigned key_len,
                           unsigned out_len)
{
    unsigned i;
    hb_u64 pw;

    for (i = 0; i < 8; i++)
        c->h[i] = hb_blake2b_iv[i];
    /* parameter block word 0 (low half): digest length, key length,
     * fanout 1, depth 1 */
    HB_U64_SET(pw, 0, 0x01010000UL ^ ((uint32_t)key_len << 8) ^ (uint32_t)out_len);
    HB_U64_XOR(c->h[0], c->h[0], pw);
    HB_U64_SET(c->t[0], 0, 0);
    HB_U64_SET(c->t[1], 0, 0);
    c->out_len = (uint8_t)out_len;
    c->used = 0;
    if (key_len > 0) {
        for (i = 0; i < key_len; i++)
            c->buf[i] = key[i];
        for (; i < HB_BLAKE2B_BLOCK; i++)
            c->buf[i] = 0;
        c->used = HB_BLAKE2B_BLOCK;
    }
}

void hb_blake2b_init(hb_blake2b_ctx *c)
{
    hb_blake2b_init_param(c, 0, 0, HB_BLAKE2B_DIGEST);
}

void hb_blake2b_update_with(hb_blake2b_ctx *c, const uint8_t *data, size_t len,
                            hb_blake2b_compress_fn compress)
{
    size_t i, take, whole;

    if (len == 0)
        return;
    if (c->used > 0) {
        take = HB_BLAKE2B_BLOCK - c->used;
        if (take > len)
            take = len;
        for (i = 0; i < take; i++)
            c->buf[c->used + i] = data[i];
        c->used = (uint8_t)(c->used + take);
        data += take;
        len -= take;
        if (len == 0)
            return;
        compress(c->h, c->t, c->buf, 1, HB_BLAKE2B_BLOCK, 0);
        c->used = 0;
    }
    whole = (len - 1) / HB_BLAKE2B_BLOCK;
    if (whole > 0) {
        compress(c->h, c->t, data, whole, HB_BLAKE2B_BLOCK, 0);
        data += whole * HB_BLAKE2B_BLOCK;
        len -= whole * HB_BLAKE2B_BLOCK;
    }
    for (i = 0; i < len; i++)
        c->buf[i] = data[i];
    c->used = (uint8_t)len;
}

void hb_blake2b_final_with(hb_blake2b_ctx *c, uint8_t *digest, hb_blake2b_compress_fn compress)
{
    unsigned i;
    uint8_t word[8];

    for (i = c->used; i < HB_BLAKE2B_BLOCK; i++)
        c->buf[i] = 0;
    compress(c->h, c->t, c->buf, 1, c->used, 1);
    for (i = 0; i < c->out_len; i++) {
        if ((i & 7) == 0)
            HB_U64_STORE_LE(word, c->h[i >> 3]);
        digest[i] = word[i & 7];
    }
}

int hb_blake2b_params_with(const hb_params *p, const uint8_t *data, size_t len,
                           uint8_t *out, size_t out_len, hb_blake2b_compress_fn compress)
{
    hb_blake2b_ctx c;
    const uint8_t *key = 0;
    size_t key_len = 0;

    if (p) {
        if (p->salt_len != 0 || p->iterations != 0)
            return -1;
        key = p->key;
        key_len = p->key_len;
    }
    if (key_len > HB_BLAKE2B_KEY_MAX || (key_len > 0 && !key) ||
        out_len < 1 || out_len > HB_BLAKE2B_DIGEST)
        return -1;
    hb_blake2b_init_param(&c, key, (unsigned)key_len, (unsigned)out_len);
    hb_blake2b_update_with(&c, data, len, compress);
    hb_blake2b_final_with(&c, out, compress);
    return 0;
}
