/* Text rows into the nametable in the vertical blank, with the picture on
 * (nes_vram.s): fill up to NES_VRAM_ROWS rows of nes_row_buf, set each
 * one's nametable address, then nes_vram_rows(n) copies them in the next
 * blank and restores the scroll. */
#ifndef NES_VRAM_H
#define NES_VRAM_H

#define NES_VRAM_ROWS 3         /* what one blank has time for (nes_vram.s) */

extern char nes_row_buf[NES_VRAM_ROWS * 32];
extern unsigned nes_row_addr[NES_VRAM_ROWS];
void __fastcall__ nes_vram_rows(unsigned char n);

#endif
