/* AES-128 CBC-MAC (FIPS 197 block cipher; roster id aes-cbc-mac).
 *
 * Key = ASCII "hash-bench-aes!" and one zero byte (16 bytes), IV all zero,
 * a partial last block zero-padded, output the last cipher block; the empty
 * message gives the IV, 16 zero bytes (docs/ROSTER.md).  The key schedule is
 * expanded in init and kept in the context; a partial block waits in buf.
 *
 * Implementations:
 *   portable  FIPS 197 section 5.1 as written: SubBytes with the S-box,
 *             ShiftRows, MixColumns with xtime, AddRoundKey, on a 4x4 byte
 *             state.
 *   fast      32-bit T-tables (four of 1 KiB, 4 KiB in all, so they fit one
 *             bank of an 8-bit console), whole columns per lookup; the last
 *             round takes its S-box bytes out of the same tables.
 * with_params: hb_params.key of 16 bytes replaces the roster key (so the
 * FIPS 197 examples run: the CBC-MAC of one block under a zero IV is that
 * block's encryption).
 */
#ifndef HASHBENCH_AES_H
#define HASHBENCH_AES_H

#include "hashbench/common.h"

#define HB_AES_BLOCK 16
#define HB_AES128_ROUND_KEYS 44     /* words: 11 round keys of 4 words */

typedef struct hb_aes_cbc_mac_ctx {
    uint32_t w[HB_AES128_ROUND_KEYS];   /* FIPS 197 KeyExpansion: w[i], byte 0 in bits 31..24 */
    uint8_t mac[HB_AES_BLOCK];          /* the chaining value: IV, then each cipher block */
    uint8_t buf[HB_AES_BLOCK];          /* a partial block */
    uint8_t used;                       /* bytes in buf, 0..15 */
} hb_aes_cbc_mac_ctx;

/* The FIPS 197 S-box (section 5.1.1, Figure 7). */
extern const uint8_t hb_aes_sbox[256];

/* FIPS 197 section 5.2: 16-byte key -> 44 words. */
void hb_aes128_expand_key(uint32_t *w, const uint8_t *key);

/* One block, in -> out (may be the same buffer). */
void hb_aes128_encrypt_portable(const uint32_t *w, const uint8_t *in, uint8_t *out);
/* fast (aes_fast.c, aes_compact.c): the S-box in MixColumns columns, row 0
 * to 3 (aes_common.c) */
extern const uint32_t hb_aes_te0[256], hb_aes_te1[256], hb_aes_te2[256], hb_aes_te3[256];
void hb_aes128_encrypt_fast(const uint32_t *w, const uint8_t *in, uint8_t *out);

/* CBC over nblocks whole blocks: mac = E(mac ^ block), block after block. */
typedef void (*hb_aes_cbc_fn)(const uint32_t *w, uint8_t *mac, const uint8_t *blocks,
                              size_t nblocks);

/* Shared by the implementations (aes_common.c). */
void hb_aes_cbc_mac_init(hb_aes_cbc_mac_ctx *c);                      /* roster key */
void hb_aes_cbc_mac_init_key(hb_aes_cbc_mac_ctx *c, const uint8_t *key);
void hb_aes_cbc_mac_absorb(hb_aes_cbc_mac_ctx *c, const uint8_t *data, size_t len,
                           hb_aes_cbc_fn cbc);
void hb_aes_cbc_mac_finish(hb_aes_cbc_mac_ctx *c, uint8_t *out, hb_aes_cbc_fn cbc);

void hb_aes_cbc_mac_update_portable(hb_aes_cbc_mac_ctx *c, const uint8_t *data, size_t len);
void hb_aes_cbc_mac_final_portable(hb_aes_cbc_mac_ctx *c, uint8_t *digest);
void hb_aes_cbc_mac_update_fast(hb_aes_cbc_mac_ctx *c, const uint8_t *data, size_t len);
void hb_aes_cbc_mac_final_fast(hb_aes_cbc_mac_ctx *c, uint8_t *digest);

/* The with_params hooks; hb_params comes from hashbench.h. */
struct hb_params;
typedef void (*hb_aes_cbc_mac_update_fn)(hb_aes_cbc_mac_ctx *c, const uint8_t *data, size_t len);
typedef void (*hb_aes_cbc_mac_final_fn)(hb_aes_cbc_mac_ctx *c, uint8_t *mac);
/* The checks and the keying every implementation's hook shares: a key, if
 * given, of 16 bytes; no salt or iterations; 16 bytes out. */
int hb_aes_cbc_mac_params_with(const struct hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len, hb_aes_cbc_mac_update_fn update,
                               hb_aes_cbc_mac_final_fn final);
int hb_aes_cbc_mac_params_portable(const struct hb_params *p, const uint8_t *data, size_t len,
                                   uint8_t *out, size_t out_len);
int hb_aes_cbc_mac_params_fast(const struct hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len);

#endif /* HASHBENCH_AES_H */
