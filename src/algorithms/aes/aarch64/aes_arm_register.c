/* The aarch64 implementation of aes-cbc-mac, with its dispatch rank
 * (higher wins; portable C is 0, fast C 1): the AES instructions do a
 * round in one or two instructions where the T-table code needs about
 * twenty (docs/impl-aarch64.md).
 *
 * Compiled for the baseline: it only names the kernel, which runs once
 * `available` says the CPU has the AES instructions. */
#include "hashbench.h"
#include "arch/aarch64/cpu_aarch64.h"
#include "aes_arm.h"

static int has_aes(void)
{
    return hb_arm_has(HB_ARM_AES);
}

static void armv8_init(void *c) { hb_aes_cbc_mac_init((hb_aes_cbc_mac_ctx *)c); }
static void armv8_update(void *c, const uint8_t *p, size_t n)
{
    hb_aes_cbc_mac_update_armv8((hb_aes_cbc_mac_ctx *)c, p, n);
}
static void armv8_final(void *c, uint8_t *d) { hb_aes_cbc_mac_final_armv8((hb_aes_cbc_mac_ctx *)c, d); }

static int armv8_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                        size_t out_len)
{
    return hb_aes_cbc_mac_params_with(p, data, len, out, out_len, hb_aes_cbc_mac_update_armv8, hb_aes_cbc_mac_final_armv8);
}

static const hb_impl aes_cbc_mac_armv8 = { "armv8", has_aes, sizeof(hb_aes_cbc_mac_ctx),
                                           armv8_init, armv8_update, armv8_final, armv8_params };

const hb_extra_impl hb_arm_aes_impls[] = {
    { "aes-cbc-mac", &aes_cbc_mac_armv8, 2 },
    { 0, 0, 0 }
};
