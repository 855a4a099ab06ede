/* The results block as pictures: the layout of a "frame page", the form in
 * which the DS ROM shows its results block on screen because DeSmuME's
 * libretro core exposes none of the console's memory.  Shared by the ROM's
 * encoder (platforms/nds/nds_pages.c) and the host's decoder
 * (src/record/frame_block.c), from include/ so that neither includes the
 * other's files.  Plain macros only.
 *
 * One byte per pixel.  The byte's high nibble h goes into the red channel
 * and the low nibble l into green, each as the 5-bit value 2n+1 (the middle
 * of its pair of levels), blue fixed at 16:
 *
 *     pixel (BGR555) = (2h+1) | (2l+1) << 5 | 16 << 10
 *
 * so a reader of an 8-bit RGB frame gets the byte back as
 * (red & 0xF0) | (green >> 4).  The page's bytes run left to right, row by
 * row, from the first pixel of a row; the row stride is the screen width
 * recorded in the page.  A page is a 32-byte header, then its payload: the
 * next stretch of the results block. */
#ifndef NDS_FRAME_LAYOUT_H
#define NDS_FRAME_LAYOUT_H

#define HBF_VERSION 1
#define HBF_MAGIC0 'H'
#define HBF_MAGIC1 'B'
#define HBF_MAGIC2 'F'
#define HBF_MAGIC3 'P'

#define HBF_OFF_MAGIC    0   /* 'H' 'B' 'F' 'P' */
#define HBF_OFF_VERSION  4
#define HBF_OFF_PAGE     5   /* this page's number, 0 .. pages-1 */
#define HBF_OFF_PAGES    6   /* pages in this showing of the block */
#define HBF_OFF_SEQ      7   /* which showing (low 8 bits): every page of one showing has the same */
#define HBF_OFF_TOTAL    8   /* u32: bytes of the whole results block */
#define HBF_OFF_START    12  /* u32: where this page's payload starts in the block */
#define HBF_OFF_LEN      16  /* u16: payload bytes in this page */
#define HBF_OFF_STRIDE   18  /* u16: pixels per row the page was laid out with */
#define HBF_OFF_ADDRESS  20  /* u32: the block's address in the console's memory */
#define HBF_OFF_CRC      24  /* 4 bytes: CRC-32 (big-endian, as hashbench's crc32 digest)
                                of header bytes 0..23 and the payload */
#define HBF_HEADER_BYTES 32  /* 28..31 zero */

/* payload bytes per page: 64 rows of a 256-pixel screen */
#define HBF_PAGE_PAYLOAD 16384

#define HBF_PIXEL(byte) ((uint16_t)((((byte) >> 4) * 2u + 1u) | (((byte) & 15u) * 2u + 1u) << 5 | 16u << 10))

#endif
