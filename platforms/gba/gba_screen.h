/* Text on the GBA's mode 3 bitmap (240x160, 15-bit colour): 40 columns by
 * 20 rows of 6x8 cells, drawn with our own 5x7 font. */
#ifndef GBA_SCREEN_H
#define GBA_SCREEN_H

#include <stdint.h>

#define SCREEN_W 240
#define SCREEN_H 160
#define CELL_W 6
#define CELL_H 8
#define TEXT_COLS (SCREEN_W / CELL_W)
#define TEXT_ROWS (SCREEN_H / CELL_H)

#define RGB15(r, g, b) ((uint16_t)((r) | ((g) << 5) | ((b) << 10)))
#define COLOR_BG     RGB15(2, 3, 8)
#define COLOR_TEXT   RGB15(31, 31, 31)
#define COLOR_TITLE  RGB15(31, 28, 6)
#define COLOR_HEAD   RGB15(10, 26, 31)
#define COLOR_KEYS   RGB15(12, 28, 12)
#define COLOR_DIM    RGB15(18, 18, 22)

void screen_init(void);
void screen_clear(void);
void screen_clear_row(unsigned row);
/* draws s at (col, row); characters outside the font show as blanks */
void screen_text(unsigned col, unsigned row, const char *s, uint16_t color);
void screen_wait_vblank(void);

#endif
