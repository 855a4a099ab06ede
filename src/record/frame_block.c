/* Collecting the results block from frame pages (frame_block.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"
#include "record/frame_block.h"
#include "nds_frame_layout.h"

static unsigned get16(const uint8_t *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8;
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* the byte a pixel carries: red's high nibble, green's high nibble */
static uint8_t pixel_byte(const uint8_t *px)
{
    return (uint8_t)((px[0] & 0xF0u) | (px[1] >> 4));
}

static void read_bytes(const uint8_t *rgb, size_t first_pixel, size_t n, uint8_t *out)
{
    size_t i;
    for (i = 0; i < n; i++)
        out[i] = pixel_byte(rgb + (first_pixel + i) * 3);
}

void rr_fb_init(rr_frame_block *fb)
{
    memset(fb, 0, sizeof *fb);
}

void rr_fb_free(rr_frame_block *fb)
{
    free(fb->block);
    free(fb->staging);
    fb->block = fb->staging = NULL;
}

__attribute__((format(printf, 2, 3))) static int reject(rr_frame_block *fb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(fb->error, sizeof fb->error, fmt, ap);
    va_end(ap);
    fb->pages_rejected++;
    return -1;
}

/* the CRC-32 a page carries: hashbench's own crc32 (the ROM uses the same
 * registry entry), over the header's first bytes and the payload */
static void page_crc(const uint8_t *head, const uint8_t *payload, size_t len, uint8_t out[4])
{
    const hb_algo *a = hb_algo_find("crc32");
    hb_ctx ctx;
    hb_init(&ctx, hb_impl_at(a, 0));
    hb_update(&ctx, head, HBF_OFF_CRC);
    hb_update(&ctx, payload, len);
    hb_final(&ctx, out);
}

/* every page of the showing in: do the pages tile the block? then publish */
static int complete(rr_frame_block *fb)
{
    uint32_t expect = 0;
    unsigned p;
    fb->collecting = 0;
    for (p = 0; p < fb->pages; p++) {
        if (fb->start[p] != expect)
            return reject(fb, "showing %u: page %u starts at byte %u, expected %u", fb->seq, p,
                          (unsigned)fb->start[p], (unsigned)expect);
        expect += fb->len[p];
    }
    if (expect != fb->total)
        return reject(fb, "showing %u: the pages hold %u bytes of a %u-byte block", fb->seq, (unsigned)expect,
                      (unsigned)fb->total);
    memcpy(fb->block, fb->staging, fb->total);
    fb->showings++;
    return 2;
}

/* one page whose magic starts at pixel `at`; *used: pixels it covers */
static int take_page(rr_frame_block *fb, const uint8_t *rgb, size_t at, size_t pixels, unsigned width,
                     size_t *used)
{
    uint8_t head[HBF_HEADER_BYTES], crc[4];
    unsigned page, pages, seq, len, stride;
    uint32_t total, start;
    uint8_t *payload;

    *used = HBF_HEADER_BYTES;
    if (at + HBF_HEADER_BYTES > pixels)
        return reject(fb, "a page header cut off by the frame's end");
    read_bytes(rgb, at, HBF_HEADER_BYTES, head);
    page = head[HBF_OFF_PAGE];
    pages = head[HBF_OFF_PAGES];
    seq = head[HBF_OFF_SEQ];
    total = get32(head + HBF_OFF_TOTAL);
    start = get32(head + HBF_OFF_START);
    len = get16(head + HBF_OFF_LEN);
    stride = get16(head + HBF_OFF_STRIDE);
    if (head[HBF_OFF_VERSION] != HBF_VERSION)
        return reject(fb, "page format %u, this runner reads %u", head[HBF_OFF_VERSION], HBF_VERSION);
    if (stride != width)
        return reject(fb, "page laid out %u pixels wide, the frame is %u (a scaled screen?)", stride, width);
    if (pages == 0 || page >= pages || total == 0 || total > RR_FB_MAX_TOTAL || len > total ||
        start > total - len)
        return reject(fb, "page %u of %u: bytes %u..%u of a %u-byte block do not make sense", page, pages,
                      (unsigned)start, (unsigned)(start + len), (unsigned)total);
    if (at + HBF_HEADER_BYTES + len > pixels)
        return reject(fb, "page %u of %u cut off by the frame's end", page + 1, pages);
    *used = HBF_HEADER_BYTES + len;
    if (fb->total && total != fb->total)
        return reject(fb, "the block was %u bytes, this page says %u", (unsigned)fb->total, (unsigned)total);
    if (!fb->total) {
        fb->block = calloc(1, total);
        fb->staging = calloc(1, total);
        if (!fb->block || !fb->staging) {
            rr_fb_free(fb);
            return reject(fb, "out of memory for a %u-byte block", (unsigned)total);
        }
        fb->total = total;
        fb->address = get32(head + HBF_OFF_ADDRESS);
    }
    /* the payload goes straight to its place in the staging copy, so it is
     * checked where it will be used */
    if (fb->collecting && seq == fb->seq && fb->have[page])
        return 1;           /* the same page again (it stays up for a few frames) */
    payload = malloc(len ? len : 1);
    if (!payload)
        return reject(fb, "out of memory");
    read_bytes(rgb, at + HBF_HEADER_BYTES, len, payload);
    page_crc(head, payload, len, crc);
    if (memcmp(crc, head + HBF_OFF_CRC, 4) != 0) {
        free(payload);
        return reject(fb, "page %u of %u (showing %u): CRC-32 %02x%02x%02x%02x, the page says %02x%02x%02x%02x",
                      page + 1, pages, seq, crc[0], crc[1], crc[2], crc[3], head[HBF_OFF_CRC],
                      head[HBF_OFF_CRC + 1], head[HBF_OFF_CRC + 2], head[HBF_OFF_CRC + 3]);
    }
    if (!fb->collecting || seq != fb->seq || pages != fb->pages) {
        /* a new showing: whatever was half collected is dropped */
        fb->collecting = 1;
        fb->seq = seq;
        fb->pages = pages;
        fb->n_have = 0;
        memset(fb->have, 0, sizeof fb->have);
    }
    memcpy(fb->staging + start, payload, len);
    free(payload);
    fb->have[page] = 1;
    fb->start[page] = start;
    fb->len[page] = len;
    fb->n_have++;
    fb->pages_accepted++;
    return fb->n_have == fb->pages ? complete(fb) : 1;
}

int rr_fb_feed(rr_frame_block *fb, const uint8_t *rgb, unsigned width, unsigned height)
{
    size_t pixels = (size_t)width * height, at, used;
    unsigned y;
    int result = 0;
    if (!rgb || width < 4)
        return 0;
    /* a page starts at the first pixel of a row: look for the magic there */
    for (y = 0; y < height; y++) {
        uint8_t m[4];
        int r;
        at = (size_t)y * width;
        read_bytes(rgb, at, 4, m);
        if (m[0] != HBF_MAGIC0 || m[1] != HBF_MAGIC1 || m[2] != HBF_MAGIC2 || m[3] != HBF_MAGIC3)
            continue;
        r = take_page(fb, rgb, at, pixels, width, &used);
        if (r < 0)
            result = -1;
        else if (result >= 0 && r > result)
            result = r;
        y += (unsigned)((used + width - 1) / width) - 1;   /* past the page */
    }
    return result;
}

unsigned rr_fb_region(const rr_frame_block *fb, rr_region *out, unsigned max)
{
    if (!fb->showings || max == 0)
        return 0;
    out->start = fb->address;
    out->len = fb->total;
    out->ptr = fb->block;
    snprintf(out->name, sizeof out->name, "frame");
    return 1;
}
