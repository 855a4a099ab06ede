/* The few C library functions the N64 image uses (n64_libc.c).  Debian's
 * mips64 glibc headers have no o32 soft-float variant, and a bare-metal
 * image links no C library, so this header stands in for <string.h>. */
#ifndef N64_STRING_H
#define N64_STRING_H
#include <stddef.h>
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
int strcmp(const char *a, const char *b);
size_t strlen(const char *s);
#endif
