/* crc32c, portable: CRC-32/ISCSI (Castagnoli) one bit at a time, straight
 * from the definition: poly 0x1EDC6F41 reflected (0x82F63B78), bits taken
 * LSB first, init 0xFFFFFFFF (hb_crc32c_init), xorout 0xFFFFFFFF (final). */
#include "hashbench/common.h"
#include "hashbench/crc.h"

void hb_crc32c_update_portable(hb_crc32c_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t crc = c->crc;
    unsigned bit;

    while (len--) {
        crc ^= *data++;
        for (bit = 0; bit < 8; bit++) {
            if (crc & 1u)
                crc = (crc >> 1) ^ 0x82F63B78UL;
            else
                crc >>= 1;
        }
    }
    c->crc = crc;
}
