/* The table's font (font5x7.c): glyph i draws font5x7_chars[i]. */
#ifndef FONT5X7_H
#define FONT5X7_H
#define FONT_W 5
#define FONT_H 7
extern const char font5x7_chars[];
extern const char *const font5x7_glyphs[];
/* the glyphs as bit rows, bit 4 the leftmost pixel, indexed by character
 * code (lower-case letters as upper case); codes without a glyph are left
 * as they were (zero in a static table: blank) */
void font5x7_rows(unsigned char rows[128][FONT_H]);
#endif
