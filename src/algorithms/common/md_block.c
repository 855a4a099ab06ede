/* Block buffering and padding for the 64-byte-block hashes: see
 * hashbench/md_block.h. */
#include "hashbench/md_block.h"

void hb_md_block_init(hb_md_block *b)
{
    b->count_lo = 0;
    b->count_hi = 0;
    b->used = 0;
}

static void count_bytes(hb_md_block *b, size_t len)
{
    uint32_t add = (uint32_t)len;
    b->count_lo += add;
    if (b->count_lo < add)
        b->count_hi++;
    /* where size_t is wider than 32 bits, the rest of len goes to the high
     * word (divisions, not a shift by 32: size_t is 16 bits on cc65) */
    b->count_hi += (uint32_t)(len / 65536UL / 65536UL);
}

void hb_md_block_update(hb_md_block *b, uint32_t *state, const uint8_t *data,
                        size_t len, hb_block32_fn compress)
{
    size_t take, whole;

    if (len == 0)       /* data may be NULL then: no data + 0 below */
        return;
    count_bytes(b, len);
    if (b->used > 0) {
        take = HB_MD_BLOCK - b->used;
        if (take > len)
            take = len;
        for (whole = 0; whole < take; whole++)
            b->buf[b->used + whole] = data[whole];
        b->used = (uint8_t)(b->used + take);
        data += take;
        len -= take;
        if (b->used < HB_MD_BLOCK)
            return;
        compress(state, b->buf, 1);
        b->used = 0;
    }
    whole = len / HB_MD_BLOCK;
    if (whole > 0) {
        compress(state, data, whole);
        data += whole * HB_MD_BLOCK;
        len -= whole * HB_MD_BLOCK;
    }
    for (take = 0; take < len; take++)
        b->buf[take] = data[take];
    b->used = (uint8_t)len;
}

void hb_md_block_pad(hb_md_block *b, uint32_t *state, int big_endian,
                     hb_block32_fn compress)
{
    uint32_t bits_lo = b->count_lo << 3;
    uint32_t bits_hi = (b->count_hi << 3) | (b->count_lo >> 29);
    unsigned i = b->used;

    b->buf[i++] = 0x80;
    if (i > HB_MD_BLOCK - 8) {
        while (i < HB_MD_BLOCK)
            b->buf[i++] = 0;
        compress(state, b->buf, 1);
        i = 0;
    }
    while (i < HB_MD_BLOCK - 8)
        b->buf[i++] = 0;
    if (big_endian) {
        HB_STORE32_BE(b->buf + 56, bits_hi);
        HB_STORE32_BE(b->buf + 60, bits_lo);
    } else {
        HB_STORE32_LE(b->buf + 56, bits_lo);
        HB_STORE32_LE(b->buf + 60, bits_hi);
    }
    compress(state, b->buf, 1);
    b->used = 0;
}
