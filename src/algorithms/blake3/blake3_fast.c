/* BLAKE3, fast portable C: the seven rounds unrolled with the message words
 * named in each round's permuted order (the permutation is resolved at
 * compile time, no table and no shuffling at run time) and the whole state
 * in locals. */
#include "hashbench.h"
#include "hashbench/blake3.h"

#define G(a, b, c, d, x, y)                                          \
    do {                                                             \
        a += b + x; d = HB_ROTR32(d ^ a, 16);                        \
        c += d;     b = HB_ROTR32(b ^ c, 12);                        \
        a += b + y; d = HB_ROTR32(d ^ a, 8);                         \
        c += d;     b = HB_ROTR32(b ^ c, 7);                         \
    } while (0)

#define ROUND(x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15) \
    do {                                                             \
        G(v0, v4, v8,  v12, x0,  x1);                                \
        G(v1, v5, v9,  v13, x2,  x3);                                \
        G(v2, v6, v10, v14, x4,  x5);                                \
        G(v3, v7, v11, v15, x6,  x7);                                \
        G(v0, v5, v10, v15, x8,  x9);                                \
        G(v1, v6, v11, v12, x10, x11);                               \
        G(v2, v7, v8,  v13, x12, x13);                               \
        G(v3, v4, v9,  v14, x14, x15);                               \
    } while (0)

/* declarations and the seven rounds, leaving the state in v0..v15 */
#define DECLARE_STATE                                                \
    uint32_t v0, v1, v2, v3, v4, v5, v6, v7;                         \
    uint32_t v8, v9, v10, v11, v12, v13, v14, v15;                   \
    uint32_t m0, m1, m2, m3, m4, m5, m6, m7;                         \
    uint32_t m8, m9, m10, m11, m12, m13, m14, m15

#define COMPRESS_ROUNDS(cv, block, counter_lo, counter_hi, block_len, flags) \
    m0 = HB_LOAD32_LE(block);       m1 = HB_LOAD32_LE(block + 4);    \
    m2 = HB_LOAD32_LE(block + 8);   m3 = HB_LOAD32_LE(block + 12);   \
    m4 = HB_LOAD32_LE(block + 16);  m5 = HB_LOAD32_LE(block + 20);   \
    m6 = HB_LOAD32_LE(block + 24);  m7 = HB_LOAD32_LE(block + 28);   \
    m8 = HB_LOAD32_LE(block + 32);  m9 = HB_LOAD32_LE(block + 36);   \
    m10 = HB_LOAD32_LE(block + 40); m11 = HB_LOAD32_LE(block + 44);  \
    m12 = HB_LOAD32_LE(block + 48); m13 = HB_LOAD32_LE(block + 52);  \
    m14 = HB_LOAD32_LE(block + 56); m15 = HB_LOAD32_LE(block + 60);  \
    v0 = cv[0]; v1 = cv[1]; v2 = cv[2]; v3 = cv[3];                  \
    v4 = cv[4]; v5 = cv[5]; v6 = cv[6]; v7 = cv[7];                  \
    v8 = 0x6A09E667UL; v9 = 0xBB67AE85UL;                            \
    v10 = 0x3C6EF372UL; v11 = 0xA54FF53AUL;                          \
    v12 = counter_lo; v13 = counter_hi;                              \
    v14 = (uint32_t)(block_len); v15 = (uint32_t)(flags);            \
    ROUND(m0, m1, m2, m3, m4, m5, m6, m7,                            \
          m8, m9, m10, m11, m12, m13, m14, m15);                     \
    ROUND(m2, m6, m3, m10, m7, m0, m4, m13,                          \
          m1, m11, m12, m5, m9, m14, m15, m8);                       \
    ROUND(m3, m4, m10, m12, m13, m2, m7, m14,                        \
          m6, m5, m9, m0, m11, m15, m8, m1);                         \
    ROUND(m10, m7, m12, m9, m14, m3, m13, m15,                       \
          m4, m0, m11, m2, m5, m8, m1, m6);                          \
    ROUND(m12, m13, m9, m11, m15, m10, m14, m8,                      \
          m7, m2, m5, m3, m0, m1, m6, m4);                           \
    ROUND(m9, m14, m11, m5, m8, m12, m15, m1,                        \
          m13, m3, m0, m10, m2, m6, m4, m7);                         \
    ROUND(m11, m15, m5, m0, m1, m9, m8, m6,                          \
          m14, m10, m2, m12, m3, m4, m7, m13);                       \
    (void)0

void hb_blake3_compress_fast(uint32_t *cv, const uint8_t *block, uint32_t counter_lo,
                             uint32_t counter_hi, unsigned block_len, unsigned flags)
{
    DECLARE_STATE;

    COMPRESS_ROUNDS(cv, block, counter_lo, counter_hi, block_len, flags);
    cv[0] = v0 ^ v8;  cv[1] = v1 ^ v9;  cv[2] = v2 ^ v10; cv[3] = v3 ^ v11;
    cv[4] = v4 ^ v12; cv[5] = v5 ^ v13; cv[6] = v6 ^ v14; cv[7] = v7 ^ v15;
}

void hb_blake3_compress_xof_fast(const uint32_t *cv, const uint8_t *block,
                                 uint32_t counter_lo, uint32_t counter_hi,
                                 unsigned block_len, unsigned flags, uint8_t *out)
{
    DECLARE_STATE;

    COMPRESS_ROUNDS(cv, block, counter_lo, counter_hi, block_len, flags);
    HB_STORE32_LE(out, v0 ^ v8);        HB_STORE32_LE(out + 4, v1 ^ v9);
    HB_STORE32_LE(out + 8, v2 ^ v10);   HB_STORE32_LE(out + 12, v3 ^ v11);
    HB_STORE32_LE(out + 16, v4 ^ v12);  HB_STORE32_LE(out + 20, v5 ^ v13);
    HB_STORE32_LE(out + 24, v6 ^ v14);  HB_STORE32_LE(out + 28, v7 ^ v15);
    HB_STORE32_LE(out + 32, v8 ^ cv[0]);  HB_STORE32_LE(out + 36, v9 ^ cv[1]);
    HB_STORE32_LE(out + 40, v10 ^ cv[2]); HB_STORE32_LE(out + 44, v11 ^ cv[3]);
    HB_STORE32_LE(out + 48, v12 ^ cv[4]); HB_STORE32_LE(out + 52, v13 ^ cv[5]);
    HB_STORE32_LE(out + 56, v14 ^ cv[6]); HB_STORE32_LE(out + 60, v15 ^ cv[7]);
}

/* one input after the other; the chaining value stays in locals across a
 * chunk's blocks */
void hb_blake3_hash_many_fast(const uint8_t *const *inputs, size_t n_inputs,
                              size_t blocks, const uint32_t *key,
                              uint32_t counter_lo, uint32_t counter_hi,
                              int increment_counter, unsigned flags,
                              unsigned flags_start, unsigned flags_end, uint8_t *out)
{
    uint32_t cv[8];
    const uint8_t *in;
    size_t i, b;
    unsigned f;
    DECLARE_STATE;

    for (i = 0; i < n_inputs; i++, out += HB_BLAKE3_OUT_LEN) {
        in = inputs[i];
        cv[0] = key[0]; cv[1] = key[1]; cv[2] = key[2]; cv[3] = key[3];
        cv[4] = key[4]; cv[5] = key[5]; cv[6] = key[6]; cv[7] = key[7];
        for (b = 0; b < blocks; b++, in += HB_BLAKE3_BLOCK_LEN) {
            f = flags;
            if (b == 0)
                f |= flags_start;
            if (b + 1 == blocks)
                f |= flags_end;
            COMPRESS_ROUNDS(cv, in, counter_lo, counter_hi, HB_BLAKE3_BLOCK_LEN, f);
            cv[0] = v0 ^ v8;  cv[1] = v1 ^ v9;  cv[2] = v2 ^ v10; cv[3] = v3 ^ v11;
            cv[4] = v4 ^ v12; cv[5] = v5 ^ v13; cv[6] = v6 ^ v14; cv[7] = v7 ^ v15;
        }
        HB_STORE32_LE(out, cv[0]);      HB_STORE32_LE(out + 4, cv[1]);
        HB_STORE32_LE(out + 8, cv[2]);  HB_STORE32_LE(out + 12, cv[3]);
        HB_STORE32_LE(out + 16, cv[4]); HB_STORE32_LE(out + 20, cv[5]);
        HB_STORE32_LE(out + 24, cv[6]); HB_STORE32_LE(out + 28, cv[7]);
        if (increment_counter && ++counter_lo == 0)
            counter_hi++;
    }
}

static const hb_blake3_ops ops = {
    hb_blake3_compress_fast, hb_blake3_compress_xof_fast, hb_blake3_hash_many_fast
};

void hb_blake3_update_fast(hb_blake3_ctx *c, const uint8_t *data, size_t len)
{
    hb_blake3_update_with(c, data, len, &ops);
}

void hb_blake3_final_fast(hb_blake3_ctx *c, uint8_t *digest)
{
    hb_blake3_finalize_with(c, digest, HB_BLAKE3_OUT_LEN, &ops);
}

int hb_blake3_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                          uint8_t *out, size_t out_len)
{
    return hb_blake3_params_with(p, data, len, out, out_len, &ops);
}
