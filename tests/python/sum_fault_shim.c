/* A fault injector for tests/python/test_sum_bad_input.py, loaded with
 * LD_PRELOAD into hashbench (no root needed): read(), pread() and mmap()
 * of one file misbehave once HB_SHIM_AFTER bytes of it have been read or
 * mapped.  pread() comes from several threads at once (BLAKE3's pool
 * reading its parts): the count and the change are taken under a lock.
 *
 *   HB_SHIM_FILE    the file (compared by device and inode)
 *   HB_SHIM_ACTION  eio     read() and pread() fail with EIO; mmap() maps an empty
 *                           file in its place, so touching it raises
 *                           SIGBUS as a disk error under a mapping does
 *                   shrink  the file is truncated to HB_SHIM_AFTER / 2
 *                   grow    4096 bytes are appended to the file
 *   HB_SHIM_AFTER   bytes (default 0: at the first read or mmap)
 *
 * Built by the test with the system compiler; not part of hashbench. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static ssize_t (*real_read)(int, void *, size_t);
static ssize_t (*real_pread)(int, void *, size_t, off_t);
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void *(*real_mmap)(void *, size_t, int, int, int, off_t);
static int ready, done;
static const char *path, *action;
static unsigned long long after, seen;
static struct stat target;

/* Looked up at every call until the target is found: under
 * AddressSanitizer the first read()s come from the sanitizer's own
 * start-up, when getenv() still finds nothing. */
static void setup(void)
{
    if (ready)
        return;
    if (!real_read) {
        real_read = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
        real_mmap = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
        real_pread = (ssize_t (*)(int, void *, size_t, off_t))dlsym(RTLD_NEXT, "pread");
    }
    path = getenv("HB_SHIM_FILE");
    action = getenv("HB_SHIM_ACTION");
    after = getenv("HB_SHIM_AFTER") ? strtoull(getenv("HB_SHIM_AFTER"), 0, 10) : 0;
    if (path && action && stat(path, &target) == 0)
        ready = 1;
    else
        path = 0;                   /* not yet: again at the next call */
}

static int is_target(int fd)
{
    struct stat st;
    return path && fd >= 0 && fstat(fd, &st) == 0 && st.st_dev == target.st_dev &&
           st.st_ino == target.st_ino;
}

/* shrink or grow the file, once */
static void change_file(void)
{
    if (done)
        return;
    done = 1;
    if (strcmp(action, "shrink") == 0) {
        if (truncate(path, (off_t)(after / 2)) != 0)
            _exit(97);
    } else if (strcmp(action, "grow") == 0) {
        static const char more[4096];
        int fd = open(path, O_WRONLY | O_APPEND);
        if (fd < 0 || write(fd, more, sizeof more) != (ssize_t)sizeof more)
            _exit(97);
        close(fd);
    }
}

ssize_t read(int fd, void *buf, size_t n)
{
    ssize_t got;
    setup();
    if (!is_target(fd))
        return real_read(fd, buf, n);
    if (strcmp(action, "eio") == 0 && seen >= after) {
        errno = EIO;
        return -1;
    }
    got = real_read(fd, buf, n);
    if (got > 0)
        seen += (unsigned long long)got;
    if (seen >= after && strcmp(action, "eio") != 0)
        change_file();
    return got;
}

ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
    ssize_t got;
    int fail;
    pthread_mutex_lock(&lock);
    setup();
    if (!is_target(fd)) {
        pthread_mutex_unlock(&lock);
        return real_pread(fd, buf, n, off);
    }
    fail = strcmp(action, "eio") == 0 && seen >= after;
    pthread_mutex_unlock(&lock);
    if (fail) {
        errno = EIO;
        return -1;
    }
    got = real_pread(fd, buf, n, off);
    pthread_mutex_lock(&lock);
    if (got > 0)
        seen += (unsigned long long)got;
    if (seen >= after && strcmp(action, "eio") != 0)
        change_file();
    pthread_mutex_unlock(&lock);
    return got;
}

ssize_t pread64(int fd, void *buf, size_t n, off_t off)
{
    return pread(fd, buf, n, off);
}

/* hashbench asks for 64-bit offsets everywhere (_FILE_OFFSET_BITS 64),
 * which glibc's headers turn into calls of mmap64: both are caught */
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
    void *p;
    setup();
    if (!is_target(fd))
        return real_mmap(addr, len, prot, flags, fd, off);
    if (strcmp(action, "eio") == 0 && seen + len > after) {
        /* an empty file mapped in the target's place: every page past its
         * end (all of them) raises SIGBUS when touched */
        char tmpl[] = "/tmp/hb-shim-XXXXXX";
        int empty = mkstemp(tmpl);
        if (empty < 0)
            _exit(97);
        unlink(tmpl);
        p = real_mmap(addr, len, prot, flags, empty, 0);
        close(empty);
        return p;
    }
    p = real_mmap(addr, len, prot, flags, fd, off);
    seen += len;
    if (p != MAP_FAILED && seen >= after && strcmp(action, "eio") != 0)
        change_file();
    return p;
}

void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
    return mmap(addr, len, prot, flags, fd, off);
}
