/* Hex digits in and out, for digests and vector files. */
#ifndef HB_TEXT_HEX_H
#define HB_TEXT_HEX_H

#include <stddef.h>
#include <stdint.h>

void hb_hex(const uint8_t *data, size_t len, char *out);   /* out: 2*len+1 chars */
/* Decodes 2*len hex digits (either case) at s into out[0..len).  Returns 0,
 * or -1 at the first character that is not a hex digit. */
int hb_unhex(const char *s, size_t len, uint8_t *out);

#endif
