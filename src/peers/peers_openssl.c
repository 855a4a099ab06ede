/* OpenSSL (libcrypto 3) as a peer, used as a program that cares about
 * speed uses it: every algorithm fetched once (EVP_MD_fetch and friends,
 * never the implicit fetch of EVP_sha256() per call), one context per
 * stream reused from call to call (the pool of peers.h), re-initialised
 * rather than re-created.
 *
 * The fetches go to a library context of our own holding the default and
 * the legacy provider (MD4 lives in legacy), so the process's default
 * context is left as the program found it.  An algorithm this OpenSSL
 * lacks (no legacy module, say) makes that peer unavailable, not an error.
 *
 *   digests       EVP_MD: md4 md5 sha1 ripemd160 sha256 sha384 sha512
 *                 sha3-256/384/512 blake2s blake2b (keyed BLAKE2 through
 *                 EVP_MAC BLAKE2SMAC/BLAKE2BMAC in with_params)
 *   hmac-sha256   EVP_MAC "HMAC", keyed once per context, re-initialised
 *                 with the same key each call
 *   pbkdf2-sha256 EVP_KDF "PBKDF2", digest set once per context; the
 *                 password (the message) is gathered, derived at final
 *   aes-cbc-mac   EVP_CIPHER AES-128-CBC, key scheduled once per context,
 *                 zero IV reset each call, the last cipher block kept */
/* The low-level digest calls (MD5_Init ...), for the one-shot functions
 * below: deprecated in OpenSSL 3.0 but built unless OpenSSL was configured
 * without them (then the one-shots fall back on the EVP context). */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include "peers/peers.h"

static OSSL_LIB_CTX *libctx;
static OSSL_PROVIDER *prov_default, *prov_legacy;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* the roster's parameters (docs/ROSTER.md) */
static const uint8_t hmac_key[16] = "hash-bench-nds\0";
static const uint8_t pbkdf2_salt[15] = { 'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 's', 'a', 'l', 't' };
#define PBKDF2_ITERATIONS 100
static const uint8_t aes_key[16] = "hash-bench-aes!";
static const uint8_t zero_block[16];

static void fatal(const char *what)
{
    ERR_print_errors_fp(stderr);
    hb_peer_fatal("openssl", what);
}

/* ---- digests ------------------------------------------------------------- */

static void *md_ctx_new(void) { return EVP_MD_CTX_new(); }
static void md_ctx_free(void *obj) { EVP_MD_CTX_free(obj); }

typedef struct md_desc {
    const char *fetch_name;
    const char *mac_name;           /* keyed form (BLAKE2), or NULL */
    EVP_MD *md;
    EVP_MAC *mac;
    hb_peer_pool pool;              /* one per algorithm: re-initialising keeps the provider's context */
} md_desc;

enum { I_MD4, I_MD5, I_SHA1, I_RIPEMD160, I_SHA256, I_SHA384, I_SHA512, I_SHA3_256, I_SHA3_384, I_SHA3_512, I_BLAKE2S, I_BLAKE2B, N_MD };

#define MD_DESC(fetch, mac) { fetch, mac, 0, 0, { "OpenSSL " fetch " context", md_ctx_new, md_ctx_free, 0 } }
static md_desc mds[N_MD] = {
    MD_DESC("MD4", 0), MD_DESC("MD5", 0), MD_DESC("SHA1", 0), MD_DESC("RIPEMD160", 0),
    MD_DESC("SHA2-256", 0), MD_DESC("SHA2-384", 0), MD_DESC("SHA2-512", 0),
    MD_DESC("SHA3-256", 0), MD_DESC("SHA3-384", 0), MD_DESC("SHA3-512", 0),
    MD_DESC("BLAKE2S-256", "BLAKE2SMAC"), MD_DESC("BLAKE2B-512", "BLAKE2BMAC"),
};

/* ---- the other algorithms' library objects ------------------------------ */

static EVP_MAC *hmac;
static EVP_KDF *pbkdf2;
static EVP_CIPHER *aes_cbc;

static void *hmac_ctx_new(void);
static void hmac_ctx_free(void *obj) { EVP_MAC_CTX_free(obj); }
static void *kdf_obj_new(void);
static void kdf_obj_free(void *obj);
static void *aes_ctx_new(void);
static void aes_ctx_free(void *obj) { EVP_CIPHER_CTX_free(obj); }

static hb_peer_pool hmac_pool = { "OpenSSL HMAC-SHA256 context", hmac_ctx_new, hmac_ctx_free, 0 };
static hb_peer_pool kdf_pool = { "OpenSSL PBKDF2 context", kdf_obj_new, kdf_obj_free, 0 };
static hb_peer_pool aes_pool = { "OpenSSL AES-128-CBC context", aes_ctx_new, aes_ctx_free, 0 };

/* At exit: the pooled contexts first, then what they were made from. */
static void teardown(void)
{
    unsigned i;
    hb_peer_drain(&hmac_pool);
    hb_peer_drain(&kdf_pool);
    hb_peer_drain(&aes_pool);
    for (i = 0; i < N_MD; i++) {
        hb_peer_drain(&mds[i].pool);
        EVP_MD_free(mds[i].md);
        EVP_MAC_free(mds[i].mac);
    }
    EVP_MAC_free(hmac);
    EVP_KDF_free(pbkdf2);
    EVP_CIPHER_free(aes_cbc);
    if (prov_legacy)
        OSSL_PROVIDER_unload(prov_legacy);
    if (prov_default)
        OSSL_PROVIDER_unload(prov_default);
    OSSL_LIB_CTX_free(libctx);
}

static void setup(void)
{
    unsigned i;
    libctx = OSSL_LIB_CTX_new();
    if (!libctx)
        return;
    prov_default = OSSL_PROVIDER_load(libctx, "default");
    prov_legacy = OSSL_PROVIDER_load(libctx, "legacy");
    for (i = 0; i < N_MD; i++) {
        mds[i].md = EVP_MD_fetch(libctx, mds[i].fetch_name, NULL);
        if (mds[i].mac_name)
            mds[i].mac = EVP_MAC_fetch(libctx, mds[i].mac_name, NULL);
    }
    hmac = EVP_MAC_fetch(libctx, "HMAC", NULL);
    pbkdf2 = EVP_KDF_fetch(libctx, "PBKDF2", NULL);
    aes_cbc = EVP_CIPHER_fetch(libctx, "AES-128-CBC", NULL);
    ERR_clear_error();              /* a failed fetch (no legacy module) only makes that peer unavailable */
    atexit(teardown);
}

static void ready(void)
{
    pthread_once(&once, setup);
}

typedef struct md_peer_ctx {
    const md_desc *d;
    EVP_MD_CTX *c;
} md_peer_ctx;
HB_PEER_FITS(md_peer_ctx);

static void md_init(md_peer_ctx *x, md_desc *d)
{
    ready();
    x->d = d;
    x->c = hb_peer_take(&d->pool);
    if (!EVP_DigestInit_ex2(x->c, d->md, NULL))
        fatal("EVP_DigestInit_ex2");
}

static void md_update(void *c, const uint8_t *p, size_t n)
{
    if (!EVP_DigestUpdate(((md_peer_ctx *)c)->c, p, n))
        fatal("EVP_DigestUpdate");
}

static void md_final(void *c, uint8_t *d)
{
    md_peer_ctx *x = c;
    unsigned int len;
    if (!EVP_DigestFinal_ex(x->c, d, &len))
        fatal("EVP_DigestFinal_ex");
    hb_peer_give(&((md_desc *)x->d)->pool, x->c);
}

/* Keyed BLAKE2 (RFC 7693's MAC) with any output length; the unkeyed hash
 * only at its full length (OpenSSL 3.0's BLAKE2 digests have no size). */
static int blake2_params(md_desc *d, const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                         size_t out_len)
{
    EVP_MAC_CTX *m;
    OSSL_PARAM params[2];
    size_t got;
    int ok;
    ready();
    if (p->salt_len || p->iterations || out_len < 1 || out_len > EVP_MAX_MD_SIZE)
        return -1;
    if (p->key_len == 0) {
        md_peer_ctx x;
        if (out_len != (size_t)EVP_MD_get_size(d->md))
            return -1;
        md_init(&x, d);
        md_update(&x, data, len);
        md_final(&x, out);
        return 0;
    }
    if (!d->mac || !(m = EVP_MAC_CTX_new(d->mac)))
        return -1;
    params[0] = OSSL_PARAM_construct_size_t(OSSL_MAC_PARAM_SIZE, &out_len);
    params[1] = OSSL_PARAM_construct_end();
    ok = EVP_MAC_init(m, p->key, p->key_len, params) && EVP_MAC_update(m, data, len) &&
         EVP_MAC_final(m, out, &got, out_len) && got == out_len;
    EVP_MAC_CTX_free(m);
    ERR_clear_error();
    return ok ? 0 : -1;
}

#define MD_PEER(sym, index)                                                                   \
    static void sym##_init(void *c) { md_init(c, &mds[index]); }                              \
    static int sym##_available(void) { ready(); return mds[index].md != 0; }                  \
    static const hb_impl sym = { "openssl", sym##_available, sizeof(md_peer_ctx), sym##_init, \
                                 md_update, md_final, 0 }

MD_PEER(ossl_md4, I_MD4);
MD_PEER(ossl_md5, I_MD5);
MD_PEER(ossl_sha1, I_SHA1);
MD_PEER(ossl_ripemd160, I_RIPEMD160);
MD_PEER(ossl_sha256, I_SHA256);
MD_PEER(ossl_sha384, I_SHA384);
MD_PEER(ossl_sha512, I_SHA512);
MD_PEER(ossl_sha3_256, I_SHA3_256);
MD_PEER(ossl_sha3_384, I_SHA3_384);
MD_PEER(ossl_sha3_512, I_SHA3_512);

static void blake2s_init(void *c) { md_init(c, &mds[I_BLAKE2S]); }
static void blake2b_init(void *c) { md_init(c, &mds[I_BLAKE2B]); }
static int blake2s_available(void) { ready(); return mds[I_BLAKE2S].md != 0; }
static int blake2b_available(void) { ready(); return mds[I_BLAKE2B].md != 0; }
static int blake2s_params(const hb_params *p, const uint8_t *d, size_t n, uint8_t *o, size_t ol)
{
    return blake2_params(&mds[I_BLAKE2S], p, d, n, o, ol);
}
static int blake2b_params(const hb_params *p, const uint8_t *d, size_t n, uint8_t *o, size_t ol)
{
    return blake2_params(&mds[I_BLAKE2B], p, d, n, o, ol);
}
static const hb_impl ossl_blake2s = { "openssl", blake2s_available, sizeof(md_peer_ctx), blake2s_init,
                                      md_update, md_final, blake2s_params };
static const hb_impl ossl_blake2b = { "openssl", blake2b_available, sizeof(md_peer_ctx), blake2b_init,
                                      md_update, md_final, blake2b_params };

/* ---- HMAC-SHA256 ----------------------------------------------------------- */

/* An HMAC context keyed with `key` (SHA-256). */
static EVP_MAC_CTX *hmac_new_keyed(const uint8_t *key, size_t key_len)
{
    EVP_MAC_CTX *m = EVP_MAC_CTX_new(hmac);
    OSSL_PARAM params[2];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA2-256", 0);
    params[1] = OSSL_PARAM_construct_end();
    if (m && !EVP_MAC_init(m, key, key_len, params)) {
        EVP_MAC_CTX_free(m);
        m = NULL;
    }
    return m;
}

static void *hmac_ctx_new(void) { return hmac_new_keyed(hmac_key, sizeof hmac_key); }

typedef struct hmac_peer_ctx {
    EVP_MAC_CTX *m;
} hmac_peer_ctx;
HB_PEER_FITS(hmac_peer_ctx);

static int hmac_available(void) { ready(); return hmac != 0 && mds[I_SHA256].md != 0; }

static void hmac_init(void *c)
{
    ready();
    ((hmac_peer_ctx *)c)->m = hb_peer_take(&hmac_pool);
    /* no key: OpenSSL restarts from the key the context already holds */
    if (!EVP_MAC_init(((hmac_peer_ctx *)c)->m, NULL, 0, NULL))
        fatal("EVP_MAC_init");
}

static void hmac_update(void *c, const uint8_t *p, size_t n)
{
    if (!EVP_MAC_update(((hmac_peer_ctx *)c)->m, p, n))
        fatal("EVP_MAC_update");
}

static void hmac_final(void *c, uint8_t *d)
{
    size_t len;
    if (!EVP_MAC_final(((hmac_peer_ctx *)c)->m, d, &len, 32))
        fatal("EVP_MAC_final");
    hb_peer_give(&hmac_pool, ((hmac_peer_ctx *)c)->m);
}

/* Any key (none: the roster's); output truncated to out_len <= 32 (RFC 4231's test 5). */
static int hmac_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out, size_t out_len)
{
    EVP_MAC_CTX *m;
    uint8_t full[32];
    size_t got;
    int ok;
    ready();
    if (p->salt_len || p->iterations || out_len < 1 || out_len > 32)
        return -1;
    m = p->key_len ? hmac_new_keyed(p->key, p->key_len) : hmac_new_keyed(hmac_key, sizeof hmac_key);
    if (!m)
        return -1;
    ok = EVP_MAC_update(m, data, len) && EVP_MAC_final(m, full, &got, sizeof full) && got == 32;
    EVP_MAC_CTX_free(m);
    if (ok)
        memcpy(out, full, out_len);
    return ok ? 0 : -1;
}

/* ---- PBKDF2-HMAC-SHA256 -------------------------------------------------- */

typedef struct kdf_obj {
    EVP_KDF_CTX *k;
    uint8_t *buf;                   /* the password gathered so far */
    size_t len, cap;
} kdf_obj;

/* A PBKDF2 context with its digest set, or NULL. */
static EVP_KDF_CTX *kdf_new(void)
{
    EVP_KDF_CTX *k = EVP_KDF_CTX_new(pbkdf2);
    OSSL_PARAM params[2];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA2-256", 0);
    params[1] = OSSL_PARAM_construct_end();
    if (k && !EVP_KDF_CTX_set_params(k, params)) {
        EVP_KDF_CTX_free(k);
        k = NULL;
    }
    return k;
}

static void *kdf_obj_new(void)
{
    kdf_obj *o = calloc(1, sizeof *o);
    if (o && !(o->k = kdf_new())) {
        free(o);
        o = NULL;
    }
    return o;
}

static void kdf_obj_free(void *obj)
{
    kdf_obj *o = obj;
    EVP_KDF_CTX_free(o->k);
    free(o->buf);
    free(o);
}

/* PBKDF2 with the password `pass`; 0 on success. */
static int kdf_derive(EVP_KDF_CTX *k, const uint8_t *pass, size_t pass_len, const uint8_t *salt, size_t salt_len,
                      unsigned iterations, uint8_t *out, size_t out_len)
{
    static const uint8_t empty[1] = { 0 };
    OSSL_PARAM params[4];
    params[0] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, (void *)(pass_len ? pass : empty),
                                                  pass_len);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, salt_len);
    params[2] = OSSL_PARAM_construct_uint(OSSL_KDF_PARAM_ITER, &iterations);
    params[3] = OSSL_PARAM_construct_end();
    return EVP_KDF_derive(k, out, out_len, params) ? 0 : -1;
}

typedef struct pbkdf2_peer_ctx {
    kdf_obj *o;
} pbkdf2_peer_ctx;
HB_PEER_FITS(pbkdf2_peer_ctx);

static int pbkdf2_available(void) { ready(); return pbkdf2 != 0 && mds[I_SHA256].md != 0; }

static void pbkdf2_init(void *c)
{
    ready();
    ((pbkdf2_peer_ctx *)c)->o = hb_peer_take(&kdf_pool);
    ((pbkdf2_peer_ctx *)c)->o->len = 0;
}

static void pbkdf2_update(void *c, const uint8_t *p, size_t n)
{
    kdf_obj *o = ((pbkdf2_peer_ctx *)c)->o;
    if (n == 0)
        return;
    if (n > o->cap - o->len) {
        size_t cap = o->cap ? o->cap : 256;
        uint8_t *b;
        while (cap - o->len < n) {
            if (cap > (size_t)-1 / 2)
                fatal("growing the PBKDF2 password buffer");
            cap *= 2;
        }
        if (!(b = realloc(o->buf, cap)))
            fatal("growing the PBKDF2 password buffer");
        o->buf = b;
        o->cap = cap;
    }
    memcpy(o->buf + o->len, p, n);
    o->len += n;
}

static void pbkdf2_final(void *c, uint8_t *d)
{
    kdf_obj *o = ((pbkdf2_peer_ctx *)c)->o;
    if (kdf_derive(o->k, o->buf, o->len, pbkdf2_salt, sizeof pbkdf2_salt, PBKDF2_ITERATIONS, d, 32) != 0)
        fatal("EVP_KDF_derive");
    hb_peer_give(&kdf_pool, o);
}

/* Any salt and iteration count (none: the roster's), any output length. */
static int pbkdf2_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out, size_t out_len)
{
    EVP_KDF_CTX *k;
    int rc;
    ready();
    if (p->key_len || out_len < 1)
        return -1;
    if (!(k = kdf_new()))
        return -1;
    rc = kdf_derive(k, data, len, p->salt_len ? p->salt : pbkdf2_salt, p->salt_len ? p->salt_len : sizeof pbkdf2_salt,
                    p->iterations ? p->iterations : PBKDF2_ITERATIONS, out, out_len);
    EVP_KDF_CTX_free(k);
    ERR_clear_error();
    return rc;
}

/* ---- AES-128 CBC-MAC ----------------------------------------------------- */

/* An AES-128-CBC encryption context with `key` scheduled, or NULL. */
static EVP_CIPHER_CTX *aes_new_keyed(const uint8_t *key)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    if (x && (!EVP_EncryptInit_ex2(x, aes_cbc, key, zero_block, NULL) || !EVP_CIPHER_CTX_set_padding(x, 0))) {
        EVP_CIPHER_CTX_free(x);
        x = NULL;
    }
    return x;
}

static void *aes_ctx_new(void) { return aes_new_keyed(aes_key); }

typedef struct aes_peer_ctx {
    EVP_CIPHER_CTX *x;
    uint64_t total;                 /* bytes so far: the zero padding needs it */
    uint8_t last[16];               /* the last cipher block out: the MAC */
} aes_peer_ctx;
HB_PEER_FITS(aes_peer_ctx);

/* CBC writes a cipher block per message block; the MAC needs only the
 * last, so the output goes through a scratch buffer, a piece at a time. */
#define AES_PIECE 4096

static void aes_feed(aes_peer_ctx *a, const uint8_t *p, size_t n)
{
    uint8_t scratch[AES_PIECE + 16];
    while (n) {
        size_t k = n < AES_PIECE ? n : AES_PIECE;
        int outl;
        if (!EVP_EncryptUpdate(a->x, scratch, &outl, p, (int)k))
            fatal("EVP_EncryptUpdate");
        if (outl >= 16)
            memcpy(a->last, scratch + outl - 16, 16);
        p += k;
        n -= k;
    }
}

static void aes_mac_finish(aes_peer_ctx *a, uint8_t *d)
{
    unsigned rem = (unsigned)(a->total % 16);
    if (rem)
        aes_feed(a, zero_block, 16 - rem);
    /* the empty message: no block, the MAC is the zero IV */
    memcpy(d, a->total ? a->last : zero_block, 16);
}

static int aes_available(void) { ready(); return aes_cbc != 0; }

static void aes_init(void *c)
{
    aes_peer_ctx *a = c;
    ready();
    a->x = hb_peer_take(&aes_pool);
    a->total = 0;
    /* the key schedule stays; only the IV (and any partial block) starts over */
    if (!EVP_EncryptInit_ex2(a->x, NULL, NULL, zero_block, NULL))
        fatal("EVP_EncryptInit_ex2");
}

static void aes_update(void *c, const uint8_t *p, size_t n)
{
    aes_peer_ctx *a = c;
    a->total += n;
    aes_feed(a, p, n);
}

static void aes_final(void *c, uint8_t *d)
{
    aes_peer_ctx *a = c;
    aes_mac_finish(a, d);
    hb_peer_give(&aes_pool, a->x);
}

/* Any 16-byte key (none: the roster's). */
static int aes_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out, size_t out_len)
{
    aes_peer_ctx a;
    ready();
    if (p->salt_len || p->iterations || out_len != 16 || (p->key_len && p->key_len != 16))
        return -1;
    if (!(a.x = aes_new_keyed(p->key_len ? p->key : aes_key)))
        return -1;
    a.total = len;
    aes_feed(&a, data, len);
    aes_mac_finish(&a, out);
    EVP_CIPHER_CTX_free(a.x);
    return 0;
}

static const hb_impl ossl_hmac_sha256 = { "openssl", hmac_available, sizeof(hmac_peer_ctx), hmac_init,
                                          hmac_update, hmac_final, hmac_params };
static const hb_impl ossl_pbkdf2_sha256 = { "openssl", pbkdf2_available, sizeof(pbkdf2_peer_ctx), pbkdf2_init,
                                            pbkdf2_update, pbkdf2_final, pbkdf2_params };
static const hb_impl ossl_aes_cbc_mac = { "openssl", aes_available, sizeof(aes_peer_ctx), aes_init, aes_update,
                                          aes_final, aes_params };


/* ---- one-shot functions ------------------------------------------------------
 * What a program hashing many small messages with OpenSSL 3 calls, and so
 * the shape of hashbench's own one-shots: where OpenSSL still has them, the
 * low-level MD4/MD5/SHA/RIPEMD calls on a context on the stack (the same
 * assembly as the EVP digests, chosen by the same OPENSSL_ia32cap; at 64
 * bytes SHA-256 takes 73 ns so against 120 through a reused EVP_MD_CTX and
 * 545 through SHA256(), which in 3.0 fetches the algorithm on every call:
 * issue 30, peers measured as cheaply as a caller can run them).  For the
 * others (SHA-3, BLAKE2, HMAC, PBKDF2, CBC-MAC: EVP only in 3.0), and where
 * OpenSSL was built without the deprecated calls, the pooled, reused EVP
 * context (init, update and final inside one call; EVP_Digest and
 * EVP_Q_digest would create a context per message). */
#if !defined(OPENSSL_NO_DEPRECATED_3_0)
#include <openssl/md5.h>
#include <openssl/sha.h>
#if !defined(OPENSSL_NO_MD4)
#include <openssl/md4.h>
#endif
#if !defined(OPENSSL_NO_RMD160)
#include <openssl/ripemd.h>
#endif

#define LOW_ONESHOT(fn, ctx_t, init, update, final)                      \
    static void fn(const uint8_t *p, size_t n, uint8_t *d)              \
    {                                                                    \
        ctx_t c_;                                                        \
        init(&c_);                                                       \
        update(&c_, p, n);                                               \
        final(d, &c_);                                                   \
    }

#if !defined(OPENSSL_NO_MD4)
LOW_ONESHOT(md4_oneshot, MD4_CTX, MD4_Init, MD4_Update, MD4_Final)
#else
HB_PEER_ONESHOT(md4_oneshot, ossl_md4)
#endif
LOW_ONESHOT(md5_oneshot, MD5_CTX, MD5_Init, MD5_Update, MD5_Final)
LOW_ONESHOT(sha1_oneshot, SHA_CTX, SHA1_Init, SHA1_Update, SHA1_Final)
#if !defined(OPENSSL_NO_RMD160)
LOW_ONESHOT(ripemd160_oneshot, RIPEMD160_CTX, RIPEMD160_Init, RIPEMD160_Update, RIPEMD160_Final)
#else
HB_PEER_ONESHOT(ripemd160_oneshot, ossl_ripemd160)
#endif
LOW_ONESHOT(sha256_oneshot, SHA256_CTX, SHA256_Init, SHA256_Update, SHA256_Final)
LOW_ONESHOT(sha384_oneshot, SHA512_CTX, SHA384_Init, SHA384_Update, SHA384_Final)
LOW_ONESHOT(sha512_oneshot, SHA512_CTX, SHA512_Init, SHA512_Update, SHA512_Final)
#else
HB_PEER_ONESHOT(md4_oneshot, ossl_md4)
HB_PEER_ONESHOT(md5_oneshot, ossl_md5)
HB_PEER_ONESHOT(sha1_oneshot, ossl_sha1)
HB_PEER_ONESHOT(ripemd160_oneshot, ossl_ripemd160)
HB_PEER_ONESHOT(sha256_oneshot, ossl_sha256)
HB_PEER_ONESHOT(sha384_oneshot, ossl_sha384)
HB_PEER_ONESHOT(sha512_oneshot, ossl_sha512)
#endif
HB_PEER_ONESHOT(sha3_256_oneshot, ossl_sha3_256)
HB_PEER_ONESHOT(sha3_384_oneshot, ossl_sha3_384)
HB_PEER_ONESHOT(sha3_512_oneshot, ossl_sha3_512)
HB_PEER_ONESHOT(blake2s_oneshot, ossl_blake2s)
HB_PEER_ONESHOT(blake2b_oneshot, ossl_blake2b)
HB_PEER_ONESHOT(hmac_sha256_oneshot, ossl_hmac_sha256)
HB_PEER_ONESHOT(pbkdf2_sha256_oneshot, ossl_pbkdf2_sha256)
HB_PEER_ONESHOT(aes_cbc_mac_oneshot, ossl_aes_cbc_mac)

const hb_impl_row hb_peers_openssl[] = {
    { .algo = "md4", .impl = &ossl_md4, .rank = HB_PEER_RANK, .oneshot = md4_oneshot },
    { .algo = "md5", .impl = &ossl_md5, .rank = HB_PEER_RANK, .oneshot = md5_oneshot },
    { .algo = "sha1", .impl = &ossl_sha1, .rank = HB_PEER_RANK, .oneshot = sha1_oneshot },
    { .algo = "ripemd160", .impl = &ossl_ripemd160, .rank = HB_PEER_RANK, .oneshot = ripemd160_oneshot },
    { .algo = "sha256", .impl = &ossl_sha256, .rank = HB_PEER_RANK, .oneshot = sha256_oneshot },
    { .algo = "sha384", .impl = &ossl_sha384, .rank = HB_PEER_RANK, .oneshot = sha384_oneshot },
    { .algo = "sha512", .impl = &ossl_sha512, .rank = HB_PEER_RANK, .oneshot = sha512_oneshot },
    { .algo = "sha3-256", .impl = &ossl_sha3_256, .rank = HB_PEER_RANK, .oneshot = sha3_256_oneshot },
    { .algo = "sha3-384", .impl = &ossl_sha3_384, .rank = HB_PEER_RANK, .oneshot = sha3_384_oneshot },
    { .algo = "sha3-512", .impl = &ossl_sha3_512, .rank = HB_PEER_RANK, .oneshot = sha3_512_oneshot },
    { .algo = "blake2s", .impl = &ossl_blake2s, .rank = HB_PEER_RANK, .oneshot = blake2s_oneshot },
    { .algo = "blake2b", .impl = &ossl_blake2b, .rank = HB_PEER_RANK, .oneshot = blake2b_oneshot },
    { .algo = "hmac-sha256", .impl = &ossl_hmac_sha256, .rank = HB_PEER_RANK, .oneshot = hmac_sha256_oneshot },
    { .algo = "pbkdf2-sha256", .impl = &ossl_pbkdf2_sha256, .rank = HB_PEER_RANK, .oneshot = pbkdf2_sha256_oneshot },
    { .algo = "aes-cbc-mac", .impl = &ossl_aes_cbc_mac, .rank = HB_PEER_RANK, .oneshot = aes_cbc_mac_oneshot },
    { 0 }
};
