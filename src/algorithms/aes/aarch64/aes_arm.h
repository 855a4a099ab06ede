/* The aarch64 AES kernel (this directory): CBC-MAC with the ARMv8 AES
 * instructions (aes_cbc_mac_armv8_crypto.c), on the family's context and
 * buffering. */
#ifndef HB_AES_ARM_H
#define HB_AES_ARM_H

#include "hashbench/aes.h"

void hb_aes_cbc_mac_update_armv8(hb_aes_cbc_mac_ctx *c, const uint8_t *data, size_t len);
void hb_aes_cbc_mac_final_armv8(hb_aes_cbc_mac_ctx *c, uint8_t *digest);

#endif
