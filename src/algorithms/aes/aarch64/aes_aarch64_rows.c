/* aes-cbc-mac on aarch64: its row (src/impl_rows.h), with its dispatch rank
 * (higher wins; portable C is 0, fast C 1): the AES instructions do a
 * round in one or two instructions where the T-table code needs about
 * twenty (docs/impl-aarch64.md).
 *
 * Compiled for the baseline: it only names the kernel, which runs once
 * `available` says the CPU has the AES instructions. */
#include "algorithms/common/arm_impl.h"
#include "aes_arm.h"

static int armv8_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                        size_t out_len)
{
    return hb_aes_cbc_mac_params_with(p, data, len, out, out_len, hb_aes_cbc_mac_update_armv8, hb_aes_cbc_mac_final_armv8);
}

HB_ARM_IMPL(hb_impl_aes_cbc_mac_armv8, "armv8", HB_ARM_AES, hb_aes_cbc_mac_ctx, hb_aes_cbc_mac_init,
            hb_aes_cbc_mac_update_armv8, hb_aes_cbc_mac_final_armv8, armv8_params);

const hb_impl_row hb_aes_aarch64_rows[] = {
    { .algo = "aes-cbc-mac", .impl = &hb_impl_aes_cbc_mac_armv8, .rank = 2 },
    { 0 }
};
