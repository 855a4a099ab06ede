/* The peer libraries' random-number generators, measured by hashbench rng
 * beside the kernel's and the CPU's (peers.h, docs/rng.md):
 *   OpenSSL   RAND_bytes: OpenSSL 3's public DRBG (CTR-DRBG with AES-256 by
 *             default), seeded from the kernel, one per thread;
 *   libsodium randombytes_buf: on Linux a thin wrapper over getrandom(), so
 *             it measures the kernel's generator through the library. */
#include <limits.h>
#include <stdio.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/rand.h>
#include <sodium.h>
#include "peers/peers.h"

static const char *openssl_version(void)
{
    return OpenSSL_version(OPENSSL_VERSION);
}

static int openssl_fill(uint8_t *out, size_t n, char *why, size_t why_len)
{
    while (n > 0) {
        /* RAND_bytes takes an int */
        int chunk = n > (size_t)INT_MAX / 2 ? INT_MAX / 2 : (int)n;
        if (RAND_bytes(out, chunk) != 1) {
            unsigned long e = ERR_get_error();
            char text[160];
            ERR_error_string_n(e, text, sizeof text);
            snprintf(why, why_len, "RAND_bytes failed: %s", e ? text : "no error queued");
            ERR_clear_error();
            return -1;
        }
        out += chunk;
        n -= (size_t)chunk;
    }
    return 0;
}

static const char *sodium_version(void)
{
    return sodium_version_string();
}

static int sodium_fill(uint8_t *out, size_t n, char *why, size_t why_len)
{
    /* idempotent and thread-safe; randombytes_buf must not run before it */
    if (sodium_init() < 0) {
        snprintf(why, why_len, "sodium_init failed");
        return -1;
    }
    randombytes_buf(out, n);
    return 0;
}

const hb_peer_rng hb_peers_rng[] = {
    { "openssl", "OpenSSL RAND_bytes", openssl_version, openssl_fill },
    { "sodium", "libsodium randombytes_buf", sodium_version, sodium_fill },
    { 0, 0, 0, 0 },
};
