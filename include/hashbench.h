/* hashbench: the public API.
 *
 * Two ways in:
 *   1. Typed, per algorithm: include/hashbench/<family>.h declares a fixed
 *      size context struct and init/update/final (and a one-shot) for each
 *      implementation, e.g. hb_sha256_init / hb_sha256_update_fast.
 *   2. Generic, through the registry below: look an algorithm up by id, pick
 *      an implementation, and drive it through hb_ctx, a context big enough
 *      for any algorithm (no allocation anywhere).
 *
 * The registry is plain C that every target compiles (consoles included);
 * instruction-set implementations and peer libraries join it on the host.
 */
#ifndef HASHBENCH_H
#define HASHBENCH_H

#include "hashbench/common.h"
#include "hashbench/u64.h"
#include "hashbench/contexts.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HB_VERSION "0.1.0"

/* Largest digest of the roster (SHA-512, SHA3-512, BLAKE2b). */
#define HB_MAX_DIGEST 64

typedef enum hb_tier {
    HB_TIER_CHECKSUM = 0,
    HB_TIER_NONCRYPTO = 1,
    HB_TIER_CRYPTO = 2
} hb_tier;

/* Parameters for the keyed and parameterised forms (HMAC key, SipHash key,
 * BLAKE2/BLAKE3 key, PBKDF2 salt and iterations, AES key).  A zero field
 * means "the roster's default". */
typedef struct hb_params {
    const uint8_t *key;
    size_t key_len;
    const uint8_t *salt;
    size_t salt_len;
    uint32_t iterations;
} hb_params;

/* One implementation of one algorithm.  ctx points at storage of at least
 * ctx_size bytes, aligned for any integer type. */
typedef struct hb_impl {
    const char *name;               /* "portable", "fast", "shani", "openssl" ... */
    int (*available)(void);         /* NULL: runs on every CPU */
    size_t ctx_size;
    void (*init)(void *ctx);
    void (*update)(void *ctx, const uint8_t *data, size_t len);
    void (*final)(void *ctx, uint8_t *digest);
    /* Optional: the keyed / parameterised one-shot, writing out_len bytes
     * (out_len may differ from the digest size where the algorithm allows:
     * PBKDF2's dkLen, BLAKE3's extended output).  Returns 0 on success, -1
     * when these parameters are not supported. */
    int (*with_params)(const hb_params *params, const uint8_t *data, size_t len,
                       uint8_t *out, size_t out_len);
} hb_impl;

typedef struct hb_algo {
    const char *id;                 /* roster id: "sha256", "crc64-xz" ... */
    const char *name;               /* display name: "SHA-256" */
    hb_tier tier;
    unsigned digest_size;           /* bytes */
    unsigned block_size;            /* bytes the algorithm consumes at a time (1 for byte-serial) */
    const hb_impl *const *impls;    /* its C implementations, portable first: where no
                                       row ranks one (src/impl_rows.h), its rank is
                                       its place here */
    unsigned n_impls;
} hb_algo;

/* Implementations that exist only on some CPUs (SHA-NI, AVX2, ARMv8 ...)
 * or only when a library is found (peers) join an algorithm through the
 * rows of src/impl_rows.h, internal to the library, so that the portable
 * registry every console compiles never names them. */

/* The rank the pick gives an implementation of algo on this CPU's core:
 * higher wins, below 0 a peer (host only, src/impl_index.c). */
int hb_impl_rank(const hb_algo *algo, const hb_impl *impl);

/* A context for any algorithm and implementation. */
typedef struct hb_ctx {
    const hb_impl *impl;
    hb_any_ctx u;
} hb_ctx;

/* The roster, in the order of docs/ROSTER.md. */
unsigned hb_algo_count(void);
const hb_algo *hb_algo_at(unsigned index);
const hb_algo *hb_algo_find(const char *id);
/* An algorithm's implementations: its own C ones first (algo->impls:
 * portable, fast), then those this architecture's families and the peers
 * add.  Use these rather than algo->impls. */
unsigned hb_impl_count(const hb_algo *algo);
const hb_impl *hb_impl_at(const hb_algo *algo, unsigned index);
const hb_impl *hb_impl_find(const hb_algo *algo, const char *name);
int hb_impl_available(const hb_impl *impl);
/* The one pick (src/dispatch.c): the implementation of algo for messages
 * of `size` bytes on this CPU.  A loaded profile answers first where one
 * is in use (src/profile/profile.h, hb_profile_use), else the ranks: the
 * highest this CPU runs.  HB_NO_SIZE asks the ranks alone.  Either way
 * one that runs on several threads (BLAKE3 `mt`) is not picked where this
 * process's affinity mask holds one CPU.  Host only. */
#define HB_NO_SIZE ((size_t)-1)
const hb_impl *hb_impl_pick(const hb_algo *algo, size_t size);
const char *hb_tier_name(hb_tier tier);

/* What every implementation promises about its buffers (hb_impl's
 * functions, these wrappers, one-shot functions and with_params alike;
 * tests/differential/contract.c checks each of them):
 *   - the input may start at any address; it is only read, data[0..len)
 *     and nothing around it, and no pointer into it is kept after update
 *     returns.  update(ctx, NULL, 0) changes nothing, anywhere in a stream;
 *   - final (and a one-shot) writes exactly the digest's bytes, nothing
 *     before or after them; the context is written only within ctx_size
 *     bytes, and needs no alignment beyond that of an integer type;
 *   - final's digest may overlap the input given to earlier updates (it
 *     has been consumed by then), so hb_hash's may overlap its input too.
 *     A one-shot function (src/impl_rows.h, hb_hash_oneshot) and
 *     with_params may still be reading the input while they write: their
 *     output must not overlap it. */
void hb_init(hb_ctx *ctx, const hb_impl *impl);
void hb_update(hb_ctx *ctx, const void *data, size_t len);
void hb_final(hb_ctx *ctx, uint8_t *digest);
void hb_hash(const hb_impl *impl, const void *data, size_t len, uint8_t *digest);

/* The canonical workload: buf[i] = (i * 31 + 7) & 0xFF. */
void hb_workload_fill(uint8_t *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* HASHBENCH_H */
