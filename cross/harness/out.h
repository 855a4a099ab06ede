/* Buffered text output for the cross harness, without stdio (the
 * freestanding targets have none). */
#ifndef HB_CROSS_OUT_H
#define HB_CROSS_OUT_H

#include <stddef.h>
#include <stdint.h>

void hb_out_str(const char *s);
void hb_out_uint(unsigned long v);
void hb_out_hex(const uint8_t *p, size_t n);
void hb_out_flush(void);

#endif
