/* The with_params hooks of XXH32 and XXH64: hb_params.key is the seed,
 * little-endian, 4 bytes for XXH32 and 8 bytes for XXH64; no key is seed 0.
 * (This file needs hb_params, hence hashbench.h.) */
#include "hashbench.h"
#include "hashbench/xxh.h"

/* 0 and the seed bytes (NULL for seed 0), or -1 if the params do not fit. */
static int xxh_seed_bytes(const hb_params *p, size_t seed_len, const uint8_t **seed)
{
    *seed = 0;
    if (p == 0)
        return 0;
    if (p->salt_len != 0 || p->iterations != 0)
        return -1;
    if (p->key_len == 0)
        return 0;
    if (p->key_len != seed_len || p->key == 0)
        return -1;
    *seed = p->key;
    return 0;
}

/* The seeded hash through one implementation's update and final, so that
 * the seeded vectors test that implementation's own code. */
int hb_xxh32_params_with(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                         size_t out_len, hb_xxh32_update_fn update, hb_xxh32_final_fn final)
{
    hb_xxh32_ctx c;
    const uint8_t *s;

    if (out_len != 4 || xxh_seed_bytes(p, 4, &s) != 0)
        return -1;
    hb_xxh32_init_seed(&c, s ? HB_LOAD32_LE(s) : 0);
    update(&c, data, len);
    final(&c, out);
    return 0;
}

int hb_xxh64_params_with(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                         size_t out_len, hb_xxh64_update_fn update, hb_xxh64_final_fn final)
{
    hb_xxh64_ctx c;
    const uint8_t *s;

    if (out_len != 8 || xxh_seed_bytes(p, 8, &s) != 0)
        return -1;
    if (s)
        hb_xxh64_init_seed(&c, HB_LOAD32_LE(s + 4), HB_LOAD32_LE(s));
    else
        hb_xxh64_init(&c);
    update(&c, data, len);
    final(&c, out);
    return 0;
}

int hb_xxh32_params_portable(const hb_params *p, const uint8_t *data, size_t len,
                             uint8_t *out, size_t out_len)
{
    return hb_xxh32_params_with(p, data, len, out, out_len, hb_xxh32_update_portable,
                                hb_xxh32_final_portable);
}

int hb_xxh32_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                         uint8_t *out, size_t out_len)
{
    return hb_xxh32_params_with(p, data, len, out, out_len, hb_xxh32_update_fast,
                                hb_xxh32_final_fast);
}

int hb_xxh64_params_portable(const hb_params *p, const uint8_t *data, size_t len,
                             uint8_t *out, size_t out_len)
{
    return hb_xxh64_params_with(p, data, len, out, out_len, hb_xxh64_update_portable,
                                hb_xxh64_final_portable);
}

int hb_xxh64_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                         uint8_t *out, size_t out_len)
{
    return hb_xxh64_params_with(p, data, len, out, out_len, hb_xxh64_update_fast,
                                hb_xxh64_final_fast);
}
