/* xxHash as two peers: "libxxhash" (Debian's shared library, as a program
 * linking -lxxhash gets it) and "xxhash" (the header-only xxhash.h inlined,
 * in the variant for the best instruction set this CPU has: AVX-512, AVX2
 * or the baseline, chosen once through hb_x86_has so that HB_X86_MASK
 * steers it like hashbench's own implementations).
 *
 * Both keep the library's streaming state inside hb_ctx (no allocation),
 * at a 64-byte boundary.  Seeds for XXH32/XXH64/XXH3 come through
 * with_params as hashbench's own do: the key is the seed, little-endian. */
#include <string.h>
#include "peers/peers.h"
#include "peers/peers_xxhash.h"
#if defined(__x86_64__)
#include "arch/x86/cpu_x86.h"
#endif

typedef struct xxh_peer_ctx {
    const hb_xxh_fns *f;
    unsigned char raw[HB_XXH_STATE_MAX + 63];
} xxh_peer_ctx;
HB_PEER_FITS(xxh_peer_ctx);

#define CTX(c) ((xxh_peer_ctx *)(c))
#define STATE(c) HB_PEER_ALIGNED(CTX(c)->raw)

static const hb_xxh_fns *inline_variant(void)
{
    static const hb_xxh_fns *chosen;
    const hb_xxh_fns *f = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (f)
        return f;
    f = &hb_xxh_fns_base;
#if defined(__x86_64__)
    if (hb_x86_has(HB_X86_AVX512F | HB_X86_AVX512BW | HB_X86_AVX512VL | HB_X86_AVX2 | HB_X86_BMI2))
        f = &hb_xxh_fns_avx512;
    else if (hb_x86_has(HB_X86_AVX2 | HB_X86_BMI2))
        f = &hb_xxh_fns_avx2;
#endif
    __atomic_store_n(&chosen, f, __ATOMIC_RELAXED);
    return f;
}

/* The seed from hb_params: none is 0; otherwise exactly `bytes` bytes,
 * little-endian.  -1 when the parameters do not fit. */
static int seed_of(const hb_params *p, unsigned bytes, uint64_t *seed)
{
    unsigned i;
    *seed = 0;
    if (!p || p->key_len == 0)
        return p && (p->salt_len || p->iterations) ? -1 : 0;
    if (p->key_len != bytes || !p->key || p->salt_len || p->iterations)
        return -1;
    for (i = 0; i < bytes; i++)
        *seed |= (uint64_t)p->key[i] << (8 * i);
    return 0;
}

static void update32(void *c, const uint8_t *p, size_t n) { CTX(c)->f->xxh32_update(STATE(c), p, n); }
static void final32(void *c, uint8_t *d) { hb_peer_put_be(d, CTX(c)->f->xxh32_digest(STATE(c)), 4); }
static void update64(void *c, const uint8_t *p, size_t n) { CTX(c)->f->xxh64_update(STATE(c), p, n); }
static void final64(void *c, uint8_t *d) { hb_peer_put_be(d, CTX(c)->f->xxh64_digest(STATE(c)), 8); }
static void update3_64(void *c, const uint8_t *p, size_t n) { CTX(c)->f->xxh3_64_update(STATE(c), p, n); }
static void final3_64(void *c, uint8_t *d) { hb_peer_put_be(d, CTX(c)->f->xxh3_64_digest(STATE(c)), 8); }
static void update3_128(void *c, const uint8_t *p, size_t n) { CTX(c)->f->xxh3_128_update(STATE(c), p, n); }
static void final3_128(void *c, uint8_t *d)
{
    uint64_t high, low;
    CTX(c)->f->xxh3_128_digest(STATE(c), &high, &low);
    hb_peer_put_be(d, high, 8);         /* xxHash's canonical form: high half first */
    hb_peer_put_be(d + 8, low, 8);
}

static int params32(const hb_xxh_fns *f, const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                    size_t out_len)
{
    uint64_t seed;
    if (out_len != 4 || seed_of(p, 4, &seed) != 0)
        return -1;
    hb_peer_put_be(out, f->xxh32(data, len, (uint32_t)seed), 4);
    return 0;
}

static int params64(const hb_xxh_fns *f, const hb_params *p, const uint8_t *data, size_t len, uint8_t *out,
                    size_t out_len)
{
    uint64_t seed;
    if (out_len != 8 || seed_of(p, 8, &seed) != 0)
        return -1;
    hb_peer_put_be(out, f->xxh64(data, len, seed), 8);
    return 0;
}

static int params3_64(const hb_xxh_fns *f, const hb_params *p, const uint8_t *data, size_t len,
                      uint8_t *out, size_t out_len)
{
    uint64_t seed;
    if (out_len != 8 || seed_of(p, 8, &seed) != 0)
        return -1;
    hb_peer_put_be(out, f->xxh3_64_seed(data, len, seed), 8);
    return 0;
}

static int params3_128(const hb_xxh_fns *f, const hb_params *p, const uint8_t *data, size_t len,
                       uint8_t *out, size_t out_len)
{
    uint64_t seed, high, low;
    if (out_len != 16 || seed_of(p, 8, &seed) != 0)
        return -1;
    f->xxh3_128_seed(data, len, seed, &high, &low);
    hb_peer_put_be(out, high, 8);
    hb_peer_put_be(out + 8, low, 8);
    return 0;
}

/* One peer's four implementations and their one-shot functions (the
 * library's XXH32, XXH64, XXH3_64bits, XXH3_128bits, given as `os`
 * followed by 32, 64, 3_64, 3_128); `fns` is an expression naming its
 * table (for "xxhash", the variant chosen once). */
#define XXH_PEER(prefix, name, fns, os)                                                                        \
    static void prefix##_init32(void *c) { CTX(c)->f = fns; CTX(c)->f->xxh32_reset(STATE(c), 0); }          \
    static void prefix##_init64(void *c) { CTX(c)->f = fns; CTX(c)->f->xxh64_reset(STATE(c), 0); }          \
    static void prefix##_init3_64(void *c) { CTX(c)->f = fns; CTX(c)->f->xxh3_64_reset(STATE(c)); }         \
    static void prefix##_init3_128(void *c) { CTX(c)->f = fns; CTX(c)->f->xxh3_128_reset(STATE(c)); }       \
    static int prefix##_params32(const hb_params *p, const uint8_t *d, size_t n, uint8_t *o, size_t ol)     \
    { return params32(fns, p, d, n, o, ol); }                                                               \
    static int prefix##_params64(const hb_params *p, const uint8_t *d, size_t n, uint8_t *o, size_t ol)     \
    { return params64(fns, p, d, n, o, ol); }                                                               \
    static int prefix##_params3_64(const hb_params *p, const uint8_t *d, size_t n, uint8_t *o, size_t ol)   \
    { return params3_64(fns, p, d, n, o, ol); }                                                             \
    static int prefix##_params3_128(const hb_params *p, const uint8_t *d, size_t n, uint8_t *o, size_t ol)  \
    { return params3_128(fns, p, d, n, o, ol); }                                                            \
    static const hb_impl prefix##_xxh32 = { name, 0, sizeof(xxh_peer_ctx), prefix##_init32, update32,       \
                                            final32, prefix##_params32 };                                   \
    static const hb_impl prefix##_xxh64 = { name, 0, sizeof(xxh_peer_ctx), prefix##_init64, update64,       \
                                            final64, prefix##_params64 };                                   \
    static const hb_impl prefix##_xxh3_64 = { name, 0, sizeof(xxh_peer_ctx), prefix##_init3_64, update3_64, \
                                              final3_64, prefix##_params3_64 };                                               \
    static const hb_impl prefix##_xxh3_128 = { name, 0, sizeof(xxh_peer_ctx), prefix##_init3_128,           \
                                               update3_128, final3_128, prefix##_params3_128 };                            \
    const hb_impl_row hb_peers_##prefix[] = {                                                               \
        { .algo = "xxh32", .impl = &prefix##_xxh32, .rank = HB_PEER_RANK, .oneshot = os##32 },  \
        { .algo = "xxh64", .impl = &prefix##_xxh64, .rank = HB_PEER_RANK, .oneshot = os##64 },  \
        { .algo = "xxh3-64", .impl = &prefix##_xxh3_64, .rank = HB_PEER_RANK,                              \
          .oneshot = os##3_64 },                                                                \
        { .algo = "xxh3-128", .impl = &prefix##_xxh3_128, .rank = HB_PEER_RANK,                            \
          .oneshot = os##3_128 },                                                               \
        { 0 }                                                                                               \
    }

/* The dispatched header's one-shots: one call through the variant's
 * pointer (a tail jump), as xxHash's own xxh_x86dispatch.c makes one. */
static void xxhash_os32(const uint8_t *p, size_t n, uint8_t *d) { inline_variant()->oneshot32(p, n, d); }
static void xxhash_os64(const uint8_t *p, size_t n, uint8_t *d) { inline_variant()->oneshot64(p, n, d); }
static void xxhash_os3_64(const uint8_t *p, size_t n, uint8_t *d) { inline_variant()->oneshot3_64(p, n, d); }
static void xxhash_os3_128(const uint8_t *p, size_t n, uint8_t *d) { inline_variant()->oneshot3_128(p, n, d); }

/* the shared library's: its calls, direct */
XXH_PEER(libxxhash, "libxxhash", &hb_xxh_fns_library, hb_libxxh_oneshot);
XXH_PEER(xxhash, "xxhash", inline_variant(), xxhash_os);
