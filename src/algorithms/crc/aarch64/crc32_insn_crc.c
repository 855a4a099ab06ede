/* crc32 and crc32c with the ARMv8 CRC32 instructions (FEAT_CRC32,
 * mandatory from ARMv8.1): CRC32X / CRC32CX take eight bytes a step, and
 * CRC32W/H/B (CW/CH/CB) the last 0..7.  The instructions work on the
 * reflected register exactly as the table code keeps it (no inversion:
 * the context holds the register before the final XOR), so they plug into
 * the family's context as they are.
 *
 * One chain: each CRC32X needs the previous one's result.  Arm's Cortex-A72
 * software optimisation guide gives the instruction a latency of 2 cycles
 * and one issue a cycle, so one chain does 8 bytes per 2 cycles there; three chains joined at the end by
 * a carry-less multiply would do 8 per cycle, at the cost of needing PMULL
 * as well and of a fixed join per call.  Here: one chain, unrolled four
 * times (32 bytes and 4 + 4 instructions per iteration, with two LDP). */
#include <arm_acle.h>
#include <string.h>
#include "crc_arm.h"

#define HB_CRC_BODY(fn64, fn32, fn16, fn8)                                      \
    do {                                                                        \
        uint64_t w0, w1, w2, w3;                                                \
        uint32_t w;                                                             \
        uint16_t h;                                                             \
        for (; len >= 32; len -= 32, data += 32) {                              \
            memcpy(&w0, data, 8);                                               \
            memcpy(&w1, data + 8, 8);                                           \
            memcpy(&w2, data + 16, 8);                                          \
            memcpy(&w3, data + 24, 8);                                          \
            crc = fn64(fn64(fn64(fn64(crc, w0), w1), w2), w3);                  \
        }                                                                       \
        for (; len >= 8; len -= 8, data += 8) {                                 \
            memcpy(&w0, data, 8);                                               \
            crc = fn64(crc, w0);                                                \
        }                                                                       \
        if (len & 4) {                                                          \
            memcpy(&w, data, 4);                                                \
            crc = fn32(crc, w);                                                 \
            data += 4;                                                          \
        }                                                                       \
        if (len & 2) {                                                          \
            memcpy(&h, data, 2);                                                \
            crc = fn16(crc, h);                                                 \
            data += 2;                                                          \
        }                                                                       \
        if (len & 1)                                                            \
            crc = fn8(crc, *data);                                              \
    } while (0)

/* (little-endian loads: aarch64 Linux is little-endian, as the reflected
 * CRCs want the first byte in the low bits) */
void hb_crc32_update_crc(hb_crc32_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t crc = c->crc;
    HB_CRC_BODY(__crc32d, __crc32w, __crc32h, __crc32b);
    c->crc = crc;
}

void hb_crc32c_update_crc(hb_crc32c_ctx *c, const uint8_t *data, size_t len)
{
    uint32_t crc = c->crc;
    HB_CRC_BODY(__crc32cd, __crc32cw, __crc32ch, __crc32cb);
    c->crc = crc;
}
