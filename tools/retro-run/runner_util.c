/* The runner's small services (runner_util.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include "runner.h"
#include "runner_util.h"

double rr_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

double rr_elapsed(const rr_run *r)
{
    return rr_now() - r->started;
}

int rr_parse_ulong(const char *s, unsigned long *out)
{
    char *end;
    errno = 0;
    *out = strtoul(s, &end, 10);
    return s[0] >= '0' && s[0] <= '9' && *end == 0 && errno == 0 ? 0 : -1;
}

int rr_mkdirs(const char *path)
{
    char buf[512];
    size_t i;
    snprintf(buf, sizeof buf, "%s", path);
    for (i = 1; buf[i]; i++)
        if (buf[i] == '/') {
            buf[i] = 0;
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            buf[i] = '/';
        }
    return mkdir(buf, 0777) != 0 && errno != EEXIST ? -1 : 0;
}
