/* BLAKE2s (RFC 7693): the parts its implementations share -- the IV, the
 * parameter block, buffering and the with_params one-shot.  An
 * implementation brings only its compress function (hashbench/blake2.h). */
#include "hashbench.h"
#include "hashbench/blake2.h"

const uint32_t hb_blake2s_iv[8] = {
    0x6A09E667UL, 0xBB67AE85UL, 0x3C6EF372UL, 0xA54FF53AUL,
    0x510E527FUL, 0x9B05688CUL, 0x1F83D9ABUL, 0x5BE0CD19UL
};

void hb_blake2s_init_param(hb_blake2s_ctx *c, const uint8_t *key, unsigned key_len,
                           unsigned out_len)
{
    unsigned i;

    for (i = 0; i < 8; i++)
        c->h[i] = hb_blake2s_iv[i];
    /* parameter block word 0: digest length, key length, fanout 1, depth 1;
     * the other words (leaf length, node offset, salt, personalisation)
     * are zero in sequential unsalted mode */
    c->h[0] ^= 0x01010000UL ^ ((uint32_t)key_len << 8) ^ (uint32_t)out_len;
    c->t[0] = 0;
    c->t[1] = 0;
    c->out_len = (uint8_t)out_len;
    c->used = 0;
    if (key_len > 0) {
        /* the key, zero-padded to a whole block, is the first block */
        for (i = 0; i < key_len; i++)
            c->buf[i] = key[i];
        for (; i < HB_BLAKE2S_BLOCK; i++)
            c->buf[i] = 0;
        c->used = HB_BLAKE2S_BLOCK;
    }
}

void hb_blake2s_init(hb_blake2s_ctx *c)
{
    hb_blake2s_init_param(c, 0, 0, HB_BLAKE2S_DIGEST);
}

void hb_blake2s_update_with(hb_blake2s_ctx *c, const uint8_t *data, size_t len,
                            hb_blake2s_compress_fn compress)
{
    size_t i, take, whole;

    if (len == 0)
        return;
    /* a full buffer is compressed only once more input follows: the last
     * block of the message is compressed by final() with the final flag */
    if (c->used > 0) {
        take = HB_BLAKE2S_BLOCK - c->used;
        if (take > len)
            take = len;
        for (i = 0; i < take; i++)
            c->buf[c->used + i] = data[i];
        c->used = (uint8_t)(c->used + take);
        data += take;
        len -= take;
        if (len == 0)
            return;
        compress(c->h, c->t, c->buf, 1, HB_BLAKE2S_BLOCK, 0);
        c->used = 0;
    }
    /* whole blocks straight from the input, keeping at least one byte back */
    whole = (len - 1) / HB_BLAKE2S_BLOCK;
    if (whole > 0) {
        compress(c->h, c->t, data, whole, HB_BLAKE2S_BLOCK, 0);
        data += whole * HB_BLAKE2S_BLOCK;
        len -= whole * HB_BLAKE2S_BLOCK;
    }
    for (i = 0; i < len; i++)
        c->buf[i] = data[i];
    c->used = (uint8_t)len;
}

void hb_blake2s_final_with(hb_blake2s_ctx *c, uint8_t *digest, hb_blake2s_compress_fn compress)
{
    unsigned i;

    for (i = c->used; i < HB_BLAKE2S_BLOCK; i++)
        c->buf[i] = 0;
    compress(c->h, c->t, c->buf, 1, c->used, 1);
    for (i = 0; i < c->out_len; i++)
        digest[i] = (uint8_t)(c->h[i >> 2] >> (8 * (i & 3)));
}

/* The keyed / short-output one-shot.  (cc65 builds use -Cl, where locals
 * live in static storage, so the context on the stack is fine there too.) */
int hb_blake2s_params_with(const hb_params *p, const uint8_t *data, size_t len,
                           uint8_t *out, size_t out_len, hb_blake2s_compress_fn compress)
{
    hb_blake2s_ctx c;
    const uint8_t *key = 0;
    size_t key_len = 0;

    if (p) {
        if (p->salt_len != 0 || p->iterations != 0)
            return -1;
        key = p->key;
        key_len = p->key_len;
    }
    if (key_len > HB_BLAKE2S_KEY_MAX || (key_len > 0 && !key) ||
        out_len < 1 || out_len > HB_BLAKE2S_DIGEST)
        return -1;
    hb_blake2s_init_param(&c, key, (unsigned)key_len, (unsigned)out_len);
    hb_blake2s_update_with(&c, data, len, compress);
    hb_blake2s_final_with(&c, out, compress);
    return 0;
}
