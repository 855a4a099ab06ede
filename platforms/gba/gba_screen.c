/* Mode 3 text drawing (gba_screen.h). */
#include "gba_screen.h"
#include "gba_regs.h"
#include "font_cell16.h" /* platforms/common: the font every console draws, as 16-bit pixels */

/* the glyphs as bit rows (bit 4 = leftmost pixel), built once from the
 * readable strings of font5x7.c (font5x7_rows); index: character code */
static uint8_t glyph_bits[128][FONT_H];

void screen_init(void)
{
    font5x7_rows(glyph_bits);
    REG_DISPCNT = DISPCNT_MODE3 | DISPCNT_BG2;
    screen_clear();
}

void screen_clear(void)
{
    unsigned i;
    /* two pixels per store: VRAM takes 16- and 32-bit writes */
    volatile uint32_t *p = (volatile uint32_t *)GBA_VRAM;
    uint32_t two = ((uint32_t)COLOR_BG << 16) | COLOR_BG;
    for (i = 0; i < SCREEN_W * SCREEN_H / 2; i++)
        p[i] = two;
}

void screen_clear_row(unsigned row)
{
    unsigned x, y;
    for (y = row * CELL_H; y < (row + 1) * CELL_H && y < SCREEN_H; y++)
        for (x = 0; x < SCREEN_W; x++)
            GBA_VRAM[y * SCREEN_W + x] = COLOR_BG;
}

/* one 6x8 cell (platforms/common/font_cell16.h) */
#if CELL_W != FONT_CELL_W || CELL_H != FONT_CELL_H
#error "the text grid must use font_cell16.h's cell size"
#endif
static void draw_char(unsigned col, unsigned row, unsigned ch, uint16_t color)
{
    font_cell16(GBA_VRAM + row * CELL_H * SCREEN_W + col * CELL_W, SCREEN_W,
                glyph_bits[ch & 127u], color, COLOR_BG);
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
    while (REG_VCOUNT >= SCREEN_H)    /* leave the current blank first */
        ;
    while (REG_VCOUNT < SCREEN_H)
        ;
}
