/* Registry entry for aes-cbc-mac, and its with_params hooks (here because
 * they read hb_params, which hashbench.h defines). */
#include "../common/register.h"
#include "hashbench/aes.h"

/* hb_params.key, if given, must be 16 bytes (AES-128); there is no salt or
 * iteration count, and the output is the one 16-byte block. */
int hb_aes_cbc_mac_params_with(const hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len, hb_aes_cbc_mac_update_fn update,
                               hb_aes_cbc_mac_final_fn final)
{
    hb_aes_cbc_mac_ctx c;

    if (out_len != HB_AES_BLOCK)
        return -1;
    if (p != 0) {
        if (p->salt_len != 0 || p->iterations != 0)
            return -1;
        if (p->key != 0 && p->key_len != 16)
            return -1;
    }
    if (p != 0 && p->key != 0)
        hb_aes_cbc_mac_init_key(&c, p->key);
    else
        hb_aes_cbc_mac_init(&c);
    update(&c, data, len);
    final(&c, out);
    return 0;
}

int hb_aes_cbc_mac_params_portable(const hb_params *p, const uint8_t *data, size_t len,
                                   uint8_t *out, size_t out_len)
{
    return hb_aes_cbc_mac_params_with(p, data, len, out, out_len, hb_aes_cbc_mac_update_portable,
                          hb_aes_cbc_mac_final_portable);
}

int hb_aes_cbc_mac_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len)
{
    return hb_aes_cbc_mac_params_with(p, data, len, out, out_len, hb_aes_cbc_mac_update_fast,
                          hb_aes_cbc_mac_final_fast);
}

HB_DEFINE_IMPL(hb_impl_aes_cbc_mac_portable, "portable", hb_aes_cbc_mac_ctx,
               hb_aes_cbc_mac_init, hb_aes_cbc_mac_update_portable,
               hb_aes_cbc_mac_final_portable, hb_aes_cbc_mac_params_portable);
HB_DEFINE_IMPL(hb_impl_aes_cbc_mac_fast, "fast", hb_aes_cbc_mac_ctx,
               hb_aes_cbc_mac_init, hb_aes_cbc_mac_update_fast,
               hb_aes_cbc_mac_final_fast, hb_aes_cbc_mac_params_fast);
static const hb_impl *const aes_cbc_mac_impls[] = { &hb_impl_aes_cbc_mac_portable,
                                                    &hb_impl_aes_cbc_mac_fast };
const hb_algo hb_algo_aes_cbc_mac = { "aes-cbc-mac", "AES-128 CBC-MAC", HB_TIER_CRYPTO, 16, 16,
                                      aes_cbc_mac_impls, HB_COUNT_OF(aes_cbc_mac_impls) };
