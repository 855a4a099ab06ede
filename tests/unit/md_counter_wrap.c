/* The 64-bit byte counter of the MD4/MD5/SHA-1/RIPEMD-160 contexts carries
 * across 2^29 bytes (bit count past 2^32) and 2^32 bytes (byte count past
 * 2^32): each context is initialised, its counter set just below the
 * boundary (the chaining state stays the IV, the block buffer empty), then
 * more data is hashed across the boundary and finalised.  OpenSSL's legacy
 * API, given the same manipulation (Nl/Nh = bit count low/high words), is
 * the reference.  Both implementations of each algorithm. */
#define OPENSSL_API_COMPAT 0x10100000L
#include <stdio.h>
#include <string.h>
#include <openssl/md4.h>
#include <openssl/md5.h>
#include <openssl/sha.h>
#include <openssl/ripemd.h>

#include "hashbench.h"
#include "hashbench/md.h"
#include "hashbench/sha1.h"
#include "hashbench/ripemd.h"

static int passed, failed;
static int cases, bad_cases;   /* within the current check */

/* byte counts to start from: (high word, low word) */
static const uint32_t starts[][2] = {
    { 0, 0x1FFFFFC0UL },   /* bit count crosses 2^32 */
    { 0, 0xFFFFFFC0UL },   /* byte count crosses 2^32 */
    { 0, 0xFFFFFFFBUL },   /* ... not on a block boundary */
    { 1, 0xFFFFFF80UL },   /* byte count crosses 2^33 */
    { 0x1FFFFFFFUL, 0xFFFFFFC0UL }, /* the bit count's last carry (2^64 bits) */
};
/* data hashed after the manipulation, in one or two updates */
static const size_t lens[] = { 0, 1, 55, 63, 64, 65, 100, 128, 200, 1000 };

static uint8_t msg[1000];

static void hexs(const uint8_t *d, unsigned n, char *o)
{
    unsigned i;
    for (i = 0; i < n; i++)
        sprintf(o + 2 * i, "%02x", d[i]);
}

static void report(const char *algo, const char *impl, unsigned si, size_t len, int split,
                   const uint8_t *got, const uint8_t *want, unsigned n)
{
    char g[41], w[41];
    cases++;
    if (memcmp(got, want, n) == 0)
        return;
    bad_cases++;
    hexs(got, n, g);
    hexs(want, n, w);
    printf("     %s %s start %08lx%08lx len %u split %d: got %s want %s\n", algo, impl,
           (unsigned long)starts[si][0], (unsigned long)starts[si][1], (unsigned)len, split, g, w);
}

#define OSSL_SET(c, hi, lo) ((c).Nl = (uint32_t)((lo) << 3), \
                             (c).Nh = (uint32_t)(((hi) << 3) | ((lo) >> 29)))
#define HB_SET(c, hi, lo) ((c).mb.count_hi = (hi), (c).mb.count_lo = (lo))

/* runs one algorithm: T = our context, O = OpenSSL's */
#define RUN(name, T, init, upd, fin, O, oinit, oupd, ofin, dlen)                         \
    do {                                                                             \
        unsigned si, li; int split;                                                  \
        uint8_t got[20], want[20];                                                   \
        T c; O o;                                                                    \
        for (si = 0; si < sizeof starts / sizeof starts[0]; si++)                    \
            for (li = 0; li < sizeof lens / sizeof lens[0]; li++)                    \
                for (split = 0; split < 2; split++) {                                \
                    size_t a = split ? lens[li] / 3 : lens[li];                      \
                    init(&c);                                                        \
                    HB_SET(c, starts[si][0], starts[si][1]);                         \
                    upd(&c, msg, a);                                                 \
                    upd(&c, msg + a, lens[li] - a);                                  \
                    fin(&c, got);                                                    \
                    oinit(&o);                                                       \
                    OSSL_SET(o, starts[si][0], starts[si][1]);                       \
                    oupd(&o, msg, a);                                                \
                    oupd(&o, msg + a, lens[li] - a);                                 \
                    ofin(want, &o);                                                  \
                    report(name, #upd, si, lens[li], split, got, want, dlen);        \
                }                                                                    \
    } while (0)

/* one check per algorithm and implementation: every start and length */
static void section(const char *what)
{
    if (bad_cases == 0) {
        printf("ok  %s (%d cases)\n", what, cases);
        passed++;
    } else {
        printf("FAIL %s: %d of %d cases differ from OpenSSL (listed above)\n", what,
               bad_cases, cases);
        failed++;
    }
    cases = bad_cases = 0;
}

int main(void)
{
    unsigned i;

    for (i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)((i * 31 + 7) & 0xFF);

    RUN("md4", hb_md4_ctx, hb_md4_init, hb_md4_update_portable, hb_md4_final_portable,
        MD4_CTX, MD4_Init, MD4_Update, MD4_Final, 16);
    section("md4 portable counter carries past 2^29, 2^32, 2^33 bytes");
    RUN("md4", hb_md4_ctx, hb_md4_init, hb_md4_update_fast, hb_md4_final_fast,
        MD4_CTX, MD4_Init, MD4_Update, MD4_Final, 16);
    section("md4 fast counter carries past 2^29, 2^32, 2^33 bytes");
    RUN("md5", hb_md5_ctx, hb_md5_init, hb_md5_update_portable, hb_md5_final_portable,
        MD5_CTX, MD5_Init, MD5_Update, MD5_Final, 16);
    section("md5 portable counter carries past 2^29, 2^32, 2^33 bytes");
    RUN("md5", hb_md5_ctx, hb_md5_init, hb_md5_update_fast, hb_md5_final_fast,
        MD5_CTX, MD5_Init, MD5_Update, MD5_Final, 16);
    section("md5 fast counter carries past 2^29, 2^32, 2^33 bytes");
    RUN("sha1", hb_sha1_ctx, hb_sha1_init, hb_sha1_update_portable, hb_sha1_final_portable,
        SHA_CTX, SHA1_Init, SHA1_Update, SHA1_Final, 20);
    section("sha1 portable counter carries past 2^29, 2^32, 2^33 bytes");
    RUN("sha1", hb_sha1_ctx, hb_sha1_init, hb_sha1_update_fast, hb_sha1_final_fast,
        SHA_CTX, SHA1_Init, SHA1_Update, SHA1_Final, 20);
    section("sha1 fast counter carries past 2^29, 2^32, 2^33 bytes");
    RUN("ripemd160", hb_ripemd160_ctx, hb_ripemd160_init, hb_ripemd160_update_portable,
        hb_ripemd160_final_portable, RIPEMD160_CTX, RIPEMD160_Init, RIPEMD160_Update,
        RIPEMD160_Final, 20);
    section("ripemd160 portable counter carries past 2^29, 2^32, 2^33 bytes");
    RUN("ripemd160", hb_ripemd160_ctx, hb_ripemd160_init, hb_ripemd160_update_fast,
        hb_ripemd160_final_fast, RIPEMD160_CTX, RIPEMD160_Init, RIPEMD160_Update,
        RIPEMD160_Final, 20);
    section("ripemd160 fast counter carries past 2^29, 2^32, 2^33 bytes");

    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
