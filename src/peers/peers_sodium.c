/* libsodium as a peer: SipHash-2-4 (crypto_shorthash_siphash24) and
 * BLAKE2b-512 (crypto_generichash).
 *
 * libsodium's SipHash has no streaming form, only the one-shot call; to
 * run it through init/update/final the message is gathered into a buffer
 * reused from call to call and hashed at final.  That copy is a cost a
 * one-shot caller does not pay, small beside SipHash itself (memcpy runs
 * at tens of GB/s, SipHash at about 3): timed apart on this machine, copy
 * plus one-shot against one-shot differed by less than the run-to-run
 * noise (under 5 percent at 64 B, 1 KiB and 1 MiB). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "peers/peers.h"

/* ---- library set-up ---------------------------------------------------- */

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int sodium_ok;
static int sodium_ready;            /* set (release) once sodium_ok holds its answer */

typedef struct gather {
    uint8_t *buf;
    size_t len, cap;
} gather;

static void *gather_new(void) { return calloc(1, sizeof(gather)); }
static void gather_free(void *obj)
{
    gather *g = obj;
    free(g->buf);
    free(g);
}
static hb_peer_pool siphash_pool = { "libsodium SipHash buffer", gather_new, gather_free, 0 };

static void teardown(void) { hb_peer_drain(&siphash_pool); }

static void setup(void)
{
    sodium_ok = sodium_init() >= 0;
    atexit(teardown);
    __atomic_store_n(&sodium_ready, 1, __ATOMIC_RELEASE);
}

/* Asked on every message by the one-shots: one load once set up, not a
 * pthread_once call (a cost the library's callers do not pay) */
static int available(void)
{
    if (!__atomic_load_n(&sodium_ready, __ATOMIC_ACQUIRE))
        pthread_once(&once, setup);
    return sodium_ok;
}

static void require(void)
{
    if (!available())
        hb_peer_fatal("libsodium", "sodium_init");
}

/* ---- SipHash-2-4 --------------------------------------------------------- */

static const uint8_t siphash_key[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };

typedef struct siphash_peer_ctx {
    gather *g;
} siphash_peer_ctx;
HB_PEER_FITS(siphash_peer_ctx);

static void siphash_init(void *c)
{
    require();
    ((siphash_peer_ctx *)c)->g = hb_peer_take(&siphash_pool);
    ((siphash_peer_ctx *)c)->g->len = 0;
}

static void siphash_update(void *c, const uint8_t *p, size_t n)
{
    gather *g = ((siphash_peer_ctx *)c)->g;
    if (n == 0)
        return;
    if (n > g->cap - g->len) {
        size_t cap = g->cap ? g->cap : 256;
        uint8_t *b;
        while (cap - g->len < n) {
            if (cap > (size_t)-1 / 2)
                hb_peer_fatal("libsodium", "growing the SipHash buffer");
            cap *= 2;
        }
        b = realloc(g->buf, cap);
        if (!b)
            hb_peer_fatal("libsodium", "growing the SipHash buffer");
        g->buf = b;
        g->cap = cap;
    }
    memcpy(g->buf + g->len, p, n);
    g->len += n;
}

static void siphash_final(void *c, uint8_t *d)
{
    gather *g = ((siphash_peer_ctx *)c)->g;
    static const uint8_t empty[1] = { 0 };
    /* the 8 bytes as libsodium writes them: little-endian, the roster's form */
    crypto_shorthash_siphash24(d, g->buf ? g->buf : empty, g->len, siphash_key);
    hb_peer_give(&siphash_pool, g);
}

static int siphash_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out, size_t out_len)
{
    static const uint8_t empty[1] = { 0 };
    const uint8_t *key = siphash_key;
    require();
    if (out_len != crypto_shorthash_siphash24_BYTES || p->salt_len || p->iterations)
        return -1;
    if (p->key_len) {
        if (p->key_len != crypto_shorthash_siphash24_KEYBYTES || !p->key)
            return -1;
        key = p->key;
    }
    crypto_shorthash_siphash24(out, len ? data : empty, len, key);
    return 0;
}

/* ---- BLAKE2b-512 --------------------------------------------------------- */

/* libsodium's state wants 64-byte alignment: kept in hb_ctx at a boundary */
typedef struct blake2b_peer_ctx {
    unsigned char raw[sizeof(crypto_generichash_state) + 63];
} blake2b_peer_ctx;
HB_PEER_FITS(blake2b_peer_ctx);

#define B2STATE(c) ((crypto_generichash_state *)HB_PEER_ALIGNED(((blake2b_peer_ctx *)(c))->raw))

static void blake2b_init(void *c)
{
    require();
    if (crypto_generichash_init(B2STATE(c), NULL, 0, 64) != 0)
        hb_peer_fatal("libsodium", "crypto_generichash_init");
}

static void blake2b_update(void *c, const uint8_t *p, size_t n)
{
    crypto_generichash_update(B2STATE(c), p, n);
}

static void blake2b_final(void *c, uint8_t *d)
{
    crypto_generichash_final(B2STATE(c), d, 64);
}

/* Keyed BLAKE2b (RFC 7693's MAC), any output length libsodium takes. */
static int blake2b_params(const hb_params *p, const uint8_t *data, size_t len, uint8_t *out, size_t out_len)
{
    static const uint8_t empty[1] = { 0 };
    require();
    if (p->salt_len || p->iterations || out_len < 1 || out_len > crypto_generichash_BYTES_MAX ||
        p->key_len > crypto_generichash_KEYBYTES_MAX)
        return -1;
    return crypto_generichash(out, out_len, len ? data : empty, len, p->key_len ? p->key : NULL, p->key_len) == 0
               ? 0 : -1;
}

static const hb_impl sodium_siphash = { "sodium", available, sizeof(siphash_peer_ctx), siphash_init,
                                        siphash_update, siphash_final, siphash_params };
static const hb_impl sodium_blake2b = { "sodium", available, sizeof(blake2b_peer_ctx), blake2b_init,
                                        blake2b_update, blake2b_final, blake2b_params };


/* ---- one-shot functions ---------------------------------------------------- */

/* SipHash: libsodium's own call, straight from the message (no gathering). */
static void siphash_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    static const uint8_t empty[1] = { 0 };
    crypto_shorthash_siphash24(d, n ? p : empty, n, siphash_key);
}

/* BLAKE2b: libsodium's one-shot call (its state on its own stack, as ours). */
static void blake2b_oneshot(const uint8_t *p, size_t n, uint8_t *d)
{
    static const uint8_t empty[1] = { 0 };
    require();
    if (crypto_generichash(d, 64, n ? p : empty, n, NULL, 0) != 0)
        hb_peer_fatal("libsodium", "crypto_generichash");
}

const hb_impl_row hb_peers_sodium[] = {
    { .algo = "siphash-2-4", .impl = &sodium_siphash, .rank = HB_PEER_RANK, .oneshot = siphash_oneshot },
    { .algo = "blake2b", .impl = &sodium_blake2b, .rank = HB_PEER_RANK, .oneshot = blake2b_oneshot },
    { 0 }
};
