/* mmap windows (read_paths.h, hb_read_by_mmap): the path of a file the
 * page cache holds in large folios (read_file.c), or of --io mmap.  One
 * window mapped at a time, so memory stays bounded.
 *
 * A mapped file that shrinks under the mapping raises SIGBUS on the pages
 * past its new end, and so does a disk error under a mapping.  The
 * handler (on whichever thread touched the page: a threaded hash reads
 * the window on its pool's threads too) maps zero pages over the rest of
 * the window and notes the fault; the hash runs to the end of the window
 * on zeros and its result is thrown away: HB_READ_CHANGED when the size
 * moved, EIO otherwise. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "read/read_paths.h"

static long page_size;
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

/* 0 every window hashed (or one faulted: bus_fault), 1 a window could not
 * be mapped */
static int hash_windows(int fd, int64_t size, size_t window, hb_ctx *ctx, hb_progress *pr, hb_read_result *res)
{
    while ((int64_t)res->bytes < size) {
        int64_t left = size - (int64_t)res->bytes;
        size_t len = left < (int64_t)window ? (size_t)left : window;
        uint8_t *p = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, (off_t)res->bytes);
        if (p == MAP_FAILED)
            return 1;               /* no address space left (ulimit -v), or a file mmap refuses */
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
    return 0;
}

int hb_read_by_mmap(int fd, int64_t size, size_t window, hb_ctx *ctx, hb_progress *pr, hb_read_result *res)
{
    struct sigaction sa, old;
    int rc;

    if (!page_size)
        page_size = sysconf(_SC_PAGESIZE);
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sigbus;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    bus_fault = 0;
    if (sigaction(SIGBUS, &sa, &old) != 0)
        return 1;
    rc = hash_windows(fd, size, window, ctx, pr, res);
    sigaction(SIGBUS, &old, NULL);
    if (bus_fault) {
        res->err = EIO;             /* unless the size moved: the caller looks */
        return -1;
    }
    return rc;
}
