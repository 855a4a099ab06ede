/* The few lines every unit test program shares: record a check, print the
 * project's "N passed, N failed" line, exit non-zero on any failure. */
#ifndef HB_TESTS_UNIT_H
#define HB_TESTS_UNIT_H

#include <stdio.h>
#include <string.h>

static unsigned unit_passed, unit_failed;

static inline void check(int ok, const char *what)
{
    printf("%s %s\n", ok ? "ok  " : "FAIL", what);
    if (ok)
        unit_passed++;
    else
        unit_failed++;
}

/* Equal bytes (memcmp reads better at call sites as a predicate). */
static inline int same(const void *a, const void *b, size_t n)
{
    return memcmp(a, b, n) == 0;
}

static inline int unit_summary(void)
{
    printf("%u passed, %u failed\n", unit_passed, unit_failed);
    return unit_failed != 0;
}

#endif
