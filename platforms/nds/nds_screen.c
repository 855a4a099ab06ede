/* Bitmap screens and text (nds_screen.h). */
#include "nds_screen.h"
#include "nds_regs.h"
#include "font_cell16.h" /* platforms/common: the font every console draws, as 16-bit pixels */

/* the glyphs as bit rows (bit 4 = leftmost pixel), built once from the
 * readable strings of font5x7.c (font5x7_rows); index: character code */
static uint8_t glyph_bits[128][FONT_H];
/* the VRAM bank engine A shows now (0 = A, 1 = B) */
static unsigned top_shown;

void screen_init(void)
{
    font5x7_rows(glyph_bits);
    REG_POWCNT1 = POWCNT1_LCD | POWCNT1_2D_A | POWCNT1_2D_B | POWCNT1_A_TOP;
    REG_MASTER_BRIGHT_A = 0;
    REG_MASTER_BRIGHT_B = 0;
    /* A and B for the CPU (LCDC) so that engine A can show either; C as
     * engine B's background memory */
    REG_VRAMCNT_A = VRAM_ENABLE | VRAM_MST_LCDC;
    REG_VRAMCNT_B = VRAM_ENABLE | VRAM_MST_LCDC;
    REG_VRAMCNT_C = VRAM_ENABLE | VRAM_C_MST_SUB_BG;
    screen_fill(VRAM_A_LCDC, COLOR_BG);
    screen_fill(VRAM_B_LCDC, COLOR_BG);
    screen_fill(VRAM_SUB_BG, COLOR_BG);
    top_shown = 0;
    REG_DISPCNT_A = DISPCNT_MODE_VRAM | DISPCNT_VRAM_BANK(0);
    /* engine B: BG mode 5, background 3 a 256x256 direct-colour bitmap at
     * the start of its memory, drawn one to one */
    REG_BG3CNT_B = BGCNT_BITMAP_DIRECT | BGCNT_SIZE_256;
    REG_BG3PA_B = 0x100;
    REG_BG3PB_B = 0;
    REG_BG3PC_B = 0;
    REG_BG3PD_B = 0x100;
    REG_BG3X_B = 0;
    REG_BG3Y_B = 0;
    REG_DISPCNT_B = DISPCNT_MODE_GRAPHICS | DISPCNT_BG_MODE5 | DISPCNT_BG3_ON;
}

screen_fb screen_top_back(void)
{
    return top_shown ? VRAM_A_LCDC : VRAM_B_LCDC;
}

void screen_top_flip(void)
{
    screen_wait_vblank();
    top_shown ^= 1u;
    REG_DISPCNT_A = DISPCNT_MODE_VRAM | DISPCNT_VRAM_BANK(top_shown);
}

screen_fb screen_bottom(void)
{
    return VRAM_SUB_BG;
}

void screen_fill(screen_fb fb, uint16_t color)
{
    unsigned i;
    /* two pixels per store: VRAM takes 16- and 32-bit writes */
    volatile uint32_t *p = (volatile uint32_t *)fb;
    uint32_t two = ((uint32_t)color << 16) | color;
    for (i = 0; i < SCREEN_W * SCREEN_H / 2; i++)
        p[i] = two;
}

/* one 6x8 cell (platforms/common/font_cell16.h) */
#if CELL_W != FONT_CELL_W || CELL_H != FONT_CELL_H
#error "the text grid must use font_cell16.h's cell size"
#endif
static void draw_char(screen_fb fb, unsigned col, unsigned row, unsigned ch, uint16_t color)
{
    font_cell16(fb + row * CELL_H * SCREEN_W + col * CELL_W, SCREEN_W, glyph_bits[ch & 127u],
                color, COLOR_BG);
}

void screen_text(screen_fb fb, unsigned col, unsigned row, const char *s, uint16_t color)
{
    if (row >= TEXT_ROWS)
        return;
    for (; *s && col < TEXT_COLS; s++, col++)
        draw_char(fb, col, row, (unsigned char)*s, color);
}

void screen_wait_vblank(void)
{
    while (REG_VCOUNT >= SCREEN_H)    /* leave the current blank first */
        ;
    while (REG_VCOUNT < SCREEN_H)
        ;
}
