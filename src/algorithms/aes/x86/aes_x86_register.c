/* The x86-64 implementations of aes-cbc-mac, with their dispatch ranks
 * (higher wins; portable C is 0, fast C 1).  AES-NI: 5-6x the T-table
 * code on Zen 5 at 1 KiB and above (docs/impl-aes.md).
 *
 * Compiled for the baseline: it only names the kernel, which runs once
 * `available` says the CPU has AES-NI (and SSSE3 for the key byte swap). */
#include "hashbench.h"
#include "arch/x86/cpu_x86.h"
#include "aes_x86.h"

static int has_aesni(void)
{
    return hb_x86_has(HB_X86_SSSE3 | HB_X86_SSE41 | HB_X86_AES);
}

static void aesni_init(void *c) { hb_aes_cbc_mac_init_aesni((hb_aes_cbc_mac_ctx *)c); }
static void aesni_update(void *c, const uint8_t *p, size_t n)
{
    hb_aes_cbc_mac_update_aesni((hb_aes_cbc_mac_ctx *)c, p, n);
}
static void aesni_final(void *c, uint8_t *d) { hb_aes_cbc_mac_final_aesni((hb_aes_cbc_mac_ctx *)c, d); }

static int aesni_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                        size_t out_len)
{
    return hb_aes_cbc_mac_params_with(p, data, len, out, out_len, hb_aes_cbc_mac_update_aesni, hb_aes_cbc_mac_final_aesni);
}

static const hb_impl aes_cbc_mac_aesni = { "aesni", has_aesni, sizeof(hb_aes_cbc_mac_ctx),
                                           aesni_init, aesni_update, aesni_final, aesni_params };

const hb_extra_impl hb_x86_aes_impls[] = {
    { "aes-cbc-mac", &aes_cbc_mac_aesni, 10 },
    { 0, 0, 0 }
};

/* its one-shot (src/arch/x86/oneshot_x86.c lists this table) */
const hb_oneshot hb_x86_aes_oneshots[] = {
    { &aes_cbc_mac_aesni, hb_aes_cbc_mac_oneshot_aesni },
    { 0, 0 }
};
