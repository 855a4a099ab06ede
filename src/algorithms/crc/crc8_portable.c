/* crc8, portable: CRC-8/SMBUS one bit at a time, straight from the
 * definition (poly x^8 + x^2 + x + 1 = 0x07, MSB first, init 0, xorout 0). */
#include "hashbench/common.h"
#include "hashbench/crc.h"

void hb_crc8_update_portable(hb_crc8_ctx *c, const uint8_t *data, size_t len)
{
    uint8_t crc = c->crc;
    unsigned bit;

    while (len--) {
        crc ^= *data++;
        for (bit = 0; bit < 8; bit++) {
            if (crc & 0x80u)
                crc = (uint8_t)(((unsigned)crc << 1) ^ 0x07u);
            else
                crc = (uint8_t)(crc << 1);
        }
    }
    c->crc = crc;
}
