/* CRC family: streaming checks that the .vec format cannot express.
 *
 * For every CRC and lengths 0..600 of a pseudo-random buffer (at every
 * start offset 0..7, so the 4- and 8-byte loads of the fast code see every
 * alignment), the digest must be the same for:
 *   - portable, one update;
 *   - portable, one byte per update;
 *   - fast, one update;
 *   - fast, fed in chunks of 1..19 bytes (empty updates in between).
 * Prints one line per algorithm and ends with "N passed, N failed". */
#include <stdio.h>
#include <string.h>
#include "hashbench.h"
#include "hashbench/crc.h"

#define MAXLEN 600

static uint8_t buf[MAXLEN + 8];
static int passed, failed;

#define DEFINE_CHECK(ident, dsize)                                                   \
    static int check_##ident(size_t off, size_t len, char *why)                      \
    {                                                                                \
        hb_##ident##_ctx c;                                                          \
        uint8_t ref[8], got[8];                                                      \
        const uint8_t *p = buf + off;                                                \
        size_t i, step, chunk;                                                       \
        hb_##ident##_init(&c);                                                       \
        hb_##ident##_update_portable(&c, p, len);                                    \
        hb_##ident##_final_portable(&c, ref);                                        \
        hb_##ident##_init(&c);                                                       \
        for (i = 0; i < len; i++)                                                    \
            hb_##ident##_update_portable(&c, p + i, 1);                              \
        hb_##ident##_final_portable(&c, got);                                        \
        if (memcmp(ref, got, dsize)) { strcpy(why, "portable bytewise"); return 0; } \
        hb_##ident##_init(&c);                                                       \
        hb_##ident##_update_fast(&c, p, len);                                        \
        hb_##ident##_final_fast(&c, got);                                            \
        if (memcmp(ref, got, dsize)) { strcpy(why, "fast one-shot"); return 0; }     \
        for (step = 1; step < 20; step += 3) {                                       \
            hb_##ident##_init(&c);                                                   \
            for (i = 0; i < len; i += chunk) {                                       \
                chunk = step + (i % 5);                                              \
                if (chunk > len - i)                                                 \
                    chunk = len - i;                                                 \
                hb_##ident##_update_fast(&c, p + i, chunk);                          \
                hb_##ident##_update_fast(&c, p + i, 0);                              \
            }                                                                        \
            hb_##ident##_final_fast(&c, got);                                        \
            if (memcmp(ref, got, dsize)) { strcpy(why, "fast chunked"); return 0; }  \
        }                                                                            \
        return 1;                                                                    \
    }

DEFINE_CHECK(crc8, 1)
DEFINE_CHECK(crc16, 2)
DEFINE_CHECK(crc32, 4)
DEFINE_CHECK(crc32c, 4)
DEFINE_CHECK(crc64, 8)
DEFINE_CHECK(crc64_xz, 8)

static void run(const char *name, int (*fn)(size_t, size_t, char *))
{
    size_t off, len;
    char why[64];
    for (off = 0; off < 8; off++) {
        for (len = 0; len <= MAXLEN; len++) {
            if (!fn(off, len, why)) {
                printf("FAIL %s streaming: %s differs from portable one-shot "
                       "(offset %u, length %u)\n", name, why, (unsigned)off, (unsigned)len);
                failed++;
                return;
            }
        }
    }
    printf("ok  %s streaming: portable/fast, one-shot/bytewise/chunked, "
           "lengths 0..%d at 8 offsets\n", name, MAXLEN);
    passed++;
}

int main(void)
{
    uint32_t x = 2463534242UL;
    size_t i;

    for (i = 0; i < sizeof buf; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        buf[i] = (uint8_t)(x >> 24);
    }
    run("crc8", check_crc8);
    run("crc16", check_crc16);
    run("crc32", check_crc32);
    run("crc32c", check_crc32c);
    run("crc64", check_crc64);
    run("crc64-xz", check_crc64_xz);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
