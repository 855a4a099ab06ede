/* Feeding one file (or standard input) to a hash for hashbench sum: the
 * read path (read() into a fixed buffer, or mmap in fixed windows), the
 * checks that the bytes hashed are the file's, and the progress bar's
 * updates.  Memory stays bounded whatever the file's size: one buffer, or
 * one window mapped at a time.  docs/sum.md gives the measurements behind
 * the choice of path. */
#ifndef HB_CLI_SUM_READER_H
#define HB_CLI_SUM_READER_H

#include <stdint.h>
#include "cli/sum_progress.h"
#include "hashbench.h"

typedef enum hb_io_mode {
    HB_IO_AUTO = 0,     /* what measured faster for this size and kind of hash */
    HB_IO_READ,         /* read() into a buffer */
    HB_IO_MMAP,         /* mmap windows (regular files; others are read) */
    HB_IO_PREAD         /* threaded BLAKE3: each thread pread()s its own parts
                           (regular files; otherwise as HB_IO_READ) */
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

/* Which path and unit hb_sum_read would use for a regular file of `size`
 * bytes hashed by one thread or several, held by the page cache in large
 * folios or not (the table docs/sum.md explains). */
hb_io_path hb_sum_pick_path(hb_io_mode mode, int64_t size, int threaded, int large_folios, size_t *unit);

/* Hashes the file `name` ("-": standard input) into ctx, which the caller
 * has initialised and finalises only when the result is HB_READ_OK.
 * `threaded`: the hash splits large updates across threads (BLAKE3 mt),
 * which wants larger pieces.  The progress bar (may be NULL) is started
 * and ended here. */
void hb_sum_read(const char *name, hb_io_mode mode, int threaded, hb_ctx *ctx,
                 hb_progress *progress, hb_read_result *res);

const char *hb_io_path_name(hb_io_path path);

/* For tests only (fuzz/fuzz_large.c): every buffer, window, span and
 * threshold above divided by 2^shift (mapped ones stay at least a page),
 * so that their edges fall within small files; 0 restores hashbench's. */
void hb_sum_reader_shrink(unsigned shift);

#endif
