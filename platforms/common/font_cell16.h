/* One text cell of the 5x7 font drawn into a bitmap of 16-bit pixels (the
 * GBA's mode 3 frame, the DS's LCDC banks).  A cell is 6x8 pixels: the
 * glyph, one blank column on its right and one blank row below.  Each
 * pixel row is three 32-bit stores of two pixels, so a cell must start at
 * an even pixel (and the bitmap at a 4-byte boundary). */
#ifndef FONT_CELL16_H
#define FONT_CELL16_H

#include <stdint.h>
#include "font5x7.h"

#define FONT_CELL_W 6
#define FONT_CELL_H 8

/* at: the cell's top-left pixel; stride: the bitmap's width in pixels;
 * rows: the glyph as font5x7_rows gives it (bit 4 the leftmost pixel) */
static inline void font_cell16(volatile uint16_t *at, unsigned stride,
                               const unsigned char rows[FONT_H], uint16_t fg, uint16_t bg)
{
    volatile uint32_t *line = (volatile uint32_t *)at;
    uint32_t px[4];
    unsigned y;
    px[0] = (uint32_t)bg | (uint32_t)bg << 16;   /* index: bit 0 left pixel, bit 1 right */
    px[1] = (uint32_t)fg | (uint32_t)bg << 16;
    px[2] = (uint32_t)bg | (uint32_t)fg << 16;
    px[3] = (uint32_t)fg | (uint32_t)fg << 16;
    for (y = 0; y < FONT_CELL_H; y++, line += stride / 2) {
        unsigned bits = y < FONT_H ? rows[y] : 0;
        line[0] = px[((bits >> 4) & 1u) | ((bits >> 2) & 2u)];
        line[1] = px[((bits >> 2) & 1u) | ((bits >> 0) & 2u)];
        line[2] = px[(bits & 1u)];
    }
}

#endif
