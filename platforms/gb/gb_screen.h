/* Text on the Game Boy's background layer: 20 columns by 18 rows of 8x8
 * tiles, drawn with the project's own 5x7 font (platforms/common/font5x7.c)
 * turned into tiles at start-up: glyph pixel (x, y) at (x, y) of its tile,
 * black on white (BGP 0xE4). */
#ifndef GB_SCREEN_H
#define GB_SCREEN_H

#include <stdint.h>

#define TEXT_COLS 20
#define TEXT_ROWS 18

void screen_init(void);
/* writes s at (col, row) of the WRAM copy; lower case is drawn upper case,
 * characters the font lacks as blanks */
void screen_text(unsigned col, unsigned row, const char *s);
void screen_clear(void);
/* the whole copy to the screen (the LCD off for a moment, in VBlank) */
void screen_show(void);
/* one row to the screen during VBlank, the picture staying on */
void screen_show_row(unsigned row);
/* waits for the next VBlank interrupt */
void screen_wait_vblank(void);

#endif
