/* The kernel's random sources (rng/rng_source.h): the character devices
 * /dev/urandom, /dev/random and /dev/hwrng read with read(2), the
 * getrandom(2) system call, and any file or device named with --device. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rng/rng_source.h"

/* The kernel's hw_random core names the driver behind /dev/hwrng here. */
#define HWRNG_CURRENT "/sys/class/misc/hw_random/rng_current"

static void hwrng_driver(char *out, size_t len)
{
    FILE *f = fopen(HWRNG_CURRENT, "r");
    out[0] = 0;
    if (!f)
        return;
    if (fgets(out, (int)len, f))
        out[strcspn(out, "\n")] = 0;
    fclose(f);
}

static int device_open(hb_rng_source *s, char *why, size_t why_len)
{
    struct stat st;
    int is_hwrng = strcmp(s->id, "hwrng") == 0;
    if (is_hwrng) {
        char driver[64];
        hwrng_driver(driver, sizeof driver);
        if (strcmp(driver, "none") == 0) {
            snprintf(why, why_len, "%s: the kernel has no hardware RNG driver selected (%s is none)", s->path,
                     HWRNG_CURRENT);
            return -1;
        }
        if (driver[0])
            snprintf(s->detail, sizeof s->detail, "driver %s", driver);
    }
    s->fd = open(s->path, O_RDONLY | O_CLOEXEC);
    if (s->fd < 0) {
        int e = errno;
        if (e == ENOENT && is_hwrng)
            snprintf(why, why_len, "%s: no such device (no hardware RNG driver loaded)", s->path);
        else if (e == EACCES || e == EPERM)
            snprintf(why, why_len, "%s: permission denied (usually readable by root only)", s->path);
        else
            snprintf(why, why_len, "%s: %s", s->path, strerror(e));
        return -1;
    }
    if (fstat(s->fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(why, why_len, "%s: is a directory", s->path);
        close(s->fd);
        s->fd = -1;
        return -1;
    }
    s->is_regular_file = fstat(s->fd, &st) == 0 && S_ISREG(st.st_mode);
    s->file_size = s->is_regular_file ? (unsigned long long)st.st_size : 0;
    if (s->is_regular_file && s->file_size == 0) {
        snprintf(why, why_len, "%s: the file is empty", s->path);
        close(s->fd);
        s->fd = -1;
        return -1;
    }
    return 0;
}

static int device_fill(hb_rng_source *s, uint8_t *buf, size_t n, size_t *got, char *why, size_t why_len)
{
    size_t done = 0;
    /* a regular file is read from its start every time: each sample sees the same bytes */
    if (s->is_regular_file && lseek(s->fd, 0, SEEK_SET) != 0) {
        snprintf(why, why_len, "%s: cannot seek: %s", s->path, strerror(errno));
        return -1;
    }
    while (done < n) {
        ssize_t r = read(s->fd, buf + done, n - done);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(why, why_len, "%s: read error after %zu bytes: %s", s->path, done, strerror(errno));
            return -1;
        }
        if (r == 0) {
            /* a file that shrank since it was opened, a device that ends */
            snprintf(why, why_len, "%s: end of file after %zu of %zu bytes", s->path, done, n);
            return -1;
        }
        done += (size_t)r;
    }
    *got = done;
    return 0;
}

static void device_close(hb_rng_source *s)
{
    if (s->fd >= 0)
        close(s->fd);
    s->fd = -1;
}

const hb_rng_source_ops hb_rng_device_ops = { device_open, device_fill, device_close };

static int getrandom_open(hb_rng_source *s, char *why, size_t why_len)
{
    uint8_t b;
    (void)s;
    /* GRND_NONBLOCK: a kernel without the call says ENOSYS; one not yet
     * seeded says EAGAIN, and the measurement would wait for it anyway */
    if (getrandom(&b, 1, GRND_NONBLOCK) < 0 && errno != EAGAIN) {
        snprintf(why, why_len, "getrandom(): %s", errno == ENOSYS ? "not in this kernel (Linux 3.17+)" : strerror(errno));
        return -1;
    }
    return 0;
}

static int getrandom_fill(hb_rng_source *s, uint8_t *buf, size_t n, size_t *got, char *why, size_t why_len)
{
    size_t done = 0;
    (void)s;
    while (done < n) {
        ssize_t r = getrandom(buf + done, n - done, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            snprintf(why, why_len, "getrandom() failed after %zu bytes: %s", done, r < 0 ? strerror(errno) : "no bytes");
            return -1;
        }
        done += (size_t)r;
    }
    *got = done;
    return 0;
}

static void nothing(hb_rng_source *s)
{
    (void)s;
}

const hb_rng_source_ops hb_rng_getrandom_ops = { getrandom_open, getrandom_fill, nothing };

void hb_rng_file_source(hb_rng_source *s, const char *path)
{
    memset(s, 0, sizeof *s);
    s->id = "file";
    s->label = path;
    s->kind = "file";
    s->ops = &hb_rng_device_ops;
    s->path = path;
    s->fd = -1;
}
