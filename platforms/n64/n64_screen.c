/* The video interface and the text drawing (n64_screen.h).
 *
 * Pixels are written through the uncached alias of the framebuffer, so the
 * VI (which reads RDRAM directly) sees them without a cache write-back. */
#include "n64_screen.h"
#include "n64_regs.h"
#include "font5x7.h"   /* platforms/common: the font every console draws */

uint16_t screen_fb[SCREEN_W * SCREEN_H] __attribute__((aligned(64)));

/* the glyphs as bit rows (bit 4 = leftmost pixel), built once from the
 * readable strings of font5x7.c (font5x7_rows); index: character code */
static uint8_t glyph_bits[128][FONT_H];

static volatile uint16_t *fb_uncached(void)
{
    return (volatile uint16_t *)N64_UNCACHED(screen_fb);
}

void screen_init(void)
{
    font5x7_rows(glyph_bits);
    screen_clear();
    /* NTSC, 320x240, 16 bits per pixel, not interlaced: the timing values
     * of the console's standard low-resolution mode */
    VI_STATUS = 0x0000320Eu;        /* 16-bit, gamma dither, anti-alias and resample */
    VI_ORIGIN = (uint32_t)(uintptr_t)screen_fb & 0x1FFFFFFFu;
    VI_WIDTH = SCREEN_W;
    VI_V_INTR = 2;
    VI_V_CURRENT = 0;
    VI_BURST = 0x03E52239u;
    VI_V_SYNC = 0x0000020Du;
    VI_H_SYNC = 0x00000C15u;
    VI_LEAP = 0x0C150C15u;
    VI_H_START = 0x006C02ECu;
    VI_V_START = 0x002501FFu;
    VI_V_BURST = 0x000E0204u;
    VI_X_SCALE = 0x200;             /* 320 pixels over 640: 0.5 in 2.10 fixed point */
    VI_Y_SCALE = 0x400;             /* 240 lines over 240 */
}

void screen_clear(void)
{
    volatile uint16_t *fb = fb_uncached();
    unsigned i;
    for (i = 0; i < SCREEN_W * SCREEN_H; i++)
        fb[i] = COLOR_BG;
}

static void draw_char(unsigned col, unsigned row, unsigned ch, uint16_t color)
{
    volatile uint16_t *line = fb_uncached() + row * CELL_H * SCREEN_W + col * CELL_W;
    const uint8_t *g = glyph_bits[ch & 127u];
    unsigned x, y;
    for (y = 0; y < CELL_H; y++, line += SCREEN_W) {
        unsigned bits = y < FONT_H ? g[y] : 0;
        for (x = 0; x < CELL_W; x++)
            line[x] = (x < FONT_W && (bits & (0x10u >> x))) ? color : COLOR_BG;
    }
}

void screen_text(unsigned col, unsigned row, const char *s, uint16_t color)
{
    if (row >= TEXT_ROWS)
        return;
    for (; *s && col < TEXT_COLS; s++, col++)
        draw_char(col, row, (unsigned char)*s, color);
}

void screen_wait_vblank(void)
{
    /* VI_V_CURRENT counts half-lines; the picture ends at line 2 x 240 + start */
    while (VI_V_CURRENT >= 0x200)
        ;
    while (VI_V_CURRENT < 0x200)
        ;
}
