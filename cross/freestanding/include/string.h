/* string.h for the freestanding builds (compiled with -nostdinc: no C
 * library headers at all, only gcc's own stddef.h/stdint.h).  The
 * functions are in libc_shim.c. */
#ifndef HB_FREESTANDING_STRING_H
#define HB_FREESTANDING_STRING_H

#include <stddef.h>

void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
int strcmp(const char *a, const char *b);
size_t strlen(const char *s);

#endif
