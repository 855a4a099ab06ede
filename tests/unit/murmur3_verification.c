/* SMHasher's verification values for MurmurHash3 (Austin Appleby, SMHasher
 * main.cpp: MurmurHash3_x86_32 0xB0F57EE3, MurmurHash3_x64_128 0x6384BA69),
 * computed as KeysetTest.cpp's VerificationTest does: for i = 0..255 hash
 * the key 00 01 .. i-1 (i bytes) with seed 256 - i, concatenate the 256
 * hashes as the reference writes them (little-endian on x86), hash that
 * with seed 0, and read the first 4 bytes of the result little-endian.
 * Every implementation of murmur3-32 and murmur3-128 is checked. */
#include <stdio.h>
#include "hashbench.h"
#include "hashbench/murmur3.h"

typedef void (*seeded_fn)(uint32_t seed, const uint8_t *data, size_t len, uint8_t *digest);

static int passed, failed;

/* hashbytes: 4 or 16; be32: the digest is a big-endian 32-bit integer
 * (murmur3-32's convention), which the reference writes little-endian */
static uint32_t verification(seeded_fn fn, unsigned hashbytes, int be32)
{
    static uint8_t key[256];
    static uint8_t hashes[16 * 256];
    uint8_t out[16];
    unsigned i, j;

    for (i = 0; i < 256; i++) {
        key[i] = (uint8_t)i;
        fn(256u - i, key, i, out);
        for (j = 0; j < hashbytes; j++)
            hashes[i * hashbytes + j] = be32 ? out[hashbytes - 1 - j] : out[j];
    }
    fn(0, hashes, hashbytes * 256u, out);
    if (be32)
        return ((uint32_t)out[0] << 24) | ((uint32_t)out[1] << 16) |
               ((uint32_t)out[2] << 8) | out[3];
    return (uint32_t)out[0] | ((uint32_t)out[1] << 8) | ((uint32_t)out[2] << 16) |
           ((uint32_t)out[3] << 24);
}

static void check(const char *what, seeded_fn fn, unsigned hashbytes, int be32,
                  uint32_t expected)
{
    uint32_t got = verification(fn, hashbytes, be32);

    if (got == expected) {
        printf("ok  %s\n", what);
        passed++;
    } else {
        printf("FAIL %s: verification 0x%08lX, expected 0x%08lX\n", what,
               (unsigned long)got, (unsigned long)expected);
        failed++;
    }
}

int main(void)
{
    check("murmur3-32 portable SMHasher verification 0xB0F57EE3",
          hb_murmur3_32_seeded_portable, 4, 1, 0xB0F57EE3UL);
    check("murmur3-32 fast SMHasher verification 0xB0F57EE3",
          hb_murmur3_32_seeded_fast, 4, 1, 0xB0F57EE3UL);
    check("murmur3-128 portable SMHasher verification 0x6384BA69",
          hb_murmur3_128_seeded_portable, 16, 0, 0x6384BA69UL);
    check("murmur3-128 fast SMHasher verification 0x6384BA69",
          hb_murmur3_128_seeded_fast, 16, 0, 0x6384BA69UL);
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
