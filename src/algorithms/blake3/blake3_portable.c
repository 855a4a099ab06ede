/* BLAKE3, portable: the compression function as the BLAKE3 paper writes it
 * -- the G function (BLAKE2s's, rotations 16, 12, 8, 7), seven rounds of
 * columns then diagonals, and the message permutation applied between
 * rounds through its table (section 2.2). */
#include "hashbench.h"
#include "hashbench/blake3.h"

/* the message permutation of section 2.2 */
static const uint8_t msg_permutation[16] = {
    2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8
};

static void g(uint32_t *v, unsigned a, unsigned b, unsigned c, unsigned d,
              uint32_t x, uint32_t y)
{
    v[a] = v[a] + v[b] + x;
    v[d] = HB_ROTR32(v[d] ^ v[a], 16u);
    v[c] = v[c] + v[d];
    v[b] = HB_ROTR32(v[b] ^ v[c], 12u);
    v[a] = v[a] + v[b] + y;
    v[d] = HB_ROTR32(v[d] ^ v[a], 8u);
    v[c] = v[c] + v[d];
    v[b] = HB_ROTR32(v[b] ^ v[c], 7u);
}

/* The full compression: v holds the 16 state words afterwards (the output
 * is v[i] ^ v[i + 8] for i < 8 and v[i + 8] ^ cv[i]). */
static void compress_state(uint32_t *v, const uint32_t *cv, const uint8_t *block,
                           uint32_t counter_lo, uint32_t counter_hi, unsigned block_len,
                           unsigned flags)
{
    uint32_t m[16];
    uint8_t s[16];      /* s[i]: the message word in position i this round */
    unsigned i, r;

    for (i = 0; i < 16; i++) {
        m[i] = HB_LOAD32_LE(block + 4 * i);
        s[i] = (uint8_t)i;
    }
    for (i = 0; i < 8; i++)
        v[i] = cv[i];
    for (i = 0; i < 4; i++)
        v[8 + i] = hb_blake3_iv[i];
    v[12] = counter_lo;
    v[13] = counter_hi;
    v[14] = (uint32_t)block_len;
    v[15] = (uint32_t)flags;
    for (r = 0; r < 7; r++) {
        g(v, 0, 4,  8, 12, m[s[0]],  m[s[1]]);
        g(v, 1, 5,  9, 13, m[s[2]],  m[s[3]]);
        g(v, 2, 6, 10, 14, m[s[4]],  m[s[5]]);
        g(v, 3, 7, 11, 15, m[s[6]],  m[s[7]]);
        g(v, 0, 5, 10, 15, m[s[8]],  m[s[9]]);
        g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
        g(v, 2, 7,  8, 13, m[s[12]], m[s[13]]);
        g(v, 3, 4,  9, 14, m[s[14]], m[s[15]]);
        /* permute: the new word i is the old word msg_permutation[i]; on
         * positions, s[i] <- msg_permutation[s[i]] (powers of one
         * permutation commute) */
        for (i = 0; i < 16; i++)
            s[i] = msg_permutation[s[i]];
    }
}

void hb_blake3_compress_portable(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                                 uint32_t counter_hi, unsigned block_len, unsigned flags)
{
    uint32_t v[16];
    unsigned i;

    compress_state(v, cv, block, counter_lo, counter_hi, block_len, flags);
    for (i = 0; i < 8; i++)
        cv[i] = v[i] ^ v[i + 8];
}

void hb_blake3_compress_xof_portable(const uint32_t *cv, const uint8_t *block,
                                     uint32_t counter_lo, uint32_t counter_hi,
                                     unsigned block_len, unsigned flags, uint8_t *out)
{
    uint32_t v[16];
    unsigned i;

    compress_state(v, cv, block, counter_lo, counter_hi, block_len, flags);
    for (i = 0; i < 8; i++) {
        HB_STORE32_LE(out + 4 * i, v[i] ^ v[i + 8]);
        HB_STORE32_LE(out + 32 + 4 * i, v[i + 8] ^ cv[i]);
    }
}

void hb_blake3_hash_many_portable(const uint8_t **inputs, size_t n_inputs,
                                  size_t blocks, const uint32_t *key,
                                  uint32_t counter_lo, uint32_t counter_hi,
                                  int increment_counter, unsigned flags,
                                  unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    uint32_t cv[8];
    const uint8_t *in;
    size_t i, b;
    unsigned j, f;

    for (i = 0; i < n_inputs; i++, out += HB_BLAKE3_OUT_LEN) {
        in = inputs[i];
        for (j = 0; j < 8; j++)
            cv[j] = key[j];
        for (b = 0; b < blocks; b++, in += HB_BLAKE3_BLOCK_LEN) {
            f = flags;
            if (b == 0)
                f |= flags_start;
            if (b + 1 == blocks)
                f |= flags_end;
            hb_blake3_compress_portable(cv, in, counter_lo, counter_hi,
                                        HB_BLAKE3_BLOCK_LEN, f);
        }
        for (j = 0; j < 8; j++)
            HB_STORE32_LE(out + 4 * j, cv[j]);
        if (increment_counter && ++counter_lo == 0)
            counter_hi++;
    }
}

static const hb_blake3_ops ops = {
    hb_blake3_compress_portable, hb_blake3_compress_xof_portable, hb_blake3_hash_many_portable
};

void hb_blake3_update_portable(hb_blake3_ctx *c, const uint8_t *data, size_t len)
{
    hb_blake3_update_with(c, data, len, &ops);
}

void hb_blake3_final_portable(hb_blake3_ctx *c, uint8_t *digest)
{
    hb_blake3_finalize_with(c, digest, HB_BLAKE3_OUT_LEN, &ops);
}

int hb_blake3_params_portable(const hb_params *p, const uint8_t *data, size_t len,
                              uint8_t *out, size_t out_len)
{
    return hb_blake3_params_with(p, data, len, out, out_len, &ops);
}
