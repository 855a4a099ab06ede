/* The code aes_fast.c and aes_compact.c share, linked with whichever of
 * the two a build takes (docs/writing-an-algorithm.md, "Compact forms"):
 * the CBC-MAC's update and final around each form's
 * hb_aes_cbc_blocks_fast (the T-tables both read are in aes_common.c). */
#include "hashbench/common.h"
#include "hashbench/aes.h"
#include "aes_fast_shared.h"

void hb_aes_cbc_mac_update_fast(hb_aes_cbc_mac_ctx *c, const uint8_t *data, size_t len)
{
    hb_aes_cbc_mac_absorb(c, data, len, hb_aes_cbc_blocks_fast);
}

void hb_aes_cbc_mac_final_fast(hb_aes_cbc_mac_ctx *c, uint8_t *digest)
{
    hb_aes_cbc_mac_finish(c, digest, hb_aes_cbc_blocks_fast);
}
