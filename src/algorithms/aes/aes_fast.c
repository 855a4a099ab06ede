/* AES-128 CBC-MAC, fast: the cipher on four 32-bit columns with T-tables.
 *
 * te0[x] is the MixColumns column of the byte S[x] in row 0: the bytes
 * {02}S[x], S[x], S[x], {03}S[x] from the top (most significant) down;
 * te1, te2 and te3 are te0 rotated right by 8, 16 and 24 bits, the same for
 * rows 1, 2 and 3.  A round is then, for output column c,
 *   te0[row 0 of column c] ^ te1[row 1 of column c+1] ^ te2[row 2 of c+2]
 *   ^ te3[row 3 of c+3] ^ round key
 * (SubBytes, ShiftRows, MixColumns and AddRoundKey at once).  The last round
 * has no MixColumns; it needs the bare S-box, which sits in every table: the
 * byte of te2 at bits 31..24, of te3 at 23..16, of te0 at 15..8 and of te1
 * at 7..0 is S[x] itself, so 4 KiB of tables are all the cipher needs.
 * The chaining value stays in the four column words from block to block.
 *
 * The 8-bit consoles build aes_compact.c, the compact form of this
 * code, in its place (docs/writing-an-algorithm.md, "Compact forms"); the
 * tables, the round and update/final are in aes_fast_shared.c/.h, which
 * both link. */
#include "hashbench/common.h"
#include "hashbench/aes.h"
#include "aes_fast_shared.h"

/* s0..s3 hold the block xor the first round key; on return, the cipher
 * block. */
#define ENCRYPT_COLUMNS(w)                                                         \
    do {                                                                           \
        ROUND(t0, t1, t2, t3, s0, s1, s2, s3, (w) + 4);                            \
        ROUND(s0, s1, s2, s3, t0, t1, t2, t3, (w) + 8);                            \
        ROUND(t0, t1, t2, t3, s0, s1, s2, s3, (w) + 12);                           \
        ROUND(s0, s1, s2, s3, t0, t1, t2, t3, (w) + 16);                           \
        ROUND(t0, t1, t2, t3, s0, s1, s2, s3, (w) + 20);                           \
        ROUND(s0, s1, s2, s3, t0, t1, t2, t3, (w) + 24);                           \
        ROUND(t0, t1, t2, t3, s0, s1, s2, s3, (w) + 28);                           \
        ROUND(s0, s1, s2, s3, t0, t1, t2, t3, (w) + 32);                           \
        ROUND(t0, t1, t2, t3, s0, s1, s2, s3, (w) + 36);                           \
        s0 = LAST(t0, t1, t2, t3, (w)[40]);                                        \
        s1 = LAST(t1, t2, t3, t0, (w)[41]);                                        \
        s2 = LAST(t2, t3, t0, t1, (w)[42]);                                        \
        s3 = LAST(t3, t0, t1, t2, (w)[43]);                                        \
    } while (0)

void hb_aes128_encrypt_fast(const uint32_t *w, const uint8_t *in, uint8_t *out)
{
    uint32_t s0, s1, s2, s3, t0, t1, t2, t3;

    s0 = HB_LOAD32_BE(in) ^ w[0];
    s1 = HB_LOAD32_BE(in + 4) ^ w[1];
    s2 = HB_LOAD32_BE(in + 8) ^ w[2];
    s3 = HB_LOAD32_BE(in + 12) ^ w[3];
    ENCRYPT_COLUMNS(w);
    HB_STORE32_BE(out, s0);
    HB_STORE32_BE(out + 4, s1);
    HB_STORE32_BE(out + 8, s2);
    HB_STORE32_BE(out + 12, s3);
}

void hb_aes_cbc_blocks_fast(const uint32_t *w, uint8_t *mac, const uint8_t *p, size_t nblocks)
{
    uint32_t s0, s1, s2, s3, t0, t1, t2, t3;

    s0 = HB_LOAD32_BE(mac);
    s1 = HB_LOAD32_BE(mac + 4);
    s2 = HB_LOAD32_BE(mac + 8);
    s3 = HB_LOAD32_BE(mac + 12);
    while (nblocks > 0) {
        s0 ^= HB_LOAD32_BE(p) ^ w[0];
        s1 ^= HB_LOAD32_BE(p + 4) ^ w[1];
        s2 ^= HB_LOAD32_BE(p + 8) ^ w[2];
        s3 ^= HB_LOAD32_BE(p + 12) ^ w[3];
        ENCRYPT_COLUMNS(w);
        p += 16;
        nblocks--;
    }
    HB_STORE32_BE(mac, s0);
    HB_STORE32_BE(mac + 4, s1);
    HB_STORE32_BE(mac + 8, s2);
    HB_STORE32_BE(mac + 12, s3);
}
