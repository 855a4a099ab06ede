/* crc64, portable: CRC-64/ECMA-182 one bit at a time, straight from the
 * definition: poly 0x42F0E1EBA9EA3693, MSB first, init 0, xorout 0.
 * All 64-bit arithmetic goes through hashbench/u64.h. */
#include "hashbench/common.h"
#include "hashbench/u64.h"
#include "hashbench/crc.h"

static const hb_u64 crc64_poly = HB_U64_INIT(0x42F0E1EBUL, 0xA9EA3693UL);

void hb_crc64_update_portable(hb_crc64_ctx *c, const uint8_t *data, size_t len)
{
    hb_u64 crc;
    hb_u64 in;
    unsigned bit;

    crc = c->crc; /* no initialiser: cc65 takes only constant ones for structs */
    while (len--) {
        /* the byte enters at the top of the register */
        HB_U64_SET(in, (uint32_t)*data++ << 24, 0);
        HB_U64_XOR(crc, crc, in);
        for (bit = 0; bit < 8; bit++) {
            if (HB_U64_HI(crc) & 0x80000000UL) {
                HB_U64_SHL(crc, crc, 1);
                HB_U64_XOR(crc, crc, crc64_poly);
            } else {
                HB_U64_SHL(crc, crc, 1);
            }
        }
    }
    c->crc = crc;
}
