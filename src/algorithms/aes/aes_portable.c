/* AES-128 CBC-MAC, portable: the cipher of FIPS 197 section 5.1 as written,
 * on the 4x4 byte state (byte r + 4c is row r, column c): SubBytes through
 * the S-box, ShiftRows, MixColumns with xtime, AddRoundKey. */
#include "hashbench/common.h"
#include "hashbench/aes.h"

/* Multiplication by x (that is {02}) in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1
 * (FIPS 197 section 4.2.1). */
static uint8_t xtime(uint8_t b)
{
    return (uint8_t)((b << 1) ^ ((b & 0x80) ? 0x1b : 0x00));
}

static void add_round_key(uint8_t *s, const uint32_t *w)
{
    unsigned c;
    for (c = 0; c < 4; c++) {
        s[4 * c] ^= (uint8_t)(w[c] >> 24);
        s[4 * c + 1] ^= (uint8_t)(w[c] >> 16);
        s[4 * c + 2] ^= (uint8_t)(w[c] >> 8);
        s[4 * c + 3] ^= (uint8_t)w[c];
    }
}

static void sub_bytes(uint8_t *s)
{
    unsigned i;
    for (i = 0; i < 16; i++)
        s[i] = hb_aes_sbox[s[i]];
}

/* Row r moves r columns to the left: s'[r, c] = s[r, (c + r) mod 4]. */
static void shift_rows(uint8_t *s)
{
    uint8_t t;
    /* row 1: left by one */
    t = s[1]; s[1] = s[5]; s[5] = s[9]; s[9] = s[13]; s[13] = t;
    /* row 2: left by two */
    t = s[2]; s[2] = s[10]; s[10] = t;
    t = s[6]; s[6] = s[14]; s[14] = t;
    /* row 3: left by three, i.e. right by one */
    t = s[15]; s[15] = s[11]; s[11] = s[7]; s[7] = s[3]; s[3] = t;
}

/* Each column times {03}x^3 + {01}x^2 + {01}x + {02} (section 5.1.3). */
static void mix_columns(uint8_t *s)
{
    unsigned c;
    uint8_t a0, a1, a2, a3;
    for (c = 0; c < 16; c += 4) {
        a0 = s[c]; a1 = s[c + 1]; a2 = s[c + 2]; a3 = s[c + 3];
        s[c] = (uint8_t)(xtime(a0) ^ xtime(a1) ^ a1 ^ a2 ^ a3);
        s[c + 1] = (uint8_t)(a0 ^ xtime(a1) ^ xtime(a2) ^ a2 ^ a3);
        s[c + 2] = (uint8_t)(a0 ^ a1 ^ xtime(a2) ^ xtime(a3) ^ a3);
        s[c + 3] = (uint8_t)(xtime(a0) ^ a0 ^ a1 ^ a2 ^ xtime(a3));
    }
}

/* FIPS 197 Figure 5, Nr = 10. */
void hb_aes128_encrypt_portable(const uint32_t *w, const uint8_t *in, uint8_t *out)
{
    uint8_t s[16];
    unsigned i, round;

    for (i = 0; i < 16; i++)
        s[i] = in[i];
    add_round_key(s, w);
    for (round = 1; round < 10; round++) {
        sub_bytes(s);
        shift_rows(s);
        mix_columns(s);
        add_round_key(s, w + 4 * round);
    }
    sub_bytes(s);
    shift_rows(s);
    add_round_key(s, w + 40);
    for (i = 0; i < 16; i++)
        out[i] = s[i];
}

static void cbc_portable(const uint32_t *w, uint8_t *mac, const uint8_t *blocks, size_t nblocks)
{
    unsigned i;
    while (nblocks > 0) {
        for (i = 0; i < 16; i++)
            mac[i] ^= blocks[i];
        hb_aes128_encrypt_portable(w, mac, mac);
        blocks += 16;
        nblocks--;
    }
}

void hb_aes_cbc_mac_update_portable(hb_aes_cbc_mac_ctx *c, const uint8_t *data, size_t len)
{
    hb_aes_cbc_mac_absorb(c, data, len, cbc_portable);
}

void hb_aes_cbc_mac_final_portable(hb_aes_cbc_mac_ctx *c, uint8_t *digest)
{
    hb_aes_cbc_mac_finish(c, digest, cbc_portable);
}
