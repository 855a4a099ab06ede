/* crc64-xz, portable: CRC-64/XZ one bit at a time, straight from the
 * definition: poly 0x42F0E1EBA9EA3693 reflected (0xC96C5795D7870F42), bits
 * taken LSB first, init all ones (hb_crc64_xz_init), xorout all ones (final).
 * All 64-bit arithmetic goes through hashbench/u64.h. */
#include "hashbench/common.h"
#include "hashbench/u64.h"
#include "hashbench/crc.h"

static const hb_u64 crc64_xz_rpoly = HB_U64_INIT(0xC96C5795UL, 0xD7870F42UL);

void hb_crc64_xz_update_portable(hb_crc64_xz_ctx *c, const uint8_t *data, size_t len)
{
    hb_u64 crc;
    hb_u64 in;
    unsigned bit;

    crc = c->crc; /* no initialiser: cc65 takes only constant ones for structs */
    while (len--) {
        /* the byte enters at the bottom of the (reflected) register */
        HB_U64_SET(in, 0, *data++);
        HB_U64_XOR(crc, crc, in);
        for (bit = 0; bit < 8; bit++) {
            if (HB_U64_LO(crc) & 1u) {
                HB_U64_SHR(crc, crc, 1);
                HB_U64_XOR(crc, crc, crc64_xz_rpoly);
            } else {
                HB_U64_SHR(crc, crc, 1);
            }
        }
    }
    c->crc = crc;
}
