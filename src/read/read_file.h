/* Feeding one file (or standard input) to a hash, as hashbench sum does:
 * the read path (read() into a fixed buffer, mmap in fixed windows, or
 * pread() on every thread of a threaded hash), the checks that the bytes
 * hashed are the file's, and the progress bar's updates.  Memory stays
 * bounded whatever the file's size: one buffer, or one window mapped at a
 * time.  docs/sum.md gives the measurements behind the choice of path.
 * Host program only (POSIX files, mmap, signals). */
#ifndef HB_READ_READ_FILE_H
#define HB_READ_READ_FILE_H

#include <stdint.h>
#include "hashbench.h"
#include "impl_rows.h"
#include "read/progress.h"

typedef enum hb_io_mode {
    HB_IO_AUTO = 0,     /* what measured faster for this size and kind of hash */
    HB_IO_READ,         /* read() into a buffer */
    HB_IO_MMAP,         /* mmap windows (regular files; others are read) */
    HB_IO_PREAD         /* a threaded hash with update_read: each thread pread()s
                           its own parts (regular files; otherwise as HB_IO_READ) */
} hb_io_mode;

/* How a file was read, for --verbose */
typedef enum hb_io_path {
    HB_PATH_READ = 0,   /* read() of a regular file */
    HB_PATH_MMAP,       /* mmap windows */
    HB_PATH_STREAM,     /* read() of a pipe, FIFO, terminal or device: no size known */
    HB_PATH_PREAD       /* pread() on every thread, in spans of `unit` bytes */
} hb_io_path;

typedef enum hb_read_status {
    HB_READ_OK = 0,
    HB_READ_MISSING,    /* does not exist (err is ENOENT) */
    HB_READ_FAILED,     /* could not be opened or read: err says why */
    HB_READ_CHANGED     /* the file changed size (or was written) while it was read */
} hb_read_status;

typedef struct hb_read_result {
    hb_read_status status;
    int err;                    /* errno for HB_READ_MISSING / HB_READ_FAILED */
    hb_io_path path;
    size_t unit;                /* the buffer or window size used */
    uint64_t bytes;             /* bytes hashed */
    int64_t size_at_open;       /* st_size when opened; -1 for streams */
    int64_t size_after;         /* st_size after the last byte; -1 for streams */
    double seconds;             /* open to last byte */
    int large_folios;           /* the probe (auto, 4 MiB or more): 1 the page cache
                                   holds the file in large folios, 0 in pages; -1 not probed */
} hb_read_result;

/* Which path and unit hb_read_file would use for a regular file of `size`
 * bytes hashed by one thread (threads NULL) or several, held by the page
 * cache in large folios or not (the table docs/sum.md explains). */
hb_io_path hb_read_pick_path(hb_io_mode mode, int64_t size, const hb_threads_iface *threads, int large_folios,
                             size_t *unit);

/* Hashes the file `name` ("-": standard input) into ctx, which the caller
 * has initialised and finalises only when the result is HB_READ_OK.
 * threads: NULL when the hash runs on one thread; else its row's threads
 * interface (impl_rows.h) when it splits large updates across threads,
 * which want larger pieces, and whose update_read, where it has one,
 * reads a large file on every thread at once.  The progress bar (may be
 * NULL) is started and ended here. */
void hb_read_file(const char *name, hb_io_mode mode, hb_ctx *ctx, const hb_threads_iface *threads,
                  hb_progress *progress, hb_read_result *res);

const char *hb_io_path_name(hb_io_path path);

/* For tests only (fuzz/fuzz_large.c): every buffer, window, span and
 * threshold above divided by 2^shift (mapped ones stay at least a page),
 * so that their edges fall within small files; 0 restores hashbench's. */
void hb_read_shrink(unsigned shift);

#endif
