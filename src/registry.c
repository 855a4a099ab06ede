/* The roster, in the order of docs/ROSTER.md, and the calls through an
 * implementation (hb_init, hb_update, hb_final, hb_hash): what every
 * target links, the consoles included.  Each family's *_register.c
 * defines its hb_algo_* entries (its C implementations).  An algorithm's
 * implementations are listed elsewhere: on the host by the index of the
 * rows (src/impl_index.c, src/impl_rows.h), on the consoles, which have
 * no rows, by src/impl_list.c.  The pick is src/dispatch.c (host only). */
#include <string.h>
#include "hashbench.h"

extern const hb_algo hb_algo_crc8;
extern const hb_algo hb_algo_crc16;
extern const hb_algo hb_algo_crc32;
extern const hb_algo hb_algo_crc32c;
extern const hb_algo hb_algo_crc64;
extern const hb_algo hb_algo_crc64_xz;
extern const hb_algo hb_algo_adler32;
extern const hb_algo hb_algo_fletcher16;
extern const hb_algo hb_algo_fletcher32;
extern const hb_algo hb_algo_fletcher64;
extern const hb_algo hb_algo_pearson8;
extern const hb_algo hb_algo_djb2;
extern const hb_algo hb_algo_fnv1a32;
extern const hb_algo hb_algo_knuth;
extern const hb_algo hb_algo_oat;
extern const hb_algo hb_algo_pjw;
extern const hb_algo hb_algo_sdbm;
extern const hb_algo hb_algo_murmur3_32;
extern const hb_algo hb_algo_murmur3_128;
extern const hb_algo hb_algo_xxh32;
extern const hb_algo hb_algo_xxh64;
extern const hb_algo hb_algo_xxh3_64;
extern const hb_algo hb_algo_xxh3_128;
extern const hb_algo hb_algo_siphash_2_4;
extern const hb_algo hb_algo_md4;
extern const hb_algo hb_algo_md5;
extern const hb_algo hb_algo_sha1;
extern const hb_algo hb_algo_ripemd160;
extern const hb_algo hb_algo_sha256;
extern const hb_algo hb_algo_sha384;
extern const hb_algo hb_algo_sha512;
extern const hb_algo hb_algo_sha3_256;
extern const hb_algo hb_algo_sha3_384;
extern const hb_algo hb_algo_sha3_512;
extern const hb_algo hb_algo_blake2s;
extern const hb_algo hb_algo_blake2b;
extern const hb_algo hb_algo_blake3;
extern const hb_algo hb_algo_hmac_sha256;
extern const hb_algo hb_algo_pbkdf2_sha256;
extern const hb_algo hb_algo_aes_cbc_mac;

static const hb_algo *const roster[] = {
    &hb_algo_crc8,
    &hb_algo_crc16,
    &hb_algo_crc32,
    &hb_algo_crc32c,
    &hb_algo_crc64,
    &hb_algo_crc64_xz,
    &hb_algo_adler32,
    &hb_algo_fletcher16,
    &hb_algo_fletcher32,
    &hb_algo_fletcher64,
    &hb_algo_pearson8,
    &hb_algo_djb2,
    &hb_algo_fnv1a32,
    &hb_algo_knuth,
    &hb_algo_oat,
    &hb_algo_pjw,
    &hb_algo_sdbm,
    &hb_algo_murmur3_32,
    &hb_algo_murmur3_128,
    &hb_algo_xxh32,
    &hb_algo_xxh64,
    &hb_algo_xxh3_64,
    &hb_algo_xxh3_128,
    &hb_algo_siphash_2_4,
    &hb_algo_md4,
    &hb_algo_md5,
    &hb_algo_sha1,
    &hb_algo_ripemd160,
    &hb_algo_sha256,
    &hb_algo_sha384,
    &hb_algo_sha512,
    &hb_algo_sha3_256,
    &hb_algo_sha3_384,
    &hb_algo_sha3_512,
    &hb_algo_blake2s,
    &hb_algo_blake2b,
    &hb_algo_blake3,
    &hb_algo_hmac_sha256,
    &hb_algo_pbkdf2_sha256,
    &hb_algo_aes_cbc_mac,
};
unsigned hb_algo_count(void)
{
    return (unsigned)(sizeof(roster) / sizeof(roster[0]));
}

const hb_algo *hb_algo_at(unsigned index)
{
    return index < hb_algo_count() ? roster[index] : 0;
}

const hb_algo *hb_algo_find(const char *id)
{
    unsigned i;
    for (i = 0; i < hb_algo_count(); i++)
        if (strcmp(roster[i]->id, id) == 0)
            return roster[i];
    return 0;
}

int hb_impl_available(const hb_impl *impl)
{
    return impl->available == 0 || impl->available();
}

const char *hb_tier_name(hb_tier tier)
{
    switch (tier) {
    case HB_TIER_CHECKSUM: return "checksum";
    case HB_TIER_NONCRYPTO: return "non-crypto";
    case HB_TIER_CRYPTO: return "crypto";
    }
    return "?";
}

void hb_init(hb_ctx *ctx, const hb_impl *impl)
{
    ctx->impl = impl;
    impl->init(&ctx->u);
}

void hb_update(hb_ctx *ctx, const void *data, size_t len)
{
    ctx->impl->update(&ctx->u, (const uint8_t *)data, len);
}

void hb_final(hb_ctx *ctx, uint8_t *digest)
{
    ctx->impl->final(&ctx->u, digest);
}

void hb_hash(const hb_impl *impl, const void *data, size_t len, uint8_t *digest)
{
    hb_ctx ctx;
    hb_init(&ctx, impl);
    hb_update(&ctx, data, len);
    hb_final(&ctx, digest);
}

void hb_workload_fill(uint8_t *buf, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        buf[i] = (uint8_t)(i * 31u + 7u);
}
