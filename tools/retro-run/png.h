/* Writes an 8-bit RGB PNG (zlib for the compressed stream and the CRCs). */
#ifndef RETRO_RUN_PNG_H
#define RETRO_RUN_PNG_H
#include <stdint.h>
/* 0 on success; on failure prints why and returns -1 */
int rr_png_write(const char *path, const uint8_t *rgb, unsigned width, unsigned height);
#endif
