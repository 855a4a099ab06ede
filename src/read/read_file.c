/* One file into a hash: read(), pread() or mmap (read_file.h).
 *
 * Which path depends first on how the page cache holds the file
 * (docs/sum.md has the measurements; hb_read_pick_path).  From
 * MAP_PROBE_MIN bytes on, the probe (folio_probe.c) tells whether the file
 * sits in large folios, which map 2 MiB at a fault and unmap as cheaply:
 * the whole file is then hashed from mmap windows (read_mmap.c), on one
 * thread or many (XXH3 on 50 MB 0.69x the time of read(), BLAKE3 on
 * threads 0.86x pread's at 1 GiB).  Otherwise, and below that size:
 *   - one thread hashing: read() into a READ_UNIT buffer at every size
 *     (read_stream.c).  The copy lands in L2 and the hash reads it from
 *     there; hashing straight from mapped page-cache pages was as fast for
 *     the slow hashes (SHA-256, MD5) and slower for the fast ones (XXH3,
 *     CRC-32): the page faults cost about what the copy does, and the hash
 *     then reads from memory instead of cache;
 *   - a hash on several threads whose row reads for itself (update_read,
 *     impl_rows.h: BLAKE3 `mt`), from THREADED_SPLIT_MIN bytes: every
 *     thread pread()s the parts it hashes, in spans of SPAN bytes
 *     (read_pread.c).  Below that size, for pipes, and for a threaded
 *     hash without update_read: read() into a THREADED_UNIT buffer (the
 *     threads need pieces of megabytes to be worth waking).
 * --io read|mmap|pread forces one of them (a pipe, a FIFO or a device is
 * always read, and so is a file below THREADED_SPLIT_MIN under pread).
 * Memory stays bounded: one buffer, one window mapped at a time, or a
 * subtree's buffer per thread.
 *
 * A regular file is checked for changes: its size and modification time
 * when opened and after its last byte must agree, or the digest is of no
 * version of the file (HB_READ_CHANGED).  Bytes read against the size are
 * not compared on their own: /proc files say 0 bytes and sysfs files 4096
 * whatever they hold, and sha256sum hashes both. */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "read/read_paths.h"

/* one thread: a buffer that stays in L2 (512 KiB on Zen 3) */
#define READ_UNIT ((size_t)128 << 10)
/* several threads: pieces the pool splits into parts worth a wake-up */
#define THREADED_UNIT ((size_t)8 << 20)
#define WINDOW ((size_t)64 << 20)
#define SPAN ((size_t)64 << 20)
#define THREADED_SPLIT_MIN ((size_t)4 << 20)
/* the probe: files from 4 MiB (folio_probe.c maps their first 2 MiB) */
#define MAP_PROBE_MIN ((size_t)4 << 20)

/* Buffers the kernel copies into start on a page: a copy out of the page
 * cache into a buffer 16 bytes past a 32-byte boundary (where malloc puts
 * a large one) ran at a third of the speed on Zen 3 (docs/sum.md) */
#define BUF_ALIGN 4096
static uint8_t read_buf[READ_UNIT] __attribute__((aligned(BUF_ALIGN)));

/* the sizes in force (hb_read_shrink) */
#define READ_UNIT_NOW hb_read_bytes_of(READ_UNIT)
#define THREADED_UNIT_NOW hb_read_bytes_of(THREADED_UNIT)
#define WINDOW_NOW hb_read_pages_of(WINDOW)
#define SPAN_NOW hb_read_bytes_of(SPAN)
#define THREADED_SPLIT_MIN_NOW ((int64_t)hb_read_bytes_of(THREADED_SPLIT_MIN))
#define MAP_PROBE_MIN_NOW ((int64_t)hb_read_pages_of(MAP_PROBE_MIN))

hb_io_path hb_read_pick_path(hb_io_mode mode, int64_t size, const hb_threads_iface *threads, int large_folios,
                             size_t *unit)
{
    if ((mode == HB_IO_MMAP && size > 0) || (mode == HB_IO_AUTO && large_folios && size >= MAP_PROBE_MIN_NOW)) {
        *unit = WINDOW_NOW;
        return HB_PATH_MMAP;
    }
    /* --io pread too only from THREADED_SPLIT_MIN: sysfs files say 4096
     * bytes whatever they hold, and a read that ends early is no error
     * there, while the threads' reads must each get every byte they ask */
    if (threads && threads->update_read && size >= THREADED_SPLIT_MIN_NOW &&
        (mode == HB_IO_PREAD || mode == HB_IO_AUTO)) {
        *unit = SPAN_NOW;
        return HB_PATH_PREAD;
    }
    *unit = threads ? THREADED_UNIT_NOW : READ_UNIT_NOW;
    return HB_PATH_READ;
}

const char *hb_io_path_name(hb_io_path path)
{
    switch (path) {
    case HB_PATH_MMAP: return "mmap";
    case HB_PATH_STREAM: return "read (stream)";
    case HB_PATH_PREAD: return "pread";
    default: return "read";
    }
}

/* The file open and its state noted: fd, or -1 with res's status and err
 * set (standard input is never closed here) */
static int open_input(const char *name, int is_stdin, struct stat *before, hb_read_result *res)
{
    int fd = is_stdin ? 0 : open(name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        res->err = errno;
        res->status = errno == ENOENT ? HB_READ_MISSING : HB_READ_FAILED;
        return -1;
    }
    if (fstat(fd, before) != 0) {
        res->err = errno;
        res->status = HB_READ_FAILED;
        if (!is_stdin)
            close(fd);
        return -1;
    }
    return fd;
}

/* res->path and res->unit for the input: a regular file's by its size (and
 * in auto mode the probe), a stream's read() */
static void choose_path(int fd, int is_stdin, hb_io_mode mode, const struct stat *before,
                        const hb_threads_iface *threads, hb_read_result *res)
{
    if (!S_ISREG(before->st_mode)) {
        res->path = HB_PATH_STREAM;
        res->unit = threads ? THREADED_UNIT_NOW : READ_UNIT_NOW;
        return;
    }
    res->size_at_open = before->st_size;
    /* the probe: auto mode, a file large enough (standard input may start
     * anywhere in the file: it is read from where it stands) */
    if (!is_stdin && mode == HB_IO_AUTO && before->st_size >= MAP_PROBE_MIN_NOW)
        res->large_folios = hb_read_probe_large_folios(fd) ? 1 : 0;
    else
        res->large_folios = -1;
    res->path = hb_read_pick_path(is_stdin ? HB_IO_READ : mode, before->st_size, threads, res->large_folios > 0,
                                  &res->unit);
#ifdef POSIX_FADV_SEQUENTIAL
    posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
}

/* read() from res->bytes on, into read_buf or a larger aligned buffer */
static int read_rest(int fd, hb_ctx *ctx, hb_progress *pr, hb_read_result *res)
{
    uint8_t *buf = read_buf;
    void *big;
    int rc;
    if (res->unit > READ_UNIT) {      /* more than read_buf holds */
        buf = posix_memalign(&big, BUF_ALIGN, res->unit) == 0 ? big : NULL;
        if (!buf) {
            buf = read_buf;
            res->unit = READ_UNIT_NOW;
        }
    }
    rc = hb_read_by_read(fd, buf, res->unit, ctx, pr, res);
    if (buf != read_buf)
        free(buf);
    return rc;
}

/* The chosen path, and read() where mmap was refused: 0 done, -1 failed */
static int run_path(int fd, int64_t size, const hb_threads_iface *threads, hb_ctx *ctx, hb_progress *pr,
                    hb_read_result *res)
{
    int rc = 1;
    if (res->path == HB_PATH_PREAD) {
        rc = hb_read_by_pread(fd, size, res->unit, threads, ctx, pr, res);
    } else if (res->path == HB_PATH_MMAP) {
        rc = hb_read_by_mmap(fd, size, res->unit, ctx, pr, res);
        if (rc > 0) {
            /* mapping refused: read the rest */
            res->path = HB_PATH_READ;
            hb_read_pick_path(HB_IO_READ, size, threads, 0, &res->unit);
            if (lseek(fd, (off_t)res->bytes, SEEK_SET) < 0) {
                res->err = errno;
                rc = -1;
            }
        }
    }
    return rc > 0 ? read_rest(fd, ctx, pr, res) : rc;
}

static int same_time(const struct stat *a, const struct stat *b)
{
    return a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

void hb_read_file(const char *name, hb_io_mode mode, hb_ctx *ctx, const hb_threads_iface *threads,
                  hb_progress *pr, hb_read_result *res)
{
    int is_stdin = strcmp(name, "-") == 0;
    int fd, rc, regular;
    struct stat before, after;
    double t0 = hb_progress_now();

    memset(res, 0, sizeof *res);
    res->size_at_open = res->size_after = -1;
    if ((fd = open_input(name, is_stdin, &before, res)) < 0)
        return;
    regular = S_ISREG(before.st_mode);
    choose_path(fd, is_stdin, mode, &before, threads, res);
    if (pr)
        hb_progress_begin(pr, name, regular && before.st_size > 0 ? (int64_t)before.st_size : -1);
    rc = run_path(fd, regular ? (int64_t)before.st_size : 0, threads, ctx, pr, res);
    res->seconds = hb_progress_now() - t0;
    if (pr)
        hb_progress_end(pr, res->bytes);
    /* a file that grew after the last read() returned 0, or by the bytes
     * the mapping did not reach, is caught by the size */
    if (regular && fstat(fd, &after) == 0) {
        res->size_after = after.st_size;
        if (after.st_size != before.st_size || !same_time(&before, &after))
            res->status = HB_READ_CHANGED;
    }
    if (res->status != HB_READ_CHANGED && rc < 0)
        res->status = HB_READ_FAILED;
    if (!is_stdin)
        close(fd);
}
