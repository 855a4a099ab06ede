/* hashbench sum's reader: one file into a hash, read(), pread() or mmap.
 *
 * Which path depends first on how the page cache holds the file
 * (docs/sum.md has the measurements; hb_sum_pick_path).  A file written or
 * read ahead in large pieces sits in large folios, which a mapping maps
 * 2 MiB at a fault and unmaps as cheaply: 50 MiB mapped, touched and
 * unmapped in 0.17 ms, against 4 ms in 4 KiB pages (one fault per 16
 * pages, then a page-by-page munmap).  From MAP_PROBE_MIN bytes on, the
 * first MAP_PROBE bytes are mapped and touched a page at a time, and the
 * faults counted (the kernel's count, not a clock): a few mean large
 * folios, and the whole file is then hashed from mmap windows, on one
 * thread or many (XXH3 on 50 MB 0.69x the time of read(), BLAKE3 on
 * threads 0.86x pread's at 1 GiB).  Otherwise, and below that size:
 *   - one thread hashing: read() into a READ_UNIT buffer at every size.
 *     The copy lands in L2 and the hash reads it from there; hashing
 *     straight from mapped page-cache pages was as fast for the slow
 *     hashes (SHA-256, MD5) and slower for the fast ones (XXH3, CRC-32):
 *     the page faults cost about what the copy does, and the hash then
 *     reads from memory instead of cache;
 *   - BLAKE3 on several threads, from THREADED_SPLIT_MIN bytes: every
 *     thread pread()s the parts it hashes into a buffer of its own
 *     (hb_blake3_update_mt_read), in spans of SPAN bytes (one progress
 *     step each), so that the copy out of the page cache is made on every
 *     CPU at once.  In small pages, mmap windows' page faults cost about
 *     what the copy does, and their munmap ran on one CPU with the others
 *     idle: 35 ms of a 1 GiB file's 235 (docs/sum.md).  Below that size,
 *     and for pipes, read() into a THREADED_UNIT buffer (the threads need
 *     pieces of megabytes to be worth waking).
 * --io read|mmap|pread forces one of them (a pipe, a FIFO or a device is
 * always read, and so is a file below THREADED_SPLIT_MIN under pread).
 * Memory stays bounded: one buffer, one window mapped at a time, or a
 * subtree's buffer per thread.
 *
 * A regular file is checked for changes: its size and modification time
 * when opened and after its last byte must agree, or the digest is of no
 * version of the file (HB_READ_CHANGED).  Bytes read against the size are
 * not compared on their own: /proc files say 0 bytes and sysfs files 4096
 * whatever they hold, and sha256sum hashes both.
 *
 * A mapped file that shrinks under the mapping raises SIGBUS on the pages
 * past its new end, and so does a disk error under a mapping.  The
 * handler (on whichever thread touched the page: BLAKE3's pool reads the
 * window too) maps zero pages over the rest of the window and notes the
 * fault; the hash runs to the end of the window on zeros and its result is
 * thrown away: HB_READ_CHANGED when the size moved, EIO otherwise. */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include "algorithms/blake3/blake3_mt.h"
#include "cli/sum_reader.h"

/* one thread: a buffer that stays in L2 (512 KiB on Zen 3) */
#define READ_UNIT ((size_t)128 << 10)
/* several threads: pieces the pool splits into parts worth a wake-up */
#define THREADED_UNIT ((size_t)8 << 20)
#define WINDOW ((size_t)64 << 20)
#define SPAN ((size_t)64 << 20)
#define THREADED_SPLIT_MIN ((int64_t)4 << 20)
/* the probe: files from 4 MiB, their first 2 MiB (one PMD's worth);
 * large folios take 1 or 2 faults there, 4 KiB pages 32 */
#define MAP_PROBE_MIN ((int64_t)4 << 20)
#define MAP_PROBE ((size_t)2 << 20)
#define MAP_PROBE_MAX_FAULTS 4

/* Buffers the kernel copies into start on a page: a copy out of the page
 * cache into a buffer 16 bytes past a 32-byte boundary (where malloc puts
 * a large one) ran at a third of the speed on Zen 3 (docs/sum.md) */
#define BUF_ALIGN 4096
static uint8_t read_buf[READ_UNIT] __attribute__((aligned(BUF_ALIGN)));

/* Every size above divided by 2^size_shift: 0 in hashbench; tests shrink
 * them (hb_sum_reader_shrink) so that a window's, a span's or a buffer's
 * edge falls within a small file.  Mapped sizes stay whole pages (a
 * window's offset must be one); the others at least one byte. */
static unsigned size_shift;

void hb_sum_reader_shrink(unsigned shift)
{
    size_shift = shift < 40 ? shift : 40;
}

static size_t pages_of(size_t size)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), n = size >> size_shift;
    return n > page ? n : page;             /* both powers of two: a multiple */
}

static size_t bytes_of(size_t size)
{
    size_t n = size >> size_shift;
    return n ? n : 1;
}

#define READ_UNIT_NOW bytes_of(READ_UNIT)
#define THREADED_UNIT_NOW bytes_of(THREADED_UNIT)
#define WINDOW_NOW pages_of(WINDOW)
#define SPAN_NOW bytes_of(SPAN)
#define THREADED_SPLIT_MIN_NOW ((int64_t)bytes_of((size_t)THREADED_SPLIT_MIN))
#define MAP_PROBE_MIN_NOW ((int64_t)pages_of((size_t)MAP_PROBE_MIN))
#define MAP_PROBE_NOW pages_of(MAP_PROBE)

hb_io_path hb_sum_pick_path(hb_io_mode mode, int64_t size, int threaded, int large_folios, size_t *unit)
{
    if ((mode == HB_IO_MMAP && size > 0) || (mode == HB_IO_AUTO && large_folios && size >= MAP_PROBE_MIN_NOW)) {
        *unit = WINDOW_NOW;
        return HB_PATH_MMAP;
    }
    /* --io pread too only from THREADED_SPLIT_MIN: sysfs files say 4096
     * bytes whatever they hold, and a read that ends early is no error
     * there, while the threads' reads must each get every byte they ask */
    if (threaded && size >= THREADED_SPLIT_MIN_NOW && (mode == HB_IO_PREAD || mode == HB_IO_AUTO)) {
        *unit = SPAN_NOW;
        return HB_PATH_PREAD;
    }
    *unit = threaded ? THREADED_UNIT_NOW : READ_UNIT_NOW;
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

static long page_size;

/* ---- how the page cache holds the file ---------------------------------- */

static long minor_and_major_faults(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) != 0)
        return -1;
    return ru.ru_minflt + ru.ru_majflt;
}

/* 1 when the file's first MAP_PROBE bytes map with a few faults (large
 * folios), 0 otherwise or when they cannot be mapped.  A file not in the
 * page cache is read ahead by the probe, as the first read() would. */
static int probe_large_folios(int fd)
{
    const volatile uint8_t *p;
    long before, after;
    size_t i;
    unsigned sum = 0;

    if (!page_size)
        page_size = sysconf(_SC_PAGESIZE);
    p = mmap(NULL, MAP_PROBE_NOW, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED)
        return 0;
    before = minor_and_major_faults();
    for (i = 0; i < MAP_PROBE_NOW; i += (size_t)page_size)
        sum += p[i];
    after = minor_and_major_faults();
    munmap((void *)(uintptr_t)p, MAP_PROBE_NOW);
    (void)sum;
    return before >= 0 && after >= 0 && after - before <= MAP_PROBE_MAX_FAULTS;
}

/* ---- SIGBUS under a mapping ------------------------------------------- */

static uint8_t *volatile bus_lo, *volatile bus_hi;   /* the window mapped now */
static volatile sig_atomic_t bus_fault;

static void on_sigbus(int sig, siginfo_t *si, void *uctx)
{
    uint8_t *addr = (uint8_t *)si->si_addr, *lo = bus_lo, *hi = bus_hi;
    (void)uctx;
    if (si->si_code == BUS_ADRERR && lo && addr >= lo && addr < hi) {
        uint8_t *page = lo + ((size_t)(addr - lo) & ~(size_t)(page_size - 1));
        /* zeros from here to the window's end: the access is retried and
         * the hash goes on, its digest already condemned */
        if (mmap(page, (size_t)(hi - page), PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            != MAP_FAILED) {
            bus_fault = 1;
            return;
        }
    }
    /* not ours: the default action, on the access retried, or at once for
     * a signal sent by kill() (blocked in here, it arrives on return) */
    signal(sig, SIG_DFL);
    if (si->si_code <= 0)
        raise(sig);
}

/* ---- the paths ---------------------------------------------------------- */

/* read() until buf is full or the input ends; returns the bytes read, or
 * -1 with errno set (bytes read before the error are lost with the file) */
static ssize_t fill(int fd, uint8_t *buf, size_t cap)
{
    size_t got = 0;
    while (got < cap) {
        ssize_t n = read(fd, buf + got, cap - got);
        if (n == 0)
            break;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        got += (size_t)n;
    }
    return (ssize_t)got;
}

static int read_path(int fd, uint8_t *buf, size_t unit, hb_ctx *ctx, hb_progress *pr,
                     hb_read_result *res)
{
    ssize_t n;
    while ((n = fill(fd, buf, unit)) > 0) {
        hb_update(ctx, buf, (size_t)n);
        res->bytes += (uint64_t)n;
        if (pr)
            hb_progress_update(pr, res->bytes);
        if ((size_t)n < unit)
            break;                  /* the end: no need for a read() that returns 0 */
    }
    if (n < 0) {
        res->err = errno;
        return -1;
    }
    return 0;
}

/* 0 done; -1 failed (res->err); 1 mmap refused before any byte of a window
 * was hashed: the caller reads from res->bytes on */
static int mmap_path(int fd, int64_t size, size_t window, hb_ctx *ctx, hb_progress *pr,
                     hb_read_result *res)
{
    struct sigaction sa, old;
    int rc = 0;

    if (!page_size)
        page_size = sysconf(_SC_PAGESIZE);
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigbus;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    bus_fault = 0;
    if (sigaction(SIGBUS, &sa, &old) != 0)
        return 1;
    while ((int64_t)res->bytes < size) {
        size_t len = size - (int64_t)res->bytes < (int64_t)window ? (size_t)(size - (int64_t)res->bytes)
                                                                   : window;
        uint8_t *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, (off_t)res->bytes);
        if (p == MAP_FAILED) {
            rc = 1;                 /* no address space left (ulimit -v), or a file mmap refuses */
            break;
        }
        madvise(p, len, MADV_SEQUENTIAL);
        bus_hi = p + ((len + (size_t)page_size - 1) & ~(size_t)(page_size - 1));
        bus_lo = p;
        hb_update(ctx, p, len);
        bus_lo = bus_hi = NULL;
        munmap(p, len);
        res->bytes += len;
        if (pr)
            hb_progress_update(pr, res->bytes);
        if (bus_fault)
            break;
    }
    sigaction(SIGBUS, &old, NULL);
    if (bus_fault) {
        res->err = EIO;             /* unless the size moved: the caller looks */
        return -1;
    }
    return rc;
}

/* ---- pread on every thread (BLAKE3's pool) -------------------------------- */

typedef struct span_src {
    int fd;
    int64_t base;                   /* the span's first byte in the file */
} span_src;

/* hb_blake3_mt_read_fn: exactly len bytes, or why not (a file that ends
 * early has changed: the caller's size check says so) */
static int pread_at(void *arg, uint8_t *buf, size_t len, uint64_t offset)
{
    const span_src *s = arg;
    size_t got = 0;
    while (got < len) {
        ssize_t n = pread(s->fd, buf + got, len - got, (off_t)(s->base + (int64_t)(offset + got)));
        if (n == 0)
            return ENODATA;
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        got += (size_t)n;
    }
    return 0;
}

static int pread_path(int fd, int64_t size, size_t span, hb_ctx *ctx, hb_progress *pr, hb_read_result *res)
{
    span_src src;
    int err;
    src.fd = fd;
    while ((int64_t)res->bytes < size) {
        uint64_t len = (uint64_t)(size - (int64_t)res->bytes) < span ? (uint64_t)(size - (int64_t)res->bytes)
                                                                      : span;
        src.base = (int64_t)res->bytes;
        if ((err = hb_blake3_update_mt_read((hb_blake3_ctx *)(void *)&ctx->u, len, pread_at, &src)) != 0) {
            res->err = err;
            return -1;
        }
        res->bytes += len;
        if (pr)
            hb_progress_update(pr, res->bytes);
    }
    return 0;
}

static int same_time(const struct stat *a, const struct stat *b)
{
    return a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

void hb_sum_read(const char *name, hb_io_mode mode, int threaded, hb_ctx *ctx,
                 hb_progress *pr, hb_read_result *res)
{
    int is_stdin = strcmp(name, "-") == 0;
    int fd, rc, regular;
    struct stat before, after;
    uint8_t *buf = read_buf;
    double t0 = hb_progress_now();

    memset(res, 0, sizeof *res);
    res->size_at_open = res->size_after = -1;
    fd = is_stdin ? 0 : open(name, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        res->err = errno;
        res->status = errno == ENOENT ? HB_READ_MISSING : HB_READ_FAILED;
        return;
    }
    if (fstat(fd, &before) != 0) {
        res->err = errno;
        res->status = HB_READ_FAILED;
        if (!is_stdin)
            close(fd);
        return;
    }
    regular = S_ISREG(before.st_mode);
    if (regular) {
        res->size_at_open = before.st_size;
        /* standard input may start anywhere in the file: read it */
        /* the probe: auto mode, a file large enough (standard input is
         * read from where it stands, whatever it holds) */
        if (!is_stdin && mode == HB_IO_AUTO && before.st_size >= MAP_PROBE_MIN_NOW)
            res->large_folios = probe_large_folios(fd) ? 1 : 0;
        else
            res->large_folios = -1;
        res->path = hb_sum_pick_path(is_stdin ? HB_IO_READ : mode, before.st_size, threaded, res->large_folios > 0,
                                     &res->unit);
#ifdef POSIX_FADV_SEQUENTIAL
        posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    } else {
        res->path = HB_PATH_STREAM;
        res->unit = threaded ? THREADED_UNIT_NOW : READ_UNIT_NOW;
    }
    if (pr)
        hb_progress_begin(pr, name, regular && before.st_size > 0 ? (int64_t)before.st_size : -1);

    rc = 1;
    if (res->path == HB_PATH_PREAD) {
        rc = pread_path(fd, before.st_size, res->unit, ctx, pr, res);
    } else if (res->path == HB_PATH_MMAP) {
        rc = mmap_path(fd, before.st_size, res->unit, ctx, pr, res);
        if (rc > 0) {
            /* mapping refused: read the rest */
            res->path = HB_PATH_READ;
            hb_sum_pick_path(HB_IO_READ, before.st_size, threaded, 0, &res->unit);
            if (lseek(fd, (off_t)res->bytes, SEEK_SET) < 0) {
                res->err = errno;
                rc = -1;
            }
        }
    }
    if (rc > 0) {
        void *big;
        if (res->unit > READ_UNIT) {      /* more than read_buf holds */
            buf = posix_memalign(&big, BUF_ALIGN, res->unit) == 0 ? big : NULL;
            if (!buf) {
                buf = read_buf;
                res->unit = READ_UNIT_NOW;
            }
        }
        rc = read_path(fd, buf, res->unit, ctx, pr, res);
        if (buf != read_buf)
            free(buf);
    }
    res->seconds = hb_progress_now() - t0;
    if (pr)
        hb_progress_end(pr, res->bytes);

    if (regular) {
        if (fstat(fd, &after) == 0) {
            res->size_after = after.st_size;
            if (after.st_size != before.st_size || !same_time(&before, &after))
                res->status = HB_READ_CHANGED;
        }
        /* a file that grew after the last read() returned 0, or by the
         * bytes the mapping did not reach, is caught by the size above */
    }
    if (res->status != HB_READ_CHANGED && rc < 0)
        res->status = HB_READ_FAILED;
    if (!is_stdin)
        close(fd);
}
