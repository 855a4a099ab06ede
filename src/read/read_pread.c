/* pread() on every thread of a threaded hash (read_paths.h,
 * hb_read_by_pread): the file goes to the row's update_read
 * (impl_rows.h, hb_threads_iface) a span at a time (one progress step
 * each), and every thread of the hash pread()s the parts it hashes into a
 * buffer of its own, so that the copy out of the page cache is made on
 * every CPU at once (docs/sum.md: in small pages, mmap windows' faults
 * cost about what the copy does, and their munmap ran on one CPU with the
 * others idle). */
#include <errno.h>
#include <unistd.h>
#include "read/read_paths.h"

typedef struct span_src {
    int fd;
    int64_t base;                   /* the span's first byte in the file */
} span_src;

/* the interface's read_at: exactly n bytes, or why not (a file that ends
 * early has changed: the caller's size check says so).  Called from every
 * thread at once: it only reads *src. */
static int pread_at(void *src, uint64_t off, void *buf, size_t n)
{
    const span_src *s = src;
    uint8_t *to = buf;
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(s->fd, to + got, n - got, (off_t)(s->base + (int64_t)(off + got)));
        if (r == 0)
            return ENODATA;
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        got += (size_t)r;
    }
    return 0;
}

int hb_read_by_pread(int fd, int64_t size, size_t span, const hb_threads_iface *threads, hb_ctx *ctx,
                     hb_progress *pr, hb_read_result *res)
{
    span_src src;
    int err;
    src.fd = fd;
    while ((int64_t)res->bytes < size) {
        uint64_t left = (uint64_t)(size - (int64_t)res->bytes), len = left < span ? left : span;
        src.base = (int64_t)res->bytes;
        if ((err = threads->update_read(&ctx->u, len, pread_at, &src)) != 0) {
            res->err = err;
            return -1;
        }
        res->bytes += len;
        if (pr)
            hb_progress_update(pr, res->bytes);
    }
    return 0;
}
