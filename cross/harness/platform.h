/* What the cross harness needs from the system under it: a way to write
 * bytes to standard output, the start/stop marker (marker.h) and an exit.
 * platform_libc.c provides them through the C library (glibc targets),
 * cross/freestanding/platform_fs.c through raw system calls (the old cores
 * that glibc no longer runs on). */
#ifndef HB_CROSS_PLATFORM_H
#define HB_CROSS_PLATFORM_H

#include <stddef.h>

void hb_plat_write(const char *s, size_t n);
/* Must not be inlined: every marker has to cost the same instructions. */
void hb_plat_mark(unsigned what, unsigned record);

/* The harness proper, called by main() or by the freestanding start-up. */
int hb_harness_main(int argc, char **argv);

#endif
