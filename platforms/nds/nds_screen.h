/* The two screens as 16-bit bitmaps, with text in our own 5x7 font
 * (platforms/common/font5x7.c): 42 columns by 24 rows of 6x8 cells each.
 *
 * Top screen: display engine A shows a VRAM bank directly; two banks (A and
 * B) take turns, so what is drawn appears whole at one vertical blank,
 * never half-drawn: the results pages (nds_pages.c) need that.  Bottom
 * screen: engine B's background 3 as a direct-colour bitmap in VRAM C. */
#ifndef NDS_SCREEN_H
#define NDS_SCREEN_H

#include <stdint.h>

#define SCREEN_W 256
#define SCREEN_H 192
#define CELL_W 6
#define CELL_H 8
#define TEXT_COLS (SCREEN_W / CELL_W)
#define TEXT_ROWS (SCREEN_H / CELL_H)

typedef volatile uint16_t *screen_fb;

/* bit 15 set: an opaque pixel on the bitmap background (ignored on top) */
#define RGB15(r, g, b) ((uint16_t)(0x8000u | (r) | ((g) << 5) | ((b) << 10)))
#define COLOR_BG     RGB15(2, 3, 8)
#define COLOR_TEXT   RGB15(31, 31, 31)
#define COLOR_TITLE  RGB15(31, 28, 6)
#define COLOR_HEAD   RGB15(10, 26, 31)
#define COLOR_KEYS   RGB15(12, 28, 12)
#define COLOR_DIM    RGB15(18, 18, 22)

void screen_init(void);
/* the top screen's hidden buffer: draw here, then screen_top_flip() */
screen_fb screen_top_back(void);
/* waits for the vertical blank and shows the hidden buffer from then on */
void screen_top_flip(void);
screen_fb screen_bottom(void);
void screen_fill(screen_fb fb, uint16_t color);
/* draws s at (col, row); characters outside the font show as blanks */
void screen_text(screen_fb fb, unsigned col, unsigned row, const char *s, uint16_t color);
void screen_wait_vblank(void);

#endif
