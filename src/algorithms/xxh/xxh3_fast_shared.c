/* The code xxh3_fast.c and xxh3_compact.c share, linked with whichever of
 * the two a build takes (docs/writing-an-algorithm.md, "Compact forms"):
 * the streaming (update, final) around the stripe accumulator each form
 * defines in its own way. */
#include "hashbench/xxh3.h"
#include "xxh3_fast_shared.h"

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
