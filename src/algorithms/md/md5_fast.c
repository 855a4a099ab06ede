/* MD5, fast portable C: the 64 steps fully unrolled with the constants and
 * shifts folded in, the registers renamed instead of moved, the message word
 * and constant added before the round function (off the critical path, which
 * runs through b, the register just computed), and each round function in
 * its cheapest form:
 *   F(b,c,d) = (b & c) | (~b & d)  ->  ((c ^ d) & b) ^ d
 *   G(b,c,d) = (b & d) | (c & ~d)  ->  (c & ~d) + (b & d): the two halves
 *              never overlap, and c & ~d does not wait for b
 *   H(b,c,d) = b ^ c ^ d
 *   I(b,c,d) = c ^ (b | ~d)
 * Same RFC 1321 algorithm as md5_portable.c.
 *
 * The 8-bit consoles build md5_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms");
 * what the two forms share is in md5_fast_shared.c. */
#include "hashbench/md.h"
#include "md5_fast_shared.h"

void hb_md5_compress_fast(uint32_t *state, const uint8_t *blocks, size_t nblocks)
{
    uint32_t x[16];
    uint32_t a, b, c, d;
    unsigned i;

    while (nblocks > 0) {
        for (i = 0; i < 16; i++)
            x[i] = HB_LOAD32_LE(blocks + 4 * i);
        a = state[0];
        b = state[1];
        c = state[2];
        d = state[3];

        MD5_STEP(F, a, b, c, d, x[ 0], 0xD76AA478UL,  7);
        MD5_STEP(F, d, a, b, c, x[ 1], 0xE8C7B756UL, 12);
        MD5_STEP(F, c, d, a, b, x[ 2], 0x242070DBUL, 17);
        MD5_STEP(F, b, c, d, a, x[ 3], 0xC1BDCEEEUL, 22);
        MD5_STEP(F, a, b, c, d, x[ 4], 0xF57C0FAFUL,  7);
        MD5_STEP(F, d, a, b, c, x[ 5], 0x4787C62AUL, 12);
        MD5_STEP(F, c, d, a, b, x[ 6], 0xA8304613UL, 17);
        MD5_STEP(F, b, c, d, a, x[ 7], 0xFD469501UL, 22);
        MD5_STEP(F, a, b, c, d, x[ 8], 0x698098D8UL,  7);
        MD5_STEP(F, d, a, b, c, x[ 9], 0x8B44F7AFUL, 12);
        MD5_STEP(F, c, d, a, b, x[10], 0xFFFF5BB1UL, 17);
        MD5_STEP(F, b, c, d, a, x[11], 0x895CD7BEUL, 22);
        MD5_STEP(F, a, b, c, d, x[12], 0x6B901122UL,  7);
        MD5_STEP(F, d, a, b, c, x[13], 0xFD987193UL, 12);
        MD5_STEP(F, c, d, a, b, x[14], 0xA679438EUL, 17);
        MD5_STEP(F, b, c, d, a, x[15], 0x49B40821UL, 22);

        MD5_STEP_G(a, b, c, d, x[ 1], 0xF61E2562UL,  5);
        MD5_STEP_G(d, a, b, c, x[ 6], 0xC040B340UL,  9);
        MD5_STEP_G(c, d, a, b, x[11], 0x265E5A51UL, 14);
        MD5_STEP_G(b, c, d, a, x[ 0], 0xE9B6C7AAUL, 20);
        MD5_STEP_G(a, b, c, d, x[ 5], 0xD62F105DUL,  5);
        MD5_STEP_G(d, a, b, c, x[10], 0x02441453UL,  9);
        MD5_STEP_G(c, d, a, b, x[15], 0xD8A1E681UL, 14);
        MD5_STEP_G(b, c, d, a, x[ 4], 0xE7D3FBC8UL, 20);
        MD5_STEP_G(a, b, c, d, x[ 9], 0x21E1CDE6UL,  5);
        MD5_STEP_G(d, a, b, c, x[14], 0xC33707D6UL,  9);
        MD5_STEP_G(c, d, a, b, x[ 3], 0xF4D50D87UL, 14);
        MD5_STEP_G(b, c, d, a, x[ 8], 0x455A14EDUL, 20);
        MD5_STEP_G(a, b, c, d, x[13], 0xA9E3E905UL,  5);
        MD5_STEP_G(d, a, b, c, x[ 2], 0xFCEFA3F8UL,  9);
        MD5_STEP_G(c, d, a, b, x[ 7], 0x676F02D9UL, 14);
        MD5_STEP_G(b, c, d, a, x[12], 0x8D2A4C8AUL, 20);

        MD5_STEP(H, a, b, c, d, x[ 5], 0xFFFA3942UL,  4);
        MD5_STEP(H, d, a, b, c, x[ 8], 0x8771F681UL, 11);
        MD5_STEP(H, c, d, a, b, x[11], 0x6D9D6122UL, 16);
        MD5_STEP(H, b, c, d, a, x[14], 0xFDE5380CUL, 23);
        MD5_STEP(H, a, b, c, d, x[ 1], 0xA4BEEA44UL,  4);
        MD5_STEP(H, d, a, b, c, x[ 4], 0x4BDECFA9UL, 11);
        MD5_STEP(H, c, d, a, b, x[ 7], 0xF6BB4B60UL, 16);
        MD5_STEP(H, b, c, d, a, x[10], 0xBEBFBC70UL, 23);
        MD5_STEP(H, a, b, c, d, x[13], 0x289B7EC6UL,  4);
        MD5_STEP(H, d, a, b, c, x[ 0], 0xEAA127FAUL, 11);
        MD5_STEP(H, c, d, a, b, x[ 3], 0xD4EF3085UL, 16);
        MD5_STEP(H, b, c, d, a, x[ 6], 0x04881D05UL, 23);
        MD5_STEP(H, a, b, c, d, x[ 9], 0xD9D4D039UL,  4);
        MD5_STEP(H, d, a, b, c, x[12], 0xE6DB99E5UL, 11);
        MD5_STEP(H, c, d, a, b, x[15], 0x1FA27CF8UL, 16);
        MD5_STEP(H, b, c, d, a, x[ 2], 0xC4AC5665UL, 23);

        MD5_STEP(I, a, b, c, d, x[ 0], 0xF4292244UL,  6);
        MD5_STEP(I, d, a, b, c, x[ 7], 0x432AFF97UL, 10);
        MD5_STEP(I, c, d, a, b, x[14], 0xAB9423A7UL, 15);
        MD5_STEP(I, b, c, d, a, x[ 5], 0xFC93A039UL, 21);
        MD5_STEP(I, a, b, c, d, x[12], 0x655B59C3UL,  6);
        MD5_STEP(I, d, a, b, c, x[ 3], 0x8F0CCC92UL, 10);
        MD5_STEP(I, c, d, a, b, x[10], 0xFFEFF47DUL, 15);
        MD5_STEP(I, b, c, d, a, x[ 1], 0x85845DD1UL, 21);
        MD5_STEP(I, a, b, c, d, x[ 8], 0x6FA87E4FUL,  6);
        MD5_STEP(I, d, a, b, c, x[15], 0xFE2CE6E0UL, 10);
        MD5_STEP(I, c, d, a, b, x[ 6], 0xA3014314UL, 15);
        MD5_STEP(I, b, c, d, a, x[13], 0x4E0811A1UL, 21);
        MD5_STEP(I, a, b, c, d, x[ 4], 0xF7537E82UL,  6);
        MD5_STEP(I, d, a, b, c, x[11], 0xBD3AF235UL, 10);
        MD5_STEP(I, c, d, a, b, x[ 2], 0x2AD7D2BBUL, 15);
        MD5_STEP(I, b, c, d, a, x[ 9], 0xEB86D391UL, 21);

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        blocks += HB_MD_BLOCK;
        nblocks--;
    }
}
