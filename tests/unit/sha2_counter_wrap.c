/* SHA-2 message-length counters across their carries.
 *
 * Hashing 4 GiB (let alone 2^61 bytes) is out of reach for a unit test, so
 * each check starts from the initial state with the context's byte counter
 * set as if X bytes had already been hashed, hashes a few hundred bytes
 * across the boundary (in one update and in ragged pieces), finalises, and
 * compares with OpenSSL's legacy SHA256_CTX / SHA512_CTX given the same
 * count (its Nl/Nh bit counters).  Only the length in the final padding
 * depends on X, so this checks the counter carries and the bit-length
 * encoding of every implementation:
 *   SHA-256 (hashbench/md_block.h, 64-bit byte counter in two words):
 *     2^32 bytes (low word carry), 2^61 bytes (the bit length passes 2^64
 *     and wraps), 2^64 bytes (the byte counter wraps);
 *   SHA-384 / SHA-512 (128-bit byte counter in two hb_u64):
 *     2^32 bytes, 2^61 bytes (bit length carries into its high 64 bits),
 *     2^64 bytes (byte counter carries into its high word), 2^125 bytes
 *     (the 128-bit bit length wraps).
 * Needs OpenSSL (link with -lcrypto). */
#define OPENSSL_API_COMPAT 0x10100000L
#include <stdio.h>
#include <string.h>
#include <openssl/sha.h>
#include "hashbench.h"
#include "hashbench/sha2.h"

static int passed, failed;

/* X = hi * 2^64 + mid * 2^32 + lo bytes (hi < 2^61) */
typedef struct count96 {
    uint32_t hi, mid, lo;
    const char *name;
} count96;

static const count96 counts[] = {
    { 0, 0x00000000UL, 0xFFFFFFDBUL, "2^32 - 37 bytes" },
    { 0, 0x00000000UL, 0xFFFFFFC0UL, "2^32 - 64 bytes" },
    { 0, 0x1FFFFFFFUL, 0xFFFFFFF0UL, "2^61 - 16 bytes" },
    { 0, 0xFFFFFFFFUL, 0xFFFFFF00UL, "2^64 - 256 bytes" },
    { 0x1FFFFFFFUL, 0xFFFFFFFFUL, 0xFFFFFFDBUL, "2^125 - 37 bytes" }
};
#define NCOUNTS (sizeof counts / sizeof counts[0])

static const size_t lens[] = { 0, 1, 36, 37, 55, 56, 111, 112, 200, 300, 1000 };
#define NLENS (sizeof lens / sizeof lens[0])

static uint8_t data[1000];

static void report(int ok, const char *what, const char *impl, const count96 *x, size_t len,
                   int ragged)
{
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s %s: counter %s, %u more bytes%s: digest differs from OpenSSL\n",
               what, impl, x->name, (unsigned)len, ragged ? " (ragged updates)" : "");
    }
}

/* feeds data in one update, or in pieces of 1, 2, 3 ... bytes */
#define FEED(update, ctx, len, ragged)                                   \
    do {                                                                 \
        size_t pos_ = 0, step_ = 1;                                      \
        if (!(ragged)) {                                                 \
            update(ctx, data, len);                                      \
        } else {                                                         \
            while (pos_ < (len)) {                                       \
                size_t n_ = (len) - pos_ < step_ ? (len) - pos_ : step_; \
                update(ctx, data + pos_, n_);                            \
                pos_ += n_;                                              \
                step_ = step_ % 70 + 1;                                  \
            }                                                            \
        }                                                                \
    } while (0)

static void check_sha256(const count96 *x)
{
    unsigned li, impl, ragged;
    for (impl = 0; impl < 2; impl++) {
        int all = 1;
        for (li = 0; li < NLENS; li++) {
            for (ragged = 0; ragged < 2; ragged++) {
                hb_sha256_ctx c;
                SHA256_CTX o;
                uint8_t got[32], want[32];
                size_t len = lens[li];

                /* SHA-256 counts bytes modulo 2^64 (bits modulo 2^64) */
                hb_sha256_init(&c);
                c.blk.count_lo = x->lo;
                c.blk.count_hi = x->mid;
                SHA256_Init(&o);
                o.Nl = (unsigned int)((x->lo << 3) & 0xFFFFFFFFUL);
                o.Nh = (unsigned int)(((x->mid << 3) | (x->lo >> 29)) & 0xFFFFFFFFUL);
                if (impl == 0) {
                    FEED(hb_sha256_update_portable, &c, len, ragged);
                    hb_sha256_final_portable(&c, got);
                } else {
                    FEED(hb_sha256_update_fast, &c, len, ragged);
                    hb_sha256_final_fast(&c, got);
                }
                FEED(SHA256_Update, &o, len, ragged);
                SHA256_Final(want, &o);
                if (memcmp(got, want, 32) != 0) {
                    report(0, "sha256", impl ? "fast" : "portable", x, len, (int)ragged);
                    all = 0;
                }
            }
        }
        if (all) {
            passed++;
            printf("ok   sha256 %s: counter from %s\n", impl ? "fast" : "portable", x->name);
        }
    }
}

static void check_sha512(const count96 *x, int is384)
{
    const char *name = is384 ? "sha384" : "sha512";
    unsigned dlen = is384 ? 48 : 64;
    unsigned li, impl, ragged;
    for (impl = 0; impl < 2; impl++) {
        int all = 1;
        for (li = 0; li < NLENS; li++) {
            for (ragged = 0; ragged < 2; ragged++) {
                hb_sha512_ctx c;
                SHA512_CTX o;
                uint8_t got[64], want[64];
                size_t len = lens[li];
                unsigned long long bytes_lo =
                    ((unsigned long long)x->mid << 32) | x->lo;

                if (is384)
                    hb_sha384_init(&c);
                else
                    hb_sha512_init(&c);
                HB_U64_SET(c.count_lo, x->mid, x->lo);
                HB_U64_SET(c.count_hi, 0, x->hi);
                if (is384)
                    SHA384_Init(&o);
                else
                    SHA512_Init(&o);
                o.Nl = bytes_lo << 3;
                o.Nh = ((unsigned long long)x->hi << 3) | (bytes_lo >> 61);
                if (impl == 0) {
                    FEED(hb_sha512_update_portable, &c, len, ragged);
                    if (is384)
                        hb_sha384_final_portable(&c, got);
                    else
                        hb_sha512_final_portable(&c, got);
                } else {
                    FEED(hb_sha512_update_fast, &c, len, ragged);
                    if (is384)
                        hb_sha384_final_fast(&c, got);
                    else
                        hb_sha512_final_fast(&c, got);
                }
                FEED(SHA512_Update, &o, len, ragged);
                if (is384)
                    SHA384_Final(want, &o);
                else
                    SHA512_Final(want, &o);
                if (memcmp(got, want, dlen) != 0) {
                    report(0, name, impl ? "fast" : "portable", x, len, (int)ragged);
                    all = 0;
                }
            }
        }
        if (all) {
            passed++;
            printf("ok   %s %s: counter from %s\n", name, impl ? "fast" : "portable", x->name);
        }
    }
}

int main(void)
{
    unsigned i;
    for (i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)((i * 31 + 7) & 0xFF);
    for (i = 0; i < NCOUNTS; i++) {
        if (counts[i].hi == 0)
            check_sha256(&counts[i]);
        check_sha512(&counts[i], 0);
        check_sha512(&counts[i], 1);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
