/* The with_params hook of SipHash-2-4: hb_params.key of 16 bytes is the key;
 * no key is the roster's key 00 01 ... 0f.  (This file needs hb_params,
 * hence hashbench.h.) */
#include "hashbench.h"
#include "hashbench/siphash.h"

static int sip_params(const hb_params *p, const uint8_t *data, size_t len,
                      uint8_t *out, size_t out_len, int fast)
{
    hb_siphash_2_4_ctx c;

    if (out_len != 8)
        return -1;
    if (p != 0 && (p->salt_len != 0 || p->iterations != 0))
        return -1;
    if (p != 0 && p->key_len != 0) {
        if (p->key_len != 16 || p->key == 0)
            return -1;
        hb_siphash_2_4_init_key(&c, p->key);
    } else {
        hb_siphash_2_4_init(&c);
    }
    if (fast) {
        hb_siphash_2_4_update_fast(&c, data, len);
        hb_siphash_2_4_final_fast(&c, out);
    } else {
        hb_siphash_2_4_update_portable(&c, data, len);
        hb_siphash_2_4_final_portable(&c, out);
    }
    return 0;
}

int hb_siphash_2_4_params_portable(const hb_params *p, const uint8_t *data, size_t len,
                                   uint8_t *out, size_t out_len)
{
    return sip_params(p, data, len, out, out_len, 0);
}

int hb_siphash_2_4_params_fast(const hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len)
{
    return sip_params(p, data, len, out, out_len, 1);
}
