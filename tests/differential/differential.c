/* Differential tests: every implementation hashbench registers against
 * independent libraries (OpenSSL libcrypto, zlib, libxxhash, libsodium,
 * ISA-L), on random data of every length 0..2048 and random lengths up to
 * 1 MiB, one-shot and streamed with random split points.
 *
 * Algorithms no C library offers are covered elsewhere: murmur3, blake3,
 * crc8 and crc16 by tests/python/test_differential_py.py (Python packages);
 * for the rest (fletcher*, pearson8, djb2, fnv1a32, knuth, oat, pjw, sdbm)
 * this program checks every implementation against `portable`, which the
 * published vectors and workload digests pin down.
 *
 * Environment: HB_SEED (default: time-based, printed), HB_DIFF_BIG (number
 * of large random lengths, default 12), HB_DIFF_MAXLEN (default 2048).
 * Ends with "N passed, N failed", one check per algorithm, implementation
 * and reference. */
#define OPENSSL_API_COMPAT 0x10100000L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/provider.h>
#include <zlib.h>
#include <xxhash.h>
#include <sodium.h>
#include <isa-l/crc.h>
#include <isa-l/crc64.h>
#include "hashbench.h"

#define MAX_BIG (1u << 20)

static uint64_t rng_state;

static uint64_t rng(void)
{
    /* xorshift64*: fast, and reproducible from the printed seed */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * UINT64_C(2685821657736338717);
}

static void put_be(uint8_t *out, uint64_t v, unsigned bytes)
{
    unsigned i;
    for (i = 0; i < bytes; i++)
        out[i] = (uint8_t)(v >> (8 * (bytes - 1 - i)));
}

/* ---- references ---------------------------------------------------------- */

static void evp(const char *name, const uint8_t *m, size_t n, uint8_t *out)
{
    static struct { const char *name; EVP_MD *md; } cache[16];
    static EVP_MD_CTX *ctx;
    EVP_MD *md = NULL;
    unsigned i, len;
    for (i = 0; i < 16 && cache[i].name; i++)
        if (strcmp(cache[i].name, name) == 0)
            md = cache[i].md;
    if (!md) {
        md = EVP_MD_fetch(NULL, name, NULL);
        if (!md) {
            fprintf(stderr, "differential: OpenSSL has no %s\n", name);
            exit(2);
        }
        cache[i].name = name;
        cache[i].md = md;
    }
    if (!ctx)
        ctx = EVP_MD_CTX_new();
    if (!EVP_DigestInit_ex(ctx, md, NULL) || !EVP_DigestUpdate(ctx, m, n) || !EVP_DigestFinal_ex(ctx, out, &len)) {
        fprintf(stderr, "differential: OpenSSL %s failed\n", name);
        exit(2);
    }
}

static void ref_md4(const uint8_t *m, size_t n, uint8_t *o) { evp("MD4", m, n, o); }
static void ref_md5(const uint8_t *m, size_t n, uint8_t *o) { evp("MD5", m, n, o); }
static void ref_sha1(const uint8_t *m, size_t n, uint8_t *o) { evp("SHA1", m, n, o); }
static void ref_ripemd160(const uint8_t *m, size_t n, uint8_t *o) { evp("RIPEMD160", m, n, o); }
static void ref_sha256(const uint8_t *m, size_t n, uint8_t *o) { evp("SHA256", m, n, o); }
static void ref_sha384(const uint8_t *m, size_t n, uint8_t *o) { evp("SHA384", m, n, o); }
static void ref_sha512(const uint8_t *m, size_t n, uint8_t *o) { evp("SHA512", m, n, o); }
static void ref_sha3_256(const uint8_t *m, size_t n, uint8_t *o) { evp("SHA3-256", m, n, o); }
static void ref_sha3_384(const uint8_t *m, size_t n, uint8_t *o) { evp("SHA3-384", m, n, o); }
static void ref_sha3_512(const uint8_t *m, size_t n, uint8_t *o) { evp("SHA3-512", m, n, o); }
static void ref_blake2s(const uint8_t *m, size_t n, uint8_t *o) { evp("BLAKE2S-256", m, n, o); }
static void ref_blake2b(const uint8_t *m, size_t n, uint8_t *o) { evp("BLAKE2B-512", m, n, o); }

static const uint8_t hmac_key[16] = "hash-bench-nds\0";
static const char pbkdf2_salt[] = "hash-bench-salt";
static const uint8_t aes_key[16] = "hash-bench-aes!";

static void ref_hmac_sha256(const uint8_t *m, size_t n, uint8_t *o)
{
    unsigned len = 32;
    HMAC(EVP_sha256(), hmac_key, sizeof hmac_key, m, n, o, &len);
}

static void ref_pbkdf2_sha256(const uint8_t *m, size_t n, uint8_t *o)
{
    static const char empty[1] = "";
    PKCS5_PBKDF2_HMAC(n ? (const char *)m : empty, (int)n, (const unsigned char *)pbkdf2_salt, 15, 100,
                      EVP_sha256(), 32, o);
}

/* CBC-MAC built from OpenSSL's AES-128 block encryption (ECB, one block at
 * a time), zero IV, last partial block zero-padded, empty message -> zeros. */
static void ref_aes_cbc_mac(const uint8_t *m, size_t n, uint8_t *o)
{
    static EVP_CIPHER_CTX *ctx;
    uint8_t block[16];
    size_t off, i;
    int outl;
    if (!ctx) {
        ctx = EVP_CIPHER_CTX_new();
        EVP_EncryptInit_ex(ctx, EVP_aes_128_ecb(), NULL, aes_key, NULL);
        EVP_CIPHER_CTX_set_padding(ctx, 0);
    }
    memset(o, 0, 16);
    for (off = 0; off < n; off += 16) {
        for (i = 0; i < 16; i++)
            block[i] = o[i] ^ (off + i < n ? m[off + i] : 0);
        EVP_EncryptUpdate(ctx, o, &outl, block, 16);
    }
}

static void ref_crc32_zlib(const uint8_t *m, size_t n, uint8_t *o) { put_be(o, crc32(0, m, (uInt)n), 4); }
static void ref_adler32_zlib(const uint8_t *m, size_t n, uint8_t *o) { put_be(o, adler32(1, m, (uInt)n), 4); }
static void ref_crc32_isal(const uint8_t *m, size_t n, uint8_t *o) { put_be(o, crc32_gzip_refl(0, m, n), 4); }
static void ref_crc32c_isal(const uint8_t *m, size_t n, uint8_t *o)
{
    /* crc32_iscsi neither inverts its input nor its result */
    put_be(o, ~crc32_iscsi((unsigned char *)m, (int)n, 0xFFFFFFFFu) & 0xFFFFFFFFu, 4);
}
static void ref_crc64_isal(const uint8_t *m, size_t n, uint8_t *o)
{
    /* ISA-L inverts before and after; CRC-64/ECMA-182 does neither */
    put_be(o, ~crc64_ecma_norm(~UINT64_C(0), m, n), 8);
}
static void ref_crc64_xz_isal(const uint8_t *m, size_t n, uint8_t *o) { put_be(o, crc64_ecma_refl(0, m, n), 8); }

static void ref_xxh32(const uint8_t *m, size_t n, uint8_t *o) { put_be(o, XXH32(m, n, 0), 4); }
static void ref_xxh64(const uint8_t *m, size_t n, uint8_t *o) { put_be(o, XXH64(m, n, 0), 8); }
static void ref_xxh3_64(const uint8_t *m, size_t n, uint8_t *o) { put_be(o, XXH3_64bits(m, n), 8); }
static void ref_xxh3_128(const uint8_t *m, size_t n, uint8_t *o)
{
    XXH128_hash_t h = XXH3_128bits(m, n);
    put_be(o, h.high64, 8);
    put_be(o + 8, h.low64, 8);
}

static void ref_siphash_sodium(const uint8_t *m, size_t n, uint8_t *o)
{
    static const uint8_t key[16] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
    crypto_shorthash_siphash24(o, m, n, key);
}
static void ref_blake2b_sodium(const uint8_t *m, size_t n, uint8_t *o) { crypto_generichash(o, 64, m, n, NULL, 0); }

typedef void (*ref_fn)(const uint8_t *m, size_t n, uint8_t *out);

static const struct reference {
    const char *algo;
    const char *library;
    ref_fn fn;
} references[] = {
    { "crc32", "zlib", ref_crc32_zlib },
    { "crc32", "isa-l", ref_crc32_isal },
    { "crc32c", "isa-l", ref_crc32c_isal },
    { "crc64", "isa-l", ref_crc64_isal },
    { "crc64-xz", "isa-l", ref_crc64_xz_isal },
    { "adler32", "zlib", ref_adler32_zlib },
    { "xxh32", "libxxhash", ref_xxh32 },
    { "xxh64", "libxxhash", ref_xxh64 },
    { "xxh3-64", "libxxhash", ref_xxh3_64 },
    { "xxh3-128", "libxxhash", ref_xxh3_128 },
    { "siphash-2-4", "libsodium", ref_siphash_sodium },
    { "md4", "openssl", ref_md4 },
    { "md5", "openssl", ref_md5 },
    { "sha1", "openssl", ref_sha1 },
    { "ripemd160", "openssl", ref_ripemd160 },
    { "sha256", "openssl", ref_sha256 },
    { "sha384", "openssl", ref_sha384 },
    { "sha512", "openssl", ref_sha512 },
    { "sha3-256", "openssl", ref_sha3_256 },
    { "sha3-384", "openssl", ref_sha3_384 },
    { "sha3-512", "openssl", ref_sha3_512 },
    { "blake2s", "openssl", ref_blake2s },
    { "blake2b", "openssl", ref_blake2b },
    { "blake2b", "libsodium", ref_blake2b_sodium },
    { "hmac-sha256", "openssl", ref_hmac_sha256 },
    { "pbkdf2-sha256", "openssl", ref_pbkdf2_sha256 },
    { "aes-cbc-mac", "openssl", ref_aes_cbc_mac },
};

/* Algorithms that no C library here implements and that the Python tier
 * does not cover either: their implementations are compared with portable. */
static const char *const portable_only[] = {
    "fletcher16", "fletcher32", "fletcher64", "pearson8", "djb2", "fnv1a32", "knuth", "oat", "pjw", "sdbm",
    "crc8", "crc16", "murmur3-32", "murmur3-128", "blake3",
};

/* ---- the checks -------------------------------------------------------- */

typedef struct check {
    const hb_algo *algo;
    const hb_impl *impl;
    const char *library;
    ref_fn ref;                     /* NULL: compare with the portable implementation */
} check;

static void reference_digest(const check *c, const uint8_t *m, size_t n, uint8_t *out)
{
    if (c->ref)
        c->ref(m, n, out);
    else
        hb_hash(hb_impl_find(c->algo, "portable"), m, n, out);
}

static void streamed(const hb_impl *impl, const uint8_t *m, size_t n, uint8_t *out)
{
    hb_ctx ctx;
    size_t off = 0;
    hb_init(&ctx, impl);
    while (off < n) {
        /* mostly small pieces, sometimes large ones, sometimes empty */
        size_t piece = (rng() & 3) == 0 ? (size_t)(rng() % (n - off + 1)) : (size_t)(rng() % 130);
        if (piece > n - off)
            piece = n - off;
        hb_update(&ctx, m + off, piece);
        off += piece;
    }
    hb_final(&ctx, out);
}

static void show_mismatch(const check *c, const char *how, size_t n, const uint8_t *want, const uint8_t *got)
{
    unsigned i, d = c->algo->digest_size;
    printf("FAIL %s/%s vs %s: %s, length %zu\n     %-9s ", c->algo->id, c->impl->name, c->library, how, n,
           c->library);
    for (i = 0; i < d; i++)
        printf("%02x", want[i]);
    printf("\n     hashbench ");
    for (i = 0; i < d; i++)
        printf("%02x", got[i]);
    printf("\n");
}

/* One message: one-shot and streamed must both equal the reference. */
static int check_message(const check *c, const uint8_t *m, size_t n)
{
    uint8_t want[HB_MAX_DIGEST], got[HB_MAX_DIGEST];
    reference_digest(c, m, n, want);
    hb_hash(c->impl, m, n, got);
    if (memcmp(want, got, c->algo->digest_size) != 0) {
        show_mismatch(c, "one-shot", n, want, got);
        return 0;
    }
    streamed(c->impl, m, n, got);
    if (memcmp(want, got, c->algo->digest_size) != 0) {
        show_mismatch(c, "streamed", n, want, got);
        return 0;
    }
    return 1;
}

static int run_check(const check *c, uint8_t *buf, size_t maxlen, unsigned n_big)
{
    size_t n;
    unsigned i;
    unsigned long messages = 0;
    /* every length up to maxlen, fresh random bytes each time */
    for (n = 0; n <= maxlen; n++) {
        size_t k, offset = n & 1;   /* odd lengths start at an odd address */
        for (k = 0; k < n; k++)
            buf[offset + k] = (uint8_t)rng();
        if (!check_message(c, buf + offset, n))
            return 0;
        messages++;
    }
    for (i = 0; i < n_big; i++) {
        size_t k;
        n = (size_t)(rng() % MAX_BIG) + 1;
        for (k = 0; k < n; k += 8) {
            uint64_t r = rng();
            memcpy(buf + k, &r, n - k < 8 ? n - k : 8);
        }
        if (!check_message(c, buf, n))
            return 0;
        messages++;
    }
    printf("ok   %-14s %-10s vs %-10s %lu messages\n", c->algo->id, c->impl->name, c->library, messages);
    return 1;
}

/* The references' own parameters could be misread: check each against the
 * CRC catalogue's check value before trusting it. */
static int self_check_references(void)
{
    static const struct { ref_fn fn; const char *name; const char *check; } crcs[] = {
        { ref_crc32_zlib, "crc32/zlib", "cbf43926" },
        { ref_crc32_isal, "crc32/isa-l", "cbf43926" },
        { ref_crc32c_isal, "crc32c/isa-l", "e3069283" },
        { ref_crc64_isal, "crc64/isa-l", "6c40df5f0b497347" },
        { ref_crc64_xz_isal, "crc64-xz/isa-l", "995dc9bbdf1939fa" },
        { ref_adler32_zlib, "adler32/zlib", "091e01de" },
    };
    unsigned i, k, bad = 0;
    for (i = 0; i < sizeof crcs / sizeof crcs[0]; i++) {
        uint8_t out[8];
        char hex[17];
        crcs[i].fn((const uint8_t *)"123456789", 9, out);
        for (k = 0; k < strlen(crcs[i].check) / 2; k++)
            sprintf(hex + 2 * k, "%02x", out[k]);
        if (strcmp(hex, crcs[i].check) != 0) {
            printf("FAIL reference %s gives %s for \"123456789\", the catalogue says %s\n", crcs[i].name, hex,
                   crcs[i].check);
            bad++;
        }
    }
    return bad == 0;
}

/* PBKDF2's parameterised form (every implementation's with_params) against
 * OpenSSL: random passwords, salts, iteration counts and output lengths
 * that cross the 32-byte block boundary. */
static int check_pbkdf2_params(const hb_impl *impl)
{
    uint8_t pw[80], salt[40], want[100], got[100];
    unsigned t, i;
    for (t = 0; t < 200; t++) {
        size_t pw_len = (size_t)(rng() % sizeof pw), salt_len = 1 + (size_t)(rng() % (sizeof salt - 1));
        size_t out_len = 1 + (size_t)(rng() % sizeof want);
        uint32_t iterations = 1 + (uint32_t)(rng() % 40);
        hb_params p;
        for (i = 0; i < pw_len; i++)
            pw[i] = (uint8_t)rng();
        for (i = 0; i < salt_len; i++)
            salt[i] = (uint8_t)rng();
        memset(&p, 0, sizeof p);
        p.salt = salt;
        p.salt_len = salt_len;
        p.iterations = iterations;
        PKCS5_PBKDF2_HMAC((const char *)pw, (int)pw_len, salt, (int)salt_len, (int)iterations, EVP_sha256(),
                          (int)out_len, want);
        if (!impl->with_params || impl->with_params(&p, pw, pw_len, got, out_len) != 0 ||
            memcmp(want, got, out_len) != 0) {
            printf("FAIL pbkdf2-sha256/%s with_params vs openssl: password %zu bytes, salt %zu, %u iterations, "
                   "%zu bytes out\n", impl->name, pw_len, salt_len, (unsigned)iterations, out_len);
            return 0;
        }
    }
    printf("ok   pbkdf2-sha256  %-10s with_params vs openssl, 200 random salts, iterations, lengths\n", impl->name);
    return 1;
}

/* XXH3's seeded form (every implementation's with_params, an 8-byte key =
 * the seed little-endian) against libxxhash's XXH3_*bits_withSeed: every
 * length 0..2000 (all the path and stripe/block boundaries) with seeds 0, 1,
 * 2^63, all ones and random ones; that no key is seed 0; and that keys of
 * other lengths are refused. */
static int check_xxh3_seeded(const hb_algo *a, const hb_impl *impl)
{
    static uint8_t m[2000];
    uint8_t want[16], got[16], key[9];
    size_t len, out_len = a->digest_size;
    unsigned s, i;
    hb_params p;
    for (i = 0; i < sizeof m; i++)
        m[i] = (uint8_t)rng();
    if (!impl->with_params) {
        printf("FAIL %s/%s has no with_params\n", a->id, impl->name);
        return 0;
    }
    for (len = 0; len <= sizeof m; len++) {
        for (s = 0; s < 7; s++) {
            uint64_t seed = s == 0 ? 0 : s == 1 ? 1 : s == 2 ? UINT64_C(1) << 63 : s == 3 ? ~UINT64_C(0) : rng();
            for (i = 0; i < 8; i++)
                key[i] = (uint8_t)(seed >> (8 * i));
            memset(&p, 0, sizeof p);
            p.key = key;
            p.key_len = 8;
            if (out_len == 8) {
                put_be(want, XXH3_64bits_withSeed(m, len, seed), 8);
            } else {
                XXH128_hash_t h = XXH3_128bits_withSeed(m, len, seed);
                put_be(want, h.high64, 8);
                put_be(want + 8, h.low64, 8);
            }
            if (impl->with_params(&p, m, len, got, out_len) != 0 || memcmp(want, got, out_len) != 0) {
                printf("FAIL %s/%s with_params vs libxxhash withSeed: length %zu, seed 0x%016llx\n", a->id,
                       impl->name, len, (unsigned long long)seed);
                return 0;
            }
            if (s == 0) {
                /* no key is seed 0, and seed 0 is the plain hash */
                p.key = 0;
                p.key_len = 0;
                if (impl->with_params(&p, m, len, got, out_len) != 0 || memcmp(want, got, out_len) != 0) {
                    printf("FAIL %s/%s with_params without a key: length %zu\n", a->id, impl->name, len);
                    return 0;
                }
            }
        }
    }
    for (i = 1; i <= 9; i++) {
        memset(&p, 0, sizeof p);
        p.key = key;
        p.key_len = i;
        if (i != 8 && impl->with_params(&p, m, 10, got, out_len) != -1) {
            printf("FAIL %s/%s with_params accepted a %u-byte key\n", a->id, impl->name, i);
            return 0;
        }
    }
    printf("ok   %-14s %-10s with_params vs libxxhash withSeed, lengths 0..2000, 7 seeds each\n", a->id,
           impl->name);
    return 1;
}

int main(void)
{
    const char *env;
    size_t maxlen = 2048;
    unsigned n_big = 12, passed = 0, failed = 0, i, j, k;
    uint64_t seed = (uint64_t)time(NULL) * 2654435761u;
    uint8_t *buf;

    if ((env = getenv("HB_SEED")) != NULL)
        seed = strtoull(env, NULL, 0);
    if ((env = getenv("HB_DIFF_BIG")) != NULL)
        n_big = (unsigned)strtoul(env, NULL, 0);
    if ((env = getenv("HB_DIFF_MAXLEN")) != NULL)
        maxlen = strtoul(env, NULL, 0);
    rng_state = seed ? seed : 1;
    printf("differential tests: seed %llu (HB_SEED to repeat), lengths 0..%zu and %u up to %u bytes\n",
           (unsigned long long)seed, maxlen, n_big, MAX_BIG);

    if (!OSSL_PROVIDER_load(NULL, "legacy") || !OSSL_PROVIDER_load(NULL, "default")) {
        printf("FAIL cannot load OpenSSL's legacy provider (md4)\n");
        failed++;
    }
    if (sodium_init() < 0) {
        printf("FAIL sodium_init\n");
        return 1;
    }
    if (self_check_references())
        passed++;
    else
        failed++;

    {
        const hb_algo *pb = hb_algo_find("pbkdf2-sha256");
        for (j = 0; j < hb_impl_count(pb); j++)
            if (hb_impl_available(hb_impl_at(pb, j))) {
                if (check_pbkdf2_params(hb_impl_at(pb, j))) passed++; else failed++;
            }
    }
    {
        static const char *const xxh3[] = { "xxh3-64", "xxh3-128" };
        for (k = 0; k < 2; k++) {
            const hb_algo *xa = hb_algo_find(xxh3[k]);
            for (j = 0; j < hb_impl_count(xa); j++)
                if (hb_impl_available(hb_impl_at(xa, j))) {
                    if (check_xxh3_seeded(xa, hb_impl_at(xa, j))) passed++; else failed++;
                }
        }
    }
    buf = malloc(MAX_BIG + maxlen + 8);
    if (!buf)
        return 1;
    for (i = 0; i < hb_algo_count(); i++) {
        const hb_algo *a = hb_algo_at(i);
        int covered = 0;
        for (j = 0; j < hb_impl_count(a); j++) {
            check c;
            c.algo = a;
            c.impl = hb_impl_at(a, j);
            if (!hb_impl_available(c.impl))
                continue;
            for (k = 0; k < sizeof references / sizeof references[0]; k++) {
                if (strcmp(references[k].algo, a->id) != 0)
                    continue;
                c.library = references[k].library;
                c.ref = references[k].fn;
                covered = 1;
                if (run_check(&c, buf, maxlen, n_big)) passed++; else failed++;
            }
            for (k = 0; k < sizeof portable_only / sizeof portable_only[0]; k++) {
                if (strcmp(portable_only[k], a->id) != 0 || strcmp(c.impl->name, "portable") == 0)
                    continue;
                c.library = "portable";
                c.ref = NULL;
                covered = 1;
                if (run_check(&c, buf, maxlen, n_big)) passed++; else failed++;
            }
        }
        for (k = 0; k < sizeof portable_only / sizeof portable_only[0]; k++)
            if (strcmp(portable_only[k], a->id) == 0)
                covered = 1;
        if (!covered) {
            printf("FAIL %s: no differential reference\n", a->id);
            failed++;
        }
    }
    free(buf);
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
