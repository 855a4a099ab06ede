/* The compact form of aes_fast.c: the same functions, for the 8-bit
 * consoles (docs/writing-an-algorithm.md, "Compact forms").  The fast code:
 * AES-128 CBC-MAC, fast: the cipher on four 32-bit columns with T-tables.
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
 * This compact form (for the Game Boy build, whose code must fit a
 * 16 KB ROM bank) keeps the tables and the column form but runs the nine
 * table rounds as a loop of two, in one function both callers share. */
#include "hashbench/common.h"
#include "hashbench/aes.h"
#include "aes_fast_shared.h"

/* s[0..3]: the block xor the first round key in, the cipher block out */
static void encrypt_columns(const uint32_t *w, uint32_t *s)
{
    uint32_t s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3], t0, t1, t2, t3;
    const uint32_t *k;

    for (k = w + 4; k != w + 36; k += 8) {
        ROUND(t0, t1, t2, t3, s0, s1, s2, s3, k);
        ROUND(s0, s1, s2, s3, t0, t1, t2, t3, k + 4);
    }
    ROUND(t0, t1, t2, t3, s0, s1, s2, s3, w + 36);
    s[0] = LAST(t0, t1, t2, t3, w[40]);
    s[1] = LAST(t1, t2, t3, t0, w[41]);
    s[2] = LAST(t2, t3, t0, t1, w[42]);
    s[3] = LAST(t3, t0, t1, t2, w[43]);
}

void hb_aes128_encrypt_fast(const uint32_t *w, const uint8_t *in, uint8_t *out)
{
    uint32_t s[4];
    unsigned i;

    for (i = 0; i < 4; i++)
        s[i] = HB_LOAD32_BE(in + 4 * i) ^ w[i];
    encrypt_columns(w, s);
    for (i = 0; i < 4; i++)
        HB_STORE32_BE(out + 4 * i, s[i]);
}

void hb_aes_cbc_blocks_fast(const uint32_t *w, uint8_t *mac, const uint8_t *p, size_t nblocks)
{
    uint32_t s[4];
    unsigned i;

    for (i = 0; i < 4; i++)
        s[i] = HB_LOAD32_BE(mac + 4 * i);
    while (nblocks > 0) {
        for (i = 0; i < 4; i++)
            s[i] ^= HB_LOAD32_BE(p + 4 * i) ^ w[i];
        encrypt_columns(w, s);
        p += 16;
        nblocks--;
    }
    for (i = 0; i < 4; i++)
        HB_STORE32_BE(mac + 4 * i, s[i]);
}
