/* crc32, portable: CRC-32/ISO-HDLC one bit at a time, straight from the
 * definition: poly 0x04C11DB7 reflected (0xEDB88320), bits taken LSB first,
 * init 0xFFFFFFFF (set by hb_crc32_init), xorout 0xFFFFFFFF (in final). */
#include "hashbench/common.h"
#include "hashbench/crc.h"

void hb_crc32_update_portable(hb_crc32_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t crc = c->crc;
    unsigned bit;

    while (len--) {
        crc ^= *data++;
        for (bit = 0; bit < 8; bit++) {
            if (crc & 1u)
                crc = (crc >> 1) ^ 0xEDB88320UL;
            else
                crc >>= 1;
        }
    }
    c->crc = crc;
}
