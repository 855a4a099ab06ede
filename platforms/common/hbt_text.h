/* Formatting a console's table rows: fixed-width fields written into a
 * line of characters that the console's screen code then draws.  Integer
 * arithmetic only (no floating point on any console here). */
#ifndef HBT_TEXT_H
#define HBT_TEXT_H

#include <stdint.h>

/* '0'-'9', 'A'-'F' */
char hbt_hexdigit(unsigned v);
/* line[0..cols) all spaces, line[cols] the terminator */
void hbt_blank(char *line, unsigned cols);
/* s from column col, lower case as upper case (the font has no lower
 * case), cut at cols */
void hbt_put_str(char *line, unsigned cols, unsigned col, const char *s);
/* n bytes as 2n hex digits */
void hbt_put_hex(char *out, const uint8_t *bytes, unsigned n);
/* the first bytes of a digest of digest_size bytes: as many as it has, at
 * most room (a one-byte CRC-8 shows "DD", not "DD00"); returns how many */
unsigned hbt_put_digest(char *out, const uint8_t *bytes, unsigned digest_size, unsigned room);
/* v right-aligned in width characters (width < 12); all '>' when it does
 * not fit: never a wrong figure */
void hbt_fmt_u32(char *out, uint32_t v, unsigned width);
/* v100 / 100 in width characters: 2 decimals below 10, 1 below 100 */
void hbt_fmt_fixed100(char *out, uint32_t v100, unsigned width);
/* v10 / 10 in width characters: one decimal below 10000 */
void hbt_fmt_fixed10(char *out, uint32_t v10, unsigned width);

#endif
