/* Debian's shared libxxhash (the functions a program linking -lxxhash
 * calls; their XXH3 kernel is the one the library was built with, SSE2 on
 * x86-64), in the table peers_xxhash.c drives. */
#define XXH_STATIC_LINKING_ONLY     /* the state structs, to keep them in hb_ctx */
#include <xxhash.h>
#include "peers/peers.h"
#include "peers/peers_xxhash.h"

typedef char hb_libxxh_state_fits[sizeof(XXH3_state_t) <= HB_XXH_STATE_MAX ? 1 : -1];

static void x32_reset(void *st, uint32_t seed) { XXH32_reset((XXH32_state_t *)st, seed); }
static void x32_update(void *st, const uint8_t *p, size_t n) { XXH32_update((XXH32_state_t *)st, p, n); }
static uint32_t x32_digest(const void *st) { return XXH32_digest((const XXH32_state_t *)st); }
static uint32_t x32(const uint8_t *p, size_t n, uint32_t seed) { return XXH32(p, n, seed); }
static void x64_reset(void *st, uint64_t seed) { XXH64_reset((XXH64_state_t *)st, seed); }
static void x64_update(void *st, const uint8_t *p, size_t n) { XXH64_update((XXH64_state_t *)st, p, n); }
static uint64_t x64_digest(const void *st) { return XXH64_digest((const XXH64_state_t *)st); }
static uint64_t x64(const uint8_t *p, size_t n, uint64_t seed) { return XXH64(p, n, seed); }
static void x3_64_reset(void *st) { XXH3_64bits_reset((XXH3_state_t *)st); }
static void x3_64_update(void *st, const uint8_t *p, size_t n) { XXH3_64bits_update((XXH3_state_t *)st, p, n); }
static uint64_t x3_64_digest(const void *st) { return XXH3_64bits_digest((const XXH3_state_t *)st); }
static void x3_128_reset(void *st) { XXH3_128bits_reset((XXH3_state_t *)st); }
static void x3_128_update(void *st, const uint8_t *p, size_t n) { XXH3_128bits_update((XXH3_state_t *)st, p, n); }
static void x3_128_digest(const void *st, uint64_t *high, uint64_t *low)
{
    XXH128_hash_t h = XXH3_128bits_digest((const XXH3_state_t *)st);
    *high = h.high64;
    *low = h.low64;
}

static uint64_t x3_64(const uint8_t *p, size_t n) { return XXH3_64bits(p, n); }
static void x3_128(const uint8_t *p, size_t n, uint64_t *high, uint64_t *low)
{
    XXH128_hash_t h = XXH3_128bits(p, n);
    *high = h.high64;
    *low = h.low64;
}

void hb_libxxh_oneshot32(const uint8_t *p, size_t n, uint8_t *d) { hb_peer_put_be(d, XXH32(p, n, 0), 4); }
void hb_libxxh_oneshot64(const uint8_t *p, size_t n, uint8_t *d) { hb_peer_put_be(d, XXH64(p, n, 0), 8); }
void hb_libxxh_oneshot3_64(const uint8_t *p, size_t n, uint8_t *d) { hb_peer_put_be(d, XXH3_64bits(p, n), 8); }
void hb_libxxh_oneshot3_128(const uint8_t *p, size_t n, uint8_t *d)
{
    XXH128_hash_t h = XXH3_128bits(p, n);
    hb_peer_put_be(d, h.high64, 8);     /* xxHash's canonical form: high half first */
    hb_peer_put_be(d + 8, h.low64, 8);
}

static uint64_t x3_64_seed(const uint8_t *p, size_t n, uint64_t seed) { return XXH3_64bits_withSeed(p, n, seed); }
static void x3_128_seed(const uint8_t *p, size_t n, uint64_t seed, uint64_t *high, uint64_t *low)
{
    XXH128_hash_t h = XXH3_128bits_withSeed(p, n, seed);
    *high = h.high64;
    *low = h.low64;
}

const hb_xxh_fns hb_xxh_fns_library = {
    "library",
    x32_reset, x32_update, x32_digest, x32,
    x64_reset, x64_update, x64_digest, x64,
    x3_64_reset, x3_64_update, x3_64_digest,
    x3_128_reset, x3_128_update, x3_128_digest,
    x3_64, x3_128,
    hb_libxxh_oneshot32, hb_libxxh_oneshot64, hb_libxxh_oneshot3_64, hb_libxxh_oneshot3_128,
    x3_64_seed, x3_128_seed,
};
