/* The code xxh3_fast.c and xxh3_compact.c share, linked with whichever of
 * the two a build takes (docs/writing-an-algorithm.md, "Compact forms"):
 * the secret as words and the streaming (update, final) around the stripe
 * accumulator each form defines in its own way. */
#include "hashbench/xxh3.h"
#include "xxh3_fast_shared.h"

/* hb_xxh3_default_secret read as 24 little-endian 64-bit words */
const hb_u64 hb_xxh3_secret64[24] = {
    HB_U64_INIT(0xBE4BA423UL, 0x396CFEB8UL), HB_U64_INIT(0x1CAD21F7UL, 0x2C81017CUL),
    HB_U64_INIT(0xDB979083UL, 0xE96DD4DEUL), HB_U64_INIT(0x1F67B3B7UL, 0xA4A44072UL),
    HB_U64_INIT(0x78E5C0CCUL, 0x4EE679CBUL), HB_U64_INIT(0x2172FFCCUL, 0x7DD05A82UL),
    HB_U64_INIT(0x8E2443F7UL, 0x744608B8UL), HB_U64_INIT(0x4C263A81UL, 0xE69035E0UL),
    HB_U64_INIT(0xCB00C391UL, 0xBB52283CUL), HB_U64_INIT(0xA32E531BUL, 0x8B65D088UL),
    HB_U64_INIT(0x4EF90DA2UL, 0x97486471UL), HB_U64_INIT(0xD8ACDEA9UL, 0x46EF1938UL),
    HB_U64_INIT(0x3F349CE3UL, 0x3F76FAA8UL), HB_U64_INIT(0x1D4F0BC7UL, 0xC7BBDCF9UL),
    HB_U64_INIT(0x3159B4CDUL, 0x4BE0518AUL), HB_U64_INIT(0x647378D9UL, 0xC97E9FC8UL),
    HB_U64_INIT(0xC3EBD334UL, 0x83ACC5EAUL), HB_U64_INIT(0xEB6313FAUL, 0xFFA081C5UL),
    HB_U64_INIT(0x49DAF0B7UL, 0x51DD0D17UL), HB_U64_INIT(0x9E68D429UL, 0x265516D3UL),
    HB_U64_INIT(0xFCA1477DUL, 0x58BE162BUL), HB_U64_INIT(0xCE31D07AUL, 0xD1B8F88FUL),
    HB_U64_INIT(0x28041695UL, 0x8F3ACB45UL), HB_U64_INIT(0x7E404BBBUL, 0xCAFBD7AFUL)
};

/* 8 bytes at a time (one load and one store on a 64-bit host, and the final
 * step's 64-bit loads of the buffer then forward from these stores), then
 * the tail byte by byte */
static void copy_words(uint8_t *dst, const uint8_t *src, size_t n)
{
    hb_u64 w;
    while (n >= 8) {
        HB_U64_LOAD_LE(w, src);
        HB_U64_STORE_LE(dst, w);
        dst += 8;
        src += 8;
        n -= 8;
    }
    while (n > 0) {
        *dst++ = *src++;
        n--;
    }
}

void hb_xxh3_64_update_fast(hb_xxh3_64_ctx *c, const uint8_t *data, size_t len)
{
    hb_xxh3_update(c, data, len, hb_xxh3_stripes_fast, copy_words);
}

void hb_xxh3_64_final_fast(hb_xxh3_64_ctx *c, uint8_t *digest)
{
    hb_xxh3_final64(c, digest, hb_xxh3_stripes_fast);
}

void hb_xxh3_128_update_fast(hb_xxh3_128_ctx *c, const uint8_t *data, size_t len)
{
    hb_xxh3_update(c, data, len, hb_xxh3_stripes_fast, copy_words);
}

void hb_xxh3_128_final_fast(hb_xxh3_128_ctx *c, uint8_t *digest)
{
    hb_xxh3_final128(c, digest, hb_xxh3_stripes_fast);
}
