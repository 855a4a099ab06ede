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

/* 320x240, 16 bits per pixel, not interlaced, in the console's TV
 * standard: burst, vertical sync (half-lines a field), horizontal sync,
 * leap, horizontal and vertical picture limits, vertical burst; the
 * standard low-resolution values of each (published register values) */
static const struct vi_mode {
    uint32_t burst, v_sync, h_sync, leap, h_start, v_start, v_burst;
    uint32_t field_mhz;              /* fields a second x 1000 */
} vi_modes[3] = {
    /* PAL: 50 Hz */
    { 0x0404233Au, 0x271u, 0x00150C69u, 0x0C6F0C6Eu, 0x00800300u, 0x005F0239u, 0x0009026Bu, 50000u },
    /* NTSC: 60/1.001 Hz */
    { 0x03E52239u, 0x20Du, 0x00000C15u, 0x0C150C15u, 0x006C02ECu, 0x002501FFu, 0x000E0204u, 59940u },
    /* MPAL (Brazil): NTSC's field rate */
    { 0x04651E39u, 0x20Du, 0x00040C11u, 0x0C190C1Au, 0x006C02ECu, 0x002501FFu, 0x000E0204u, 59940u },
};
static const struct vi_mode *mode = &vi_modes[N64_TV_NTSC];

void screen_init(void)
{
    uint32_t tv = N64_TV_TYPE;
    font5x7_rows(glyph_bits);
    screen_clear();
    mode = &vi_modes[tv <= N64_TV_MPAL ? tv : N64_TV_NTSC];
    VI_STATUS = 0x0000320Eu;        /* 16-bit, gamma dither, anti-alias and resample */
    VI_ORIGIN = (uint32_t)(uintptr_t)screen_fb & 0x1FFFFFFFu;
    VI_WIDTH = SCREEN_W;
    VI_V_INTR = 2;
    VI_V_CURRENT = 0;
    VI_BURST = mode->burst;
    VI_V_SYNC = mode->v_sync;
    VI_H_SYNC = mode->h_sync;
    VI_LEAP = mode->leap;
    VI_H_START = mode->h_start;
    VI_V_START = mode->v_start;
    VI_V_BURST = mode->v_burst;
    VI_X_SCALE = 0x200;             /* 320 pixels over 640: 0.5 in 2.10 fixed point */
    VI_Y_SCALE = 0x400;             /* 240 lines over 240 */
}

uint32_t screen_field_mhz(void)
{
    return mode->field_mhz;
}

unsigned screen_tv_type(void)
{
    return (unsigned)(mode - vi_modes);
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
