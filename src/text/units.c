/* Sizes, rates and counts as users type and read them (see units.h). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "text/units.h"

int hb_parse_size_within(const char *s, unsigned long long limit, size_t *out, char *err, size_t err_len)
{
    static const struct { const char *suffix; unsigned shift; } suffixes[] = {
        { "", 0 }, { "B", 0 }, { "K", 10 }, { "KB", 10 }, { "KiB", 10 }, { "M", 20 }, { "MB", 20 },
        { "MiB", 20 }, { "G", 30 }, { "GB", 30 }, { "GiB", 30 },
    };
    unsigned long long v;
    char *end;
    unsigned i;
    /* and half the address space: on a 32-bit size_t a size past it wrapped
     * (5G became 1 GiB, 4G+64 became 64 bytes) once the memory allowed it,
     * and one block of more than half of 4 GiB (3 GiB for a process on
     * 32-bit Linux) never maps there anyway */
    int address_bound = limit > SIZE_MAX / 2;
    if (address_bound)
        limit = SIZE_MAX / 2;
    while (isspace((unsigned char)*s))
        s++;
    if (*s == 0) {
        snprintf(err, err_len, "empty size");
        return -1;
    }
    if (*s == '-') {
        snprintf(err, err_len, "size '%s' is negative", s);
        return -1;
    }
    if (!isdigit((unsigned char)*s)) {
        snprintf(err, err_len, "size '%s' is not a number", s);
        return -1;
    }
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno == ERANGE) {
        snprintf(err, err_len, "size '%s' is too large", s);
        return -1;
    }
    for (i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
        if (strcasecmp(end, suffixes[i].suffix) == 0)
            break;
    if (i == sizeof suffixes / sizeof suffixes[0]) {
        snprintf(err, err_len, "size '%s' has an unknown suffix (use K, M or G)", s);
        return -1;
    }
    if (v == 0) {
        snprintf(err, err_len, "size '%s' is zero", s);
        return -1;
    }
    if (v > (limit >> suffixes[i].shift)) {
        snprintf(err, err_len, "size '%s' is too large to allocate here (limit: half the %s, %llu MiB)", s,
                 address_bound ? "address space of this 32-bit build" : "memory", limit >> 20);
        return -1;
    }
    *out = (size_t)(v << suffixes[i].shift);
    return 0;
}

int hb_parse_size(const char *s, size_t *out, char *err, size_t err_len)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    unsigned long long limit = pages > 0 && page > 0 ? (unsigned long long)pages * (unsigned long long)page / 2
                                                      : (1ULL << 32);
    return hb_parse_size_within(s, limit, out, err, err_len);
}

int hb_parse_size_list(const char *spec, size_t *sizes, unsigned max, unsigned *n, char *err, size_t err_len)
{
    const char *p = spec;
    *n = 0;
    if (!*p) {
        snprintf(err, err_len, "empty list");
        return -1;
    }
    while (*p) {
        char item[64];
        size_t len = strcspn(p, ",");
        unsigned k;
        if (len == 0 || len >= sizeof item) {
            snprintf(err, err_len, "empty or overlong item in the list");
            return -1;
        }
        memcpy(item, p, len);
        item[len] = 0;
        p += len + (p[len] == ',');
        if (*n >= max) {
            snprintf(err, err_len, "more than %u sizes", max);
            return -1;
        }
        if (hb_parse_size(item, &sizes[*n], err, err_len) != 0)
            return -1;
        for (k = 0; k < *n && sizes[k] != sizes[*n]; k++)
            ;
        if (k == *n)
            (*n)++;
    }
    return 0;
}

void hb_format_size(size_t size, char *out, size_t out_len)
{
    if (size >= (1u << 30) && size % (1u << 30) == 0)
        snprintf(out, out_len, "%zu GiB", size >> 30);
    else if (size >= (1u << 20) && size % (1u << 20) == 0)
        snprintf(out, out_len, "%zu MiB", size >> 20);
    else if (size >= 8192 && size % 1024 == 0)
        snprintf(out, out_len, "%zu KiB", size >> 10);
    else
        snprintf(out, out_len, "%zu B", size);
}

void hb_format_rate(double r, char *out, size_t out_len)
{
    static const char *const units[] = { "B/s", "kB/s", "MB/s", "GB/s", "TB/s" };
    unsigned u = 0;
    while (r >= 1000 && u < 4) {
        r /= 1000;
        u++;
    }
    if (r >= 100 || u == 0)
        snprintf(out, out_len, "%.0f %s", r, units[u]);
    else if (r >= 10)
        snprintf(out, out_len, "%.1f %s", r, units[u]);
    else
        snprintf(out, out_len, "%.2f %s", r, units[u]);
}

int hb_parse_ms(const char *s, double *out, char *err, size_t err_len)
{
    char *end;
    double v;
    errno = 0;
    v = strtod(s, &end);
    if (end == s || *end != 0 || errno == ERANGE || !isfinite(v)) {
        snprintf(err, err_len, "'%s' is not a number of milliseconds", s);
        return -1;
    }
    if (v <= 0) {
        snprintf(err, err_len, "'%s' is not positive", s);
        return -1;
    }
    if (v > 3600e3) {
        snprintf(err, err_len, "'%s' ms is more than an hour per measurement", s);
        return -1;
    }
    *out = v;
    return 0;
}

int hb_parse_uint(const char *s, unsigned long min, unsigned long max, unsigned long *out,
                  char *err, size_t err_len)
{
    char *end;
    unsigned long v;
    while (isspace((unsigned char)*s))
        s++;
    if (*s == '-' || !isdigit((unsigned char)*s)) {
        snprintf(err, err_len, "'%s' is not a whole number >= %lu", s, min);
        return -1;
    }
    errno = 0;
    v = strtoul(s, &end, 10);
    if (*end != 0 || errno == ERANGE) {
        snprintf(err, err_len, "'%s' is not a whole number", s);
        return -1;
    }
    if (v < min || v > max) {
        snprintf(err, err_len, "%lu is out of range (%lu to %lu)", v, min, max);
        return -1;
    }
    *out = v;
    return 0;
}
