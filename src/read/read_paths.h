/* The reader's parts, which read_file.c joins (internal to src/read/):
 * the sizes tests may shrink, the page-cache probe, and the three paths a
 * file takes into the hash.  Each path returns 0 when done; -1 when it
 * failed (res->err says why); the mmap path also 1 when mapping was refused
 * before any byte of a window was hashed: the caller reads from
 * res->bytes on.  Each adds what it hashed to res->bytes and tells the
 * progress bar (pr may be NULL). */
#ifndef HB_READ_READ_PATHS_H
#define HB_READ_READ_PATHS_H

#include <stdint.h>
#include "read/read_file.h"

/* read_sizes.c: a size divided by 2^shift (hb_read_shrink), at least one
 * byte, or for a mapped size at least one page (a window's offset must be
 * a whole page) */
size_t hb_read_bytes_of(size_t size);
size_t hb_read_pages_of(size_t size);

/* folio_probe.c: 1 when the page cache holds the start of the file in
 * large folios (a mapping faults a few times over its first bytes), 0
 * otherwise or when it cannot be mapped */
int hb_read_probe_large_folios(int fd);

/* read_stream.c: read() into buf, unit bytes at a time, to the end */
int hb_read_by_read(int fd, uint8_t *buf, size_t unit, hb_ctx *ctx, hb_progress *pr, hb_read_result *res);
/* read_mmap.c: mmap windows of `window` bytes from res->bytes to size */
int hb_read_by_mmap(int fd, int64_t size, size_t window, hb_ctx *ctx, hb_progress *pr, hb_read_result *res);
/* read_pread.c: spans of `span` bytes through threads->update_read, each
 * thread pread()ing its own parts */
int hb_read_by_pread(int fd, int64_t size, size_t span, const hb_threads_iface *threads, hb_ctx *ctx,
                     hb_progress *pr, hb_read_result *res);

#endif
