/* crc16, portable: CRC-16/XMODEM one bit at a time, straight from the
 * definition (poly x^16 + x^12 + x^5 + 1 = 0x1021, MSB first, init 0,
 * xorout 0). */
#include "hashbench/common.h"
#include "hashbench/crc.h"

void hb_crc16_update_portable(hb_crc16_ctx *c, const uint8_t *data, size_t len)
{
    uint16_t crc = c->crc;
    unsigned bit;

    while (len--) {
        crc ^= (uint16_t)((uint16_t)*data++ << 8);
        for (bit = 0; bit < 8; bit++) {
            if (crc & 0x8000u)
                crc = (uint16_t)(((unsigned)crc << 1) ^ 0x1021u);
            else
                crc = (uint16_t)(crc << 1);
        }
    }
    c->crc = crc;
}
