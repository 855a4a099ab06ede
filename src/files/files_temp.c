/* Temporary folder, test files and the page cache (see files_temp.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>
#include "files/files_temp.h"

#define CHUNK (1u << 20)

int hb_tempdir_create(const char *parent, char *out, size_t out_len)
{
    struct stat st;
    if (stat(parent, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    if ((size_t)snprintf(out, out_len, "%s%shashbench-files.XXXXXX", parent,
                         parent[strlen(parent) - 1] == '/' ? "" : "/") >= out_len) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return mkdtemp(out) ? 0 : -1;
}

int hb_tempdir_remove(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    if (!d)
        return errno == ENOENT ? 0 : -1;
    /* only files of ours are in there: the folder is private (mode 0700) */
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            unlinkat(dirfd(d), e->d_name, 0);
    closedir(d);
    return rmdir(dir) == 0 || errno == ENOENT ? 0 : -1;
}

double hb_dir_free_bytes(const char *dir)
{
    struct statvfs v;
    if (statvfs(dir, &v) != 0)
        return -1;
    return (double)v.f_bavail * (double)v.f_frsize;
}

void hb_dir_fs_type(const char *dir, char *out, size_t out_len)
{
    static const struct { unsigned long magic; const char *name; } known[] = {
        { 0xEF53, "ext4" }, { 0x01021994, "tmpfs" }, { 0x858458f6, "ramfs" }, { 0x794c7630, "overlay" },
        { 0x58465342, "xfs" }, { 0x9123683E, "btrfs" }, { 0x6969, "nfs" }, { 0x65735546, "fuse" },
        { 0x2fc12fc1, "zfs" }, { 0xF2F52010, "f2fs" }, { 0x01161970, "gfs2" }, { 0xFF534D42, "cifs" },
    };
    struct statfs s;
    unsigned i;
    if (statfs(dir, &s) != 0) {
        snprintf(out, out_len, "unknown");
        return;
    }
    for (i = 0; i < sizeof known / sizeof known[0]; i++)
        if ((unsigned long)s.f_type == known[i].magic) {
            snprintf(out, out_len, "%s", known[i].name);
            return;
        }
    snprintf(out, out_len, "0x%lx", (unsigned long)s.f_type);
}

/* xorshift64*: bytes with no pattern a file system or disk could compress
 * or deduplicate, the same for a given size on every run */
static void fill(uint8_t *buf, size_t len, uint64_t *state)
{
    size_t i;
    for (i = 0; i < len; i += 8) {
        uint64_t x = *state, v;
        unsigned k;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        *state = x;
        v = x * 0x2545F4914F6CDD1DULL;
        for (k = 0; k < 8 && i + k < len; k++)
            buf[i + k] = (uint8_t)(v >> (8 * k));
    }
}

static int write_all(int fd, const uint8_t *p, size_t n, size_t *written)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0)
            return -1;              /* EINTR too: only our handlers interrupt, and they stop the run */
        if (w == 0) {
            errno = ENOSPC;
            return -1;
        }
        p += w;
        n -= (size_t)w;
        *written += (size_t)w;
    }
    return 0;
}

int hb_testfile_write(const char *path, size_t size, const hb_impl *const *impls, unsigned n,
                      uint8_t (*digests)[HB_MAX_DIGEST], volatile sig_atomic_t *stop, size_t *written)
{
    uint8_t *buf = malloc(CHUNK);
    hb_ctx *ctx = malloc((n ? n : 1) * sizeof *ctx);
    uint64_t state = 0x9E3779B97F4A7C15ULL ^ (uint64_t)size;
    size_t left = size;
    unsigned i;
    int fd = -1, err = 0;
    *written = 0;
    if (!buf || !ctx) {
        err = ENOMEM;
        goto out;
    }
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        err = errno;
        goto out;
    }
    for (i = 0; i < n; i++)
        hb_init(&ctx[i], impls[i]);
    while (left > 0) {
        size_t len = left < CHUNK ? left : CHUNK;
        if (*stop) {
            err = EINTR;
            goto out;
        }
        fill(buf, len, &state);
        if (write_all(fd, buf, len, written) != 0) {
            err = *stop ? EINTR : errno;
            goto out;
        }
        for (i = 0; i < n; i++)
            hb_update(&ctx[i], buf, len);
        left -= len;
    }
    /* delayed allocation can report a full disk only here */
    if (fdatasync(fd) != 0) {
        err = errno;
        goto out;
    }
    for (i = 0; i < n; i++)
        hb_final(&ctx[i], digests[i]);
out:
    if (fd >= 0 && close(fd) != 0 && !err)
        err = errno;
    free(buf);
    free(ctx);
    errno = err;
    return err ? -1 : 0;
}

static int count_resident(int fd, size_t size, size_t *resident, size_t *pages)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t n = (size + (size_t)page - 1) / (size_t)page, i;
    unsigned char *vec;
    void *map;
    int err = 0;
    *resident = 0;
    *pages = n;
    /* mapping a file does not read it: only mincore() looks at the pages */
    map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED)
        return -1;
    vec = malloc(n);
    if (!vec)
        err = ENOMEM;
    else if (mincore(map, size, vec) != 0)
        err = errno;
    else
        for (i = 0; i < n; i++)
            *resident += vec[i] & 1;
    free(vec);
    munmap(map, size);
    errno = err;
    return err ? -1 : 0;
}

static int with_file(const char *path, size_t size, int drop, size_t *resident, size_t *pages)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC), rc, err;
    if (fd < 0)
        return -1;
    rc = drop ? posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) : 0;
    if (rc != 0) {
        close(fd);
        errno = rc;
        return -1;
    }
    rc = count_resident(fd, size, resident, pages);
    err = errno;
    close(fd);
    errno = err;
    return rc;
}

int hb_cache_drop(const char *path, size_t size, size_t *resident, size_t *pages)
{
    return with_file(path, size, 1, resident, pages);
}

int hb_cache_resident(const char *path, size_t size, size_t *resident, size_t *pages)
{
    return with_file(path, size, 0, resident, pages);
}
