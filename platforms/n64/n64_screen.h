/* Text on a 320x240 16-bit (RGBA 5551) framebuffer shown by the video
 * interface: 53 columns by 30 rows of 6x8 cells in our own 5x7 font
 * (platforms/common/font5x7.c, shared by the consoles). */
#ifndef N64_SCREEN_H
#define N64_SCREEN_H

#include <stdint.h>

#define SCREEN_W 320
#define SCREEN_H 240
#define CELL_W 6
#define CELL_H 8
#define TEXT_COLS (SCREEN_W / CELL_W)
#define TEXT_ROWS (SCREEN_H / CELL_H)

#define RGBA16(r, g, b) ((uint16_t)(((r) << 11) | ((g) << 6) | ((b) << 1) | 1u))
#define COLOR_BG    RGBA16(2, 3, 8)
#define COLOR_TEXT  RGBA16(31, 31, 31)
#define COLOR_TITLE RGBA16(31, 28, 6)
#define COLOR_HEAD  RGBA16(10, 26, 31)
#define COLOR_DIM   RGBA16(18, 18, 22)
#define COLOR_KEYS  RGBA16(12, 28, 12)

/* the framebuffer as drawn (cached RDRAM address; the VI reads the same memory) */
extern uint16_t screen_fb[SCREEN_W * SCREEN_H];

/* the video interface in the console's TV standard (N64_TV_TYPE) */
void screen_init(void);
/* its field rate in mHz (59940 NTSC and MPAL, 50000 PAL); N64_TV_* */
uint32_t screen_field_mhz(void);
unsigned screen_tv_type(void);
void screen_clear(void);
/* draws s at (col, row); characters outside the font show as blanks */
void screen_text(unsigned col, unsigned row, const char *s, uint16_t color);
void screen_wait_vblank(void);

#endif
