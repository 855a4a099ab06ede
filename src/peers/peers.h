/* What the peer files (src/peers/peers_*.c) share: their tables, a pool of
 * library contexts, and the fatal-error path.
 *
 * A peer's context in hb_ctx is small and fixed; where the library keeps
 * its state in an object of its own (an EVP_MD_CTX, a PBKDF2 password
 * buffer), the context holds a pointer to one taken from a pool at init and
 * given back at final.  So the object is created once and reused call after
 * call, as a program using the library well would, and two streams of the
 * same peer at once still get two objects.  A stream that is initialised
 * but never finalised keeps its object (as an abandoned library context
 * would). */
#ifndef HB_PEERS_H
#define HB_PEERS_H

#include <stdint.h>
#include <string.h>
#include "impl_rows.h"

/* Their rows (src/impl_rows.h), each with the library's own one-shot call
 * where it has one (crc32_z, crc32_iscsi, XXH3_64bits, crypto_shorthash),
 * otherwise HB_PEER_ONESHOT below. */
extern const hb_impl_row hb_peers_openssl[];
extern const hb_impl_row hb_peers_checksums[];   /* zlib, ISA-L */
extern const hb_impl_row hb_peers_libxxhash[];
extern const hb_impl_row hb_peers_xxhash[];      /* header-only xxhash.h, dispatched here */
extern const hb_impl_row hb_peers_sodium[];

/* 1 when ISA-L's CRCs follow HB_X86_MASK in this process: its AVX-512
 * kernels masked away by calling the kernel its dispatch picks without
 * them (peers_checksums.c); 0 otherwise.  The hashbench program links no
 * peer: its src/peers/loader/c_peers.c asks the peers' module (0 without
 * one). */
int hb_peers_isal_masked(void);

/* A one-shot function from a peer's own static init, update and final
 * (impl is a static const hb_impl of the same file, so the compiler calls
 * them directly): the library context still comes from the pool, as a
 * program reusing one would, and the harness makes one call per message
 * here as it does for everyone else.  (No ';' after.) */
#define HB_PEER_ONESHOT(fn, impl)                                          \
    static void fn(const uint8_t *data, size_t len, uint8_t *digest)      \
    {                                                                      \
        hb_any_ctx c_;                                                     \
        (impl).init(&c_);                                                  \
        (impl).update(&c_, data, len);                                     \
        (impl).final(&c_, digest);                                         \
    }

/* The peer libraries' random-number generators, for hashbench rng
 * (peers_rng.c: OpenSSL's RAND_bytes, libsodium's randombytes_buf).  fill
 * writes n bytes and returns 0, or returns -1 with the library's reason in
 * why.  hb_peer_rng_table() lists them, ended by an entry with a NULL id;
 * it is NULL without the peer libraries.  In the hashbench program, which
 * links no peer, src/peers/loader/c_peers.c's definition loads the peers'
 * module and returns its table. */
typedef struct hb_peer_rng {
    const char *id;                 /* "openssl", "sodium" */
    const char *label;              /* "OpenSSL RAND_bytes" */
    const char *(*version)(void);   /* the library's version, as it reports it */
    int (*fill)(uint8_t *out, size_t n, char *why, size_t why_len);
} hb_peer_rng;
extern const hb_peer_rng hb_peers_rng[];
const hb_peer_rng *hb_peer_rng_table(void);

/* Every peer ranks below the dispatcher's floor: measured, never picked. */
#define HB_PEER_RANK (-1)

typedef struct hb_peer_pool {
    const char *what;               /* "OpenSSL SHA256 context": for the error message */
    void *(*create)(void);
    void (*destroy)(void *obj);
    void *idle;                     /* at most one idle object, swapped atomically */
} hb_peer_pool;

/* An object from the pool, created when none is idle.  Never NULL: when the
 * library cannot create one, prints why and exits (status 1). */
void *hb_peer_take(hb_peer_pool *pool);
/* Gives an object back: kept for the next take, or destroyed when one is
 * already idle. */
void hb_peer_give(hb_peer_pool *pool, void *obj);
/* Destroys the idle object (at exit, before the library is torn down). */
void hb_peer_drain(hb_peer_pool *pool);

/* A library call that cannot fail did: prints the library and what, exits 1. */
void hb_peer_fatal(const char *library, const char *what);

/* Libraries whose state must be 64-byte aligned (XXH3, libsodium's BLAKE2b)
 * keep it inside the hb_ctx storage, which is only 8-byte aligned: the
 * state lives at the first 64-byte boundary of a buffer 63 bytes larger.
 * (A context is not moved between init and final, so the offset holds.) */
#define HB_PEER_ALIGNED(raw) ((void *)(((uintptr_t)(raw) + 63u) & ~(uintptr_t)63u))

/* Peer contexts must fit the storage hb_ctx gives every implementation. */
#define HB_PEER_FITS(type) \
    typedef char hb_peer_fits_##type[sizeof(type) <= sizeof(hb_any_ctx) ? 1 : -1]

/* Integers in the roster's convention: big-endian.  Inline, and a byte
 * swap and one store for the widths the digests use: gcc -O2 keeps the
 * byte loop otherwise, and eight byte stores read back by the caller cost
 * libxxhash's XXH3_64bits one-shot 3.5 ns a call at 64 bytes, most of the
 * call (issue 30: the peers timed as cheaply as a caller runs them). */
static inline void hb_peer_put_be(uint8_t *out, uint64_t v, unsigned bytes)
{
    unsigned i;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (bytes == 8) {
        v = __builtin_bswap64(v);
        memcpy(out, &v, 8);
        return;
    }
    if (bytes == 4) {
        uint32_t w = __builtin_bswap32((uint32_t)v);
        memcpy(out, &w, 4);
        return;
    }
#endif
    for (i = 0; i < bytes; i++)
        out[i] = (uint8_t)(v >> (8 * (bytes - 1 - i)));
}

#endif
