/* HMAC-SHA-256 (RFC 2104) and PBKDF2-HMAC-SHA-256 (RFC 8018), generic over a
 * SHA-256 compress function (hb_block32_fn, hashbench/sha2.h).
 *
 * All the logic lives in the *_with functions, which take the compress
 * function; an implementation is nothing but a compress function plus the
 * typed wrappers that HB_HMAC_SHA256_DEFINE / HB_PBKDF2_SHA256_DEFINE write:
 *
 *     HB_HMAC_SHA256_DEFINE(shani, hb_sha256_compress_shani)
 *     HB_PBKDF2_SHA256_DEFINE(shani, hb_sha256_compress_shani)
 *
 * and the HB_DEFINE_IMPL lines in mac_register.c.
 *
 * Roster parameters (docs/ROSTER.md):
 *   hmac-sha256:   key = "hash-bench-nds" followed by two zero bytes (16 bytes);
 *   pbkdf2-sha256: password = the message, salt = "hash-bench-salt" (15 bytes),
 *                  100 iterations, 32-byte output.
 */
#ifndef HASHBENCH_MAC_H
#define HASHBENCH_MAC_H

#include "hashbench/common.h"
#include "hashbench/md_block.h"
#include "hashbench/sha2.h"

#ifdef __cplusplus
extern "C" {
#endif

struct hb_params;

#define HB_HMAC_SHA256_DIGEST 32
#define HB_PBKDF2_SHA256_ITERATIONS 100

extern const uint8_t hb_hmac_sha256_default_key[16];
extern const uint8_t hb_pbkdf2_sha256_default_salt[15];

/* ---- HMAC-SHA-256 ----------------------------------------------------- */

typedef struct hb_hmac_sha256_ctx {
    hb_sha256_ctx inner;        /* SHA-256 of (K0 ^ ipad) || message, running */
    uint32_t outer[8];          /* the state after compressing K0 ^ opad */
} hb_hmac_sha256_ctx;

/* K0 (RFC 2104, FIPS 198-1): the key zero-padded to 64 bytes, or its SHA-256
 * zero-padded when it is longer than 64 bytes. */
void hb_hmac_sha256_key0_with(uint8_t *k0, const uint8_t *key, size_t key_len,
                              hb_block32_fn compress);
/* The SHA-256 states after compressing K0 ^ ipad and K0 ^ opad. */
void hb_hmac_sha256_pads_with(const uint8_t *k0, uint32_t *istate, uint32_t *ostate,
                              hb_block32_fn compress);

void hb_hmac_sha256_init_with(hb_hmac_sha256_ctx *c, const uint8_t *key, size_t key_len,
                              hb_block32_fn compress);
void hb_hmac_sha256_update_with(hb_hmac_sha256_ctx *c, const uint8_t *data, size_t len,
                                hb_block32_fn compress);
void hb_hmac_sha256_final_with(hb_hmac_sha256_ctx *c, uint8_t *mac, hb_block32_fn compress);
/* with_params: key = params->key (any length; NULL with key_len 0: the
 * roster's key), out_len 1..32 (a shorter MAC is the truncation of RFC 4231
 * test case 5).  salt and iterations must be unset.  0, or -1 when the
 * parameters are not supported. */
int hb_hmac_sha256_params_with(const struct hb_params *p, const uint8_t *data, size_t len,
                               uint8_t *out, size_t out_len, hb_block32_fn compress);

/* ---- PBKDF2-HMAC-SHA-256 ---------------------------------------------- */

/* Streaming: update accumulates the password.  While it fits in 64 bytes it
 * is kept as is; past 64 bytes it is replaced by its running SHA-256 (the
 * HMAC key it becomes), so the context stays fixed-size. */
typedef struct hb_pbkdf2_sha256_ctx {
    hb_sha256_ctx pw;           /* SHA-256 of a password longer than 64 bytes */
    uint8_t key[64];            /* the password while it is at most 64 bytes */
    uint8_t key_len;            /* 0..64 */
    uint8_t hashed;             /* 1: the password went past 64 bytes, see pw */
} hb_pbkdf2_sha256_ctx;

void hb_pbkdf2_sha256_init(hb_pbkdf2_sha256_ctx *c);
void hb_pbkdf2_sha256_update_with(hb_pbkdf2_sha256_ctx *c, const uint8_t *data, size_t len,
                                  hb_block32_fn compress);
/* The roster's derivation: default salt, 100 iterations, 32 bytes. */
void hb_pbkdf2_sha256_final_with(hb_pbkdf2_sha256_ctx *c, uint8_t *out, hb_block32_fn compress);
/* The HMAC key block K0 of the password a context has absorbed (the first
 * step of final; implementations with their own derivation loop share it). */
void hb_pbkdf2_sha256_key0(hb_pbkdf2_sha256_ctx *c, uint8_t *k0, hb_block32_fn compress);
/* PBKDF2 from the HMAC key block K0 (hb_hmac_sha256_key0_with): out_len
 * bytes T1 || T2 || ...  The padded-key states are computed once; each
 * iteration after the first is two compress calls on one prepared block. */
void hb_pbkdf2_sha256_derive_with(const uint8_t *k0, const uint8_t *salt, size_t salt_len,
                                  uint32_t iterations, uint8_t *out, size_t out_len,
                                  hb_block32_fn compress);
/* with_params: password = the message; salt = params->salt (NULL with
 * salt_len 0: the roster's salt); iterations = params->iterations (0: 100);
 * out_len = dkLen, any length >= 1.  params->key must be unset. */
int hb_pbkdf2_sha256_params_with(const struct hb_params *p, const uint8_t *data, size_t len,
                                 uint8_t *out, size_t out_len, hb_block32_fn compress);
/* The checks and defaults of with_params, shared by every implementation:
 * fills salt, salt_len and iterations, or returns -1 for parameters PBKDF2
 * cannot take. */
int hb_pbkdf2_sha256_resolve(const struct hb_params *p, size_t out_len, const uint8_t **salt,
                             size_t *salt_len, uint32_t *iterations);

/* ---- typed wrappers per implementation -------------------------------- */

#define HB_HMAC_SHA256_DECLARE(impl)                                                 \
    void hb_hmac_sha256_init_##impl(hb_hmac_sha256_ctx *c);                          \
    void hb_hmac_sha256_update_##impl(hb_hmac_sha256_ctx *c, const uint8_t *data,    \
                                      size_t len);                                   \
    void hb_hmac_sha256_final_##impl(hb_hmac_sha256_ctx *c, uint8_t *mac);           \
    int hb_hmac_sha256_params_##impl(const struct hb_params *p, const uint8_t *data, \
                                     size_t len, uint8_t *out, size_t out_len)

/* Defines the four functions HB_HMAC_SHA256_DECLARE declares (no ';' after). */
#define HB_HMAC_SHA256_DEFINE(impl, compress)                                        \
    void hb_hmac_sha256_init_##impl(hb_hmac_sha256_ctx *c)                           \
    {                                                                                \
        hb_hmac_sha256_init_with(c, hb_hmac_sha256_default_key,                      \
                                 sizeof hb_hmac_sha256_default_key, compress);       \
    }                                                                                \
    void hb_hmac_sha256_update_##impl(hb_hmac_sha256_ctx *c, const uint8_t *data,    \
                                      size_t len)                                    \
    {                                                                                \
        hb_hmac_sha256_update_with(c, data, len, compress);                          \
    }                                                                                \
    void hb_hmac_sha256_final_##impl(hb_hmac_sha256_ctx *c, uint8_t *mac)            \
    {                                                                                \
        hb_hmac_sha256_final_with(c, mac, compress);                                 \
    }                                                                                \
    int hb_hmac_sha256_params_##impl(const struct hb_params *p, const uint8_t *data, \
                                     size_t len, uint8_t *out, size_t out_len)       \
    {                                                                                \
        return hb_hmac_sha256_params_with(p, data, len, out, out_len, compress);     \
    }

#define HB_PBKDF2_SHA256_DECLARE(impl)                                                 \
    void hb_pbkdf2_sha256_update_##impl(hb_pbkdf2_sha256_ctx *c, const uint8_t *data,  \
                                        size_t len);                                   \
    void hb_pbkdf2_sha256_final_##impl(hb_pbkdf2_sha256_ctx *c, uint8_t *out);         \
    int hb_pbkdf2_sha256_params_##impl(const struct hb_params *p, const uint8_t *data, \
                                       size_t len, uint8_t *out, size_t out_len)

/* Defines the three functions HB_PBKDF2_SHA256_DECLARE declares (no ';'
 * after); init is hb_pbkdf2_sha256_init for every implementation. */
#define HB_PBKDF2_SHA256_DEFINE(impl, compress)                                        \
    void hb_pbkdf2_sha256_update_##impl(hb_pbkdf2_sha256_ctx *c, const uint8_t *data,  \
                                        size_t len)                                    \
    {                                                                                  \
        hb_pbkdf2_sha256_update_with(c, data, len, compress);                          \
    }                                                                                  \
    void hb_pbkdf2_sha256_final_##impl(hb_pbkdf2_sha256_ctx *c, uint8_t *out)          \
    {                                                                                  \
        hb_pbkdf2_sha256_final_with(c, out, compress);                                 \
    }                                                                                  \
    int hb_pbkdf2_sha256_params_##impl(const struct hb_params *p, const uint8_t *data, \
                                       size_t len, uint8_t *out, size_t out_len)       \
    {                                                                                  \
        return hb_pbkdf2_sha256_params_with(p, data, len, out, out_len, compress);     \
    }

HB_HMAC_SHA256_DECLARE(portable);
HB_HMAC_SHA256_DECLARE(fast);
HB_PBKDF2_SHA256_DECLARE(portable);
HB_PBKDF2_SHA256_DECLARE(fast);

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_MAC_H */
