/* HMAC-SHA-256 (RFC 2104) and PBKDF2-HMAC-SHA-256 (RFC 8018), generic over a
 * SHA-256 compress function (hb_block32_fn, hashbench/sha2.h).
 *
 * All the logic lives in the *_with functions, which take the compress
 * function; an implementation is nothing but a compress function plus the
 * typed wrappers that HB_HMAC_SHA256_DEFINE / HB_PBKDF2_SHA256_DEFINE write:
 *
 *     HB_HMAC_SHA256_DEFINE(fast, hb_sha256_compress_fast)
 *     HB_PBKDF2_SHA256_DEFINE(fast, hb_sha256_compress_fast)
 *
 * and the HB_DEFINE_IMPL lines in mac_register.c.  The host-only
 * implementations (mac/x86, mac/arm) use HB_HMAC_SHA256_DEFINE_CACHED
 * instead, which keys the roster's key once (hb_hmac_sha256_keyed).
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

/* A SHA-256 context resuming after one padded-key block from its state. */
void hb_hmac_sha256_resume(hb_sha256_ctx *h, const uint32_t *state);

/* The padded-key states of the roster's key, computed once per compress
 * function: the key is fixed, so a message's init need not redo the key
 * block and its two compressions (OpenSSL's re-initialised EVP_MAC and the
 * Rust peer's cloned Hmac do not either).  One static instance per
 * implementation (HB_HMAC_SHA256_DEFINE_CACHED); zero-initialised = empty. */
typedef struct hb_hmac_sha256_keyed {
    uint32_t istate[8];
    uint32_t ostate[8];
    int ready;                  /* 0 empty, 1 being filled, 2 filled */
} hb_hmac_sha256_keyed;

/* init under the roster's key, through (and, the first time, filling) the
 * cache. */
void hb_hmac_sha256_init_default_with(hb_hmac_sha256_ctx *c, hb_hmac_sha256_keyed *cache,
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

/* Defines the four functions HB_HMAC_SHA256_DECLARE declares (no ';' after);
 * init keys every context from the roster's key (two compressions). */
#define HB_HMAC_SHA256_DEFINE(impl, compress)                                        \
    void hb_hmac_sha256_init_##impl(hb_hmac_sha256_ctx *c)                           \
    {                                                                                \
        hb_hmac_sha256_init_with(c, hb_hmac_sha256_default_key,                      \
                                 sizeof hb_hmac_sha256_default_key, compress);       \
    }                                                                                \
    HB_HMAC_SHA256_DEFINE_REST_(impl, compress)

/* The same, with init copying the padded-key states from a static cache
 * (hb_hmac_sha256_keyed) filled by its first call.  Host-only: the
 * implementations in src/algorithms/mac/<arch>/ use it; the portable and
 * fast files do not, because the Game Boy build cannot bank an algorithm
 * source that holds static data (platforms/gb/gb.mk). */
#define HB_HMAC_SHA256_DEFINE_CACHED(impl, compress)                                 \
    static hb_hmac_sha256_keyed hb_hmac_sha256_keyed_##impl;                         \
    void hb_hmac_sha256_init_##impl(hb_hmac_sha256_ctx *c)                           \
    {                                                                                \
        hb_hmac_sha256_init_default_with(c, &hb_hmac_sha256_keyed_##impl, compress); \
    }                                                                                \
    HB_HMAC_SHA256_DEFINE_REST_(impl, compress)

/* update, final and with_params: the part both macros share. */
#define HB_HMAC_SHA256_DEFINE_REST_(impl, compress)                                  \
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
