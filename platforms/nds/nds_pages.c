/* The results block as frame pages (nds_pages.h, nds_frame_layout.h). */
#include "hashbench.h"
#include "hbt_block.h"
#include "nds_frame_layout.h"
#include "nds_pages.h"
#include "nds_screen.h"

/* where the caption for people goes: below the page's 65 rows of pixels */
#define CAPTION_ROW 10

/* the caption numbers pages with one digit each */
typedef char nds_pages_at_most_9[(HBT_BLOCK_BYTES + HBF_PAGE_PAYLOAD - 1) / HBF_PAGE_PAYLOAD <= 9 ? 1 : -1];

static unsigned seq;
static uint8_t head[HBF_HEADER_BYTES];
static hb_ctx crc_ctx;

static void put16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* the page's bytes from pixel 0 on: the header, then the payload */
static void draw_page(screen_fb fb, const uint8_t *payload, unsigned len)
{
    unsigned i;
    for (i = 0; i < HBF_HEADER_BYTES; i++)
        fb[i] = HBF_PIXEL(head[i]);
    for (i = 0; i < len; i++)
        fb[HBF_HEADER_BYTES + i] = HBF_PIXEL(payload[i]);
}

void pages_show(void)
{
    const uint32_t total = (uint32_t)HBT_BLOCK_BYTES;
    unsigned pages = (unsigned)((total + HBF_PAGE_PAYLOAD - 1) / HBF_PAGE_PAYLOAD), p, f;
    /* the page checksum is hashbench's own CRC-32, as the runner computes it */
    const hb_algo *crc32 = hb_algo_find("crc32");
    char caption[TEXT_COLS + 1];
    seq++;
    for (p = 0; p < pages; p++) {
        uint32_t start = (uint32_t)p * HBF_PAGE_PAYLOAD;
        unsigned len = (unsigned)(total - start < HBF_PAGE_PAYLOAD ? total - start : HBF_PAGE_PAYLOAD);
        screen_fb fb = screen_top_back();
        unsigned i;
        for (i = 0; i < HBF_HEADER_BYTES; i++)
            head[i] = 0;
        head[HBF_OFF_MAGIC + 0] = HBF_MAGIC0;
        head[HBF_OFF_MAGIC + 1] = HBF_MAGIC1;
        head[HBF_OFF_MAGIC + 2] = HBF_MAGIC2;
        head[HBF_OFF_MAGIC + 3] = HBF_MAGIC3;
        head[HBF_OFF_VERSION] = HBF_VERSION;
        head[HBF_OFF_PAGE] = (uint8_t)p;
        head[HBF_OFF_PAGES] = (uint8_t)pages;
        head[HBF_OFF_SEQ] = (uint8_t)seq;
        put32(head + HBF_OFF_TOTAL, total);
        put32(head + HBF_OFF_START, start);
        put16(head + HBF_OFF_LEN, len);
        put16(head + HBF_OFF_STRIDE, SCREEN_W);
        put32(head + HBF_OFF_ADDRESS, (uint32_t)(uintptr_t)hbt_block);
        hb_init(&crc_ctx, hb_impl_at(crc32, hb_impl_count(crc32) - 1));
        hb_update(&crc_ctx, head, HBF_OFF_CRC);
        hb_update(&crc_ctx, hbt_block + start, len);
        hb_final(&crc_ctx, head + HBF_OFF_CRC);

        screen_fill(fb, RGB15(0, 0, 0));
        draw_page(fb, hbt_block + start, len);
        for (i = 0; i < TEXT_COLS; i++)
            caption[i] = ' ';
        caption[TEXT_COLS] = 0;
        /* "RESULTS PAGE p/n": for people wondering what the pattern is */
        {
            const char *t = "RESULTS FOR THE RUNNER  PAGE";
            for (i = 0; t[i]; i++)
                caption[i] = t[i];
            caption[i + 1] = (char)('1' + p);
            caption[i + 2] = '/';
            caption[i + 3] = (char)('0' + pages);
        }
        screen_text(fb, 0, CAPTION_ROW, caption, COLOR_DIM);
        screen_top_flip();
        for (f = 1; f < PAGE_HOLD_FRAMES; f++)
            screen_wait_vblank();
    }
}
