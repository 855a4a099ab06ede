/* The with_params hooks of MurmurHash3: hb_params.key of 4 bytes is the
 * 32-bit seed, little-endian; no key is seed 0.  (This file needs hb_params,
 * hence hashbench.h.) */
#include "hashbench.h"
#include "hashbench/murmur3.h"

int hb_murmur3_params_with(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                           size_t out_len, size_t digest_len, hb_murmur3_seeded_fn fn)
{
    uint32_t seed = 0;

    if (out_len != digest_len)
        return -1;
    if (p != 0) {
        if (p->salt_len != 0 || p->iterations != 0)
            return -1;
        if (p->key_len != 0) {
            if (p->key_len != 4 || p->key == 0)
                return -1;
            seed = HB_LOAD32_LE(p->key);
        }
    }
    fn(seed, data, len, out);
    return 0;
}

int hb_murmur3_32_params_portable(const hb_params *p, const uint8_t *data, size_t len,
                                  uint8_t *out, size_t out_len)
{
    return hb_murmur3_params_with(p, data, len, out, out_len, 4, hb_murmur3_32_seeded_portable);
}

int hb_murmur3_32_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                              uint8_t *out, size_t out_len)
{
    return hb_murmur3_params_with(p, data, len, out, out_len, 4, hb_murmur3_32_seeded_fast);
}

int hb_murmur3_128_params_portable(const hb_params *p, const uint8_t *data, size_t len,
                                   uint8_t *out, size_t out_len)
{
    return hb_murmur3_params_with(p, data, len, out, out_len, 16, hb_murmur3_128_seeded_portable);
}

int hb_murmur3_128_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len)
{
    return hb_murmur3_params_with(p, data, len, out, out_len, 16, hb_murmur3_128_seeded_fast);
}
