/* The x86-64 AES kernels (this directory): AES-NI CBC-MAC
 * (aes_cbc_mac_aesni.c), on the family's context and buffering. */
#ifndef HB_AES_X86_H
#define HB_AES_X86_H

#include "hashbench/aes.h"

void hb_aes_cbc_mac_init_aesni(hb_aes_cbc_mac_ctx *c);        /* roster key, expanded once */
void hb_aes_cbc_mac_update_aesni(hb_aes_cbc_mac_ctx *c, const uint8_t *data, size_t len);
void hb_aes_cbc_mac_final_aesni(hb_aes_cbc_mac_ctx *c, uint8_t *digest);
void hb_aes_cbc_mac_oneshot_aesni(const uint8_t *data, size_t len, uint8_t *digest);

#endif
