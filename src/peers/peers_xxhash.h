/* The header-only xxHash (xxhash.h with XXH_INLINE_ALL) compiled once per
 * instruction set: peers_xxhash_base.c at the build's baseline (SSE2 on
 * x86-64, NEON on aarch64), peers_xxhash_avx2.c and peers_xxhash_avx512.c
 * with their target flags (the Makefile gives them by the file name's
 * suffix).  xxhash.h picks its XXH3 kernel from those flags at compile
 * time; peers_xxhash.c picks the variant at run time, as xxHash's own
 * xxh_x86dispatch.c would (Debian ships its header but not its source).
 *
 * The functions work on a state at a 64-byte aligned address (XXH3's
 * state requires it), of at least HB_XXH_STATE_MAX bytes. */
#ifndef HB_PEERS_XXHASH_H
#define HB_PEERS_XXHASH_H

#include <stddef.h>
#include <stdint.h>

/* sizeof(XXH3_state_t) in xxHash 0.8 is 576; the variants check it */
#define HB_XXH_STATE_MAX 640

typedef struct hb_xxh_fns {
    const char *isa;
    void (*xxh32_reset)(void *st, uint32_t seed);
    void (*xxh32_update)(void *st, const uint8_t *p, size_t n);
    uint32_t (*xxh32_digest)(const void *st);
    uint32_t (*xxh32)(const uint8_t *p, size_t n, uint32_t seed);
    void (*xxh64_reset)(void *st, uint64_t seed);
    void (*xxh64_update)(void *st, const uint8_t *p, size_t n);
    uint64_t (*xxh64_digest)(const void *st);
    uint64_t (*xxh64)(const uint8_t *p, size_t n, uint64_t seed);
    void (*xxh3_64_reset)(void *st);
    void (*xxh3_64_update)(void *st, const uint8_t *p, size_t n);
    uint64_t (*xxh3_64_digest)(const void *st);
    void (*xxh3_128_reset)(void *st);
    void (*xxh3_128_update)(void *st, const uint8_t *p, size_t n);
    void (*xxh3_128_digest)(const void *st, uint64_t *high, uint64_t *low);
    uint64_t (*xxh3_64)(const uint8_t *p, size_t n);                    /* XXH3_64bits */
    void (*xxh3_128)(const uint8_t *p, size_t n, uint64_t *high, uint64_t *low); /* XXH3_128bits */
    /* the one-shot calls (seed 0) with the digest stored in the roster's
     * form, so that a message costs the library's call and nothing more:
     * the peers' rows point at the library's directly, the dispatched
     * header's go through one pointer as xxHash's own dispatcher does */
    void (*oneshot32)(const uint8_t *p, size_t n, uint8_t *digest);
    void (*oneshot64)(const uint8_t *p, size_t n, uint8_t *digest);
    void (*oneshot3_64)(const uint8_t *p, size_t n, uint8_t *digest);
    void (*oneshot3_128)(const uint8_t *p, size_t n, uint8_t *digest);
    /* the seeded XXH3 one-shots (XXH3_64bits_withSeed, XXH3_128bits_withSeed),
     * for the with_params of the XXH3 peers */
    uint64_t (*xxh3_64_seed)(const uint8_t *p, size_t n, uint64_t seed);
    void (*xxh3_128_seed)(const uint8_t *p, size_t n, uint64_t seed, uint64_t *high, uint64_t *low);
} hb_xxh_fns;

/* The shared library's one-shot calls (hb_xxh_fns_library's last four) */
void hb_libxxh_oneshot32(const uint8_t *p, size_t n, uint8_t *digest);
void hb_libxxh_oneshot64(const uint8_t *p, size_t n, uint8_t *digest);
void hb_libxxh_oneshot3_64(const uint8_t *p, size_t n, uint8_t *digest);
void hb_libxxh_oneshot3_128(const uint8_t *p, size_t n, uint8_t *digest);

/* Debian's shared libxxhash through the same table (peers_libxxhash.c) */
extern const hb_xxh_fns hb_xxh_fns_library;
extern const hb_xxh_fns hb_xxh_fns_base;
#if defined(__x86_64__)
extern const hb_xxh_fns hb_xxh_fns_avx2;
extern const hb_xxh_fns hb_xxh_fns_avx512;
#endif

#endif
