/* The x86-64 rows of aes-cbc-mac (src/impl_rows.h), with their dispatch ranks
 * (higher wins; portable C is 0, fast C 1).  AES-NI: 5-6x the T-table
 * code on Zen 5 at 1 KiB and above (docs/impl-aes.md).
 *
 * Compiled for the baseline: it only names the kernel, which runs once
 * `available` says the CPU has AES-NI (and SSSE3 for the key byte swap). */
#include "algorithms/common/x86_impl.h"
#include "aes_x86.h"

static int aesni_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                        size_t out_len)
{
    return hb_aes_cbc_mac_params_with(p, data, len, out, out_len, hb_aes_cbc_mac_update_aesni, hb_aes_cbc_mac_final_aesni);
}

HB_X86_IMPL(hb_impl_aes_cbc_mac_aesni, "aesni", HB_X86_SSSE3 | HB_X86_SSE41 | HB_X86_AES,
            hb_aes_cbc_mac_ctx, hb_aes_cbc_mac_init_aesni, hb_aes_cbc_mac_update_aesni,
            hb_aes_cbc_mac_final_aesni, aesni_params);

const hb_impl_row hb_aes_x86_rows[] = {
    { .algo = "aes-cbc-mac", .impl = &hb_impl_aes_cbc_mac_aesni, .rank = 10,
      .oneshot = hb_aes_cbc_mac_oneshot_aesni },
    { 0 }
};
