/* AES-128 block cipher and key expansion known answers, for both exported
 * block functions (hb_aes128_encrypt_portable / _fast):
 *   FIPS 197 Appendix A.1: the expansion of 2b7e1516 28aed2a6 abf71588
 *     09cf4f3c ends with w[40..43] = d014f9a8 c9ee2589 e13f0cc8 b6630ca6;
 *   FIPS 197 Appendix C.1 and Appendix B (cipher example).
 * Also the roster conventions of aes-cbc-mac: the empty message gives 16
 * zero bytes; a 1-byte message equals its zero-padded 16-byte block. */
#include <stdio.h>
#include "hashbench.h"
#include "hashbench/aes.h"
#include "unit.h"

static const uint8_t key_b[16] = { 0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
                                   0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c };
static const uint8_t in_b[16] = { 0x32, 0x43, 0xf6, 0xa8, 0x88, 0x5a, 0x30, 0x8d,
                                  0x31, 0x31, 0x98, 0xa2, 0xe0, 0x37, 0x07, 0x34 };
static const uint8_t out_b[16] = { 0x39, 0x25, 0x84, 0x1d, 0x02, 0xdc, 0x09, 0xfb,
                                   0xdc, 0x11, 0x85, 0x97, 0x19, 0x6a, 0x0b, 0x32 };
static const uint8_t key_c1[16] = { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                                    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f };
static const uint8_t in_c1[16] = { 0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                   0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff };
static const uint8_t out_c1[16] = { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                    0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a };

int main(void)
{
    static uint32_t w[HB_AES128_ROUND_KEYS];
    static hb_aes_cbc_mac_ctx c;
    uint8_t out[16], pad[16];
    const uint8_t zero[16] = { 0 };
    unsigned i;

    hb_aes128_expand_key(w, key_b);
    check(w[40] == 0xd014f9a8UL && w[41] == 0xc9ee2589UL && w[42] == 0xe13f0cc8UL &&
           w[43] == 0xb6630ca6UL, "FIPS 197 A.1 key expansion, round key 10");

    hb_aes128_encrypt_portable(w, in_b, out);
    check(same(out, out_b, 16), "FIPS 197 Appendix B cipher example (portable)");
    hb_aes128_encrypt_fast(w, in_b, out);
    check(same(out, out_b, 16), "FIPS 197 Appendix B cipher example (fast)");

    hb_aes128_expand_key(w, key_c1);
    hb_aes128_encrypt_portable(w, in_c1, out);
    check(same(out, out_c1, 16), "FIPS 197 C.1 AES-128 (portable)");
    hb_aes128_encrypt_fast(w, in_c1, out);
    check(same(out, out_c1, 16), "FIPS 197 C.1 AES-128 (fast)");

    hb_aes_cbc_mac_init(&c);
    hb_aes_cbc_mac_final_portable(&c, out);
    check(same(out, zero, 16), "aes-cbc-mac of the empty message is 16 zero bytes (portable)");
    hb_aes_cbc_mac_init(&c);
    hb_aes_cbc_mac_final_fast(&c, out);
    check(same(out, zero, 16), "aes-cbc-mac of the empty message is 16 zero bytes (fast)");

    for (i = 0; i < 16; i++)
        pad[i] = 0;
    pad[0] = 0x61;
    hb_aes_cbc_mac_init(&c);
    hb_aes_cbc_mac_update_fast(&c, pad, 1);
    hb_aes_cbc_mac_final_fast(&c, out);
    hb_aes_cbc_mac_init(&c);
    hb_aes_cbc_mac_update_portable(&c, pad, 16);
    hb_aes_cbc_mac_final_portable(&c, pad);
    check(same(out, pad, 16), "a partial last block is zero-padded");

    return unit_summary();
}
