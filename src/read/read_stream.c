/* read() into a buffer (read_paths.h, hb_read_by_read): a regular file on
 * one thread (the copy lands in L2 and the hash reads it from there), a
 * small one for a threaded hash, and every pipe, FIFO or device. */
#include <errno.h>
#include <unistd.h>
#include "read/read_paths.h"

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

int hb_read_by_read(int fd, uint8_t *buf, size_t unit, hb_ctx *ctx, hb_progress *pr, hb_read_result *res)
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
