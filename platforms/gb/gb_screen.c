/* The background layer as a text screen (gb_screen.h).  Bank 1. */
#include "gb_screen.h"
#include "gb_hw.h"
#include "font5x7.h"
#include "gb_speed.h"

#define VRAM_TILES ((volatile uint8_t *)0x8000)
#define VRAM_MAP   ((volatile uint8_t *)0x9800)
#define LCDC_ON    0x91      /* LCD on, tiles at 0x8000, map at 0x9800, background on */

volatile uint8_t gb_frames;              /* counted by crt0.s's VBlank handler */

static uint8_t shadow[TEXT_ROWS][TEXT_COLS];
static uint8_t tile_of[96];              /* ASCII 32..127 -> tile (0: blank) */

void screen_wait_vblank(void)
{
    uint8_t f = gb_frames, ie = REG_IE;
    REG_IF &= (uint8_t)~INT_VBLANK;
    REG_IE = ie | INT_VBLANK;
    while (gb_frames == f)
        __asm__("halt");
    REG_IE = ie;
}

static void lcd_off(void)
{
    /* only in VBlank: switching the LCD off mid-frame can harm a real DMG */
    while (REG_LY < 144)
        ;
    REG_LCDC = 0;
}

void screen_init(void)
{
    unsigned i, y, x;
    lcd_off();
    for (i = 0; font5x7_chars[i]; i++) {
        const char *g = font5x7_glyphs[i];
        volatile uint8_t *t = VRAM_TILES + 16 * i;
        for (y = 0; y < 8; y++) {
            uint8_t bits = 0;
            if (y < FONT_H)
                for (x = 0; x < FONT_W; x++)
                    if (g[y * FONT_W + x] == '#')
                        bits |= (uint8_t)(0x80 >> x);
            t[2 * y] = bits;         /* both bit planes: colour 3 */
            t[2 * y + 1] = bits;
        }
        if ((unsigned char)font5x7_chars[i] >= 32 && (unsigned char)font5x7_chars[i] < 128)
            tile_of[(unsigned char)font5x7_chars[i] - 32] = (uint8_t)i;
    }
    for (i = 0; i < 32u * 32u; i++)
        VRAM_MAP[i] = 0;             /* tile 0 is the space */
    REG_BGP = 0xE4;
    if (gb_color) {
        /* Color mode ignores BGP: palette 0 gets the same four greys, and
         * the map's attributes (VRAM bank 1) all say palette 0, bank 0 */
        static const uint8_t greys[8] = { 0xFF, 0x7F, 0xB5, 0x56, 0x4A, 0x29, 0x00, 0x00 };
        REG_BCPS = 0x80;
        for (i = 0; i < 8; i++)
            REG_BCPD = greys[i];
        REG_VBK = 1;
        for (i = 0; i < 32u * 32u; i++)
            VRAM_MAP[i] = 0;
        REG_VBK = 0;
    }
    REG_SCX = 0;
    REG_SCY = 0;
    screen_clear();
    REG_LCDC = LCDC_ON;
}

void screen_clear(void)
{
    unsigned r, c;
    for (r = 0; r < TEXT_ROWS; r++)
        for (c = 0; c < TEXT_COLS; c++)
            shadow[r][c] = 0;
}

void screen_text(unsigned col, unsigned row, const char *s)
{
    if (row >= TEXT_ROWS)
        return;
    for (; *s && col < TEXT_COLS; s++, col++) {
        unsigned char ch = (unsigned char)*s;
        if (ch >= 'a' && ch <= 'z')
            ch = (unsigned char)(ch - 'a' + 'A');
        shadow[row][col] = ch >= 32 && ch < 128 ? tile_of[ch - 32] : 0;
    }
}

void screen_show(void)
{
    unsigned r, c;
    screen_wait_vblank();
    lcd_off();
    for (r = 0; r < TEXT_ROWS; r++)
        for (c = 0; c < TEXT_COLS; c++)
            VRAM_MAP[32 * r + c] = shadow[r][c];
    REG_LCDC = LCDC_ON;
}

void screen_show_row(unsigned row)
{
    unsigned c;
    volatile uint8_t *m = VRAM_MAP + 32 * row;
    screen_wait_vblank();
    for (c = 0; c < TEXT_COLS; c++)
        m[c] = shadow[row][c];
}
