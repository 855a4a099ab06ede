/* Unit tests of the size parser (text/units.c) at the edges of size_t: on a
 * 32-bit target a size past half the address space must be refused, never
 * wrapped (5G read as 1 GiB, 4G+64 as 64 bytes), whatever the memory says;
 * on a 64-bit one the same sizes are taken as typed.  Runs on the host
 * (make test) and, built with each 32-bit cross compiler, under QEMU
 * (cross/run_cross.py check_units_32). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "text/units.c"
#include "unit.h"

#define GIB (1ULL << 30)

/* parses s against the limit; 1 when it gives exactly want */
static int takes(const char *s, unsigned long long limit, unsigned long long want)
{
    size_t got = 0;
    char err[200];
    return hb_parse_size_within(s, limit, &got, err, sizeof err) == 0 && (unsigned long long)got == want;
}

/* 1 when s is refused with a reason that contains why */
static int refuses(const char *s, unsigned long long limit, const char *why)
{
    size_t got = 12345;
    char err[200] = "";
    int rc = hb_parse_size_within(s, limit, &got, err, sizeof err);
    if (rc == 0)
        printf("     '%s' taken as %llu\n", s, (unsigned long long)got);
    return rc != 0 && got == 12345 && strstr(err, why) != NULL;
}

int main(void)
{
    /* a machine with 128 GiB: the memory allows every size below */
    const unsigned long long big = 64 * GIB;
    size_t v = 0;
    char err[200];

    check(takes("64", big, 64) && takes("1K", big, 1024) && takes(" 16MiB", big, 16u << 20) &&
              takes("2047M", big, 2047ULL << 20),
          "sizes well inside either address space");
    check(refuses("0", big, "zero") && refuses("-1", big, "negative") && refuses("", big, "empty") &&
              refuses("1X", big, "suffix") && refuses("99999999999999999999", big, "too large"),
          "zero, negative, empty, unknown suffix, past 64 bits: refused");
    check(refuses("2M", 1u << 20, "half the memory"), "past half the memory: refused, the memory named");
    if (SIZE_MAX <= 0xFFFFFFFFu) {
        check(refuses("5G", big, "address space"), "32-bit: 5G refused (it wrapped to 1 GiB)");
        check(refuses("4294967360", big, "address space"), "32-bit: 4 GiB + 64 refused (it wrapped to 64)");
        check(refuses("3G", big, "address space") && refuses("2G", big, "address space"),
              "32-bit: 3G and 2G refused (past half the address space)");
        check(refuses("5G", 1ULL << 32, "address space"), "32-bit: refused with the default limit too");
    } else {
        check(takes("5G", big, 5 * GIB) && takes("4294967360", big, 4 * GIB + 64) && takes("3G", big, 3 * GIB),
              "64-bit: 5G, 4 GiB + 64 and 3G taken as typed");
    }
    check(hb_parse_size("1K", &v, err, sizeof err) == 0 && v == 1024, "hb_parse_size: this machine's limit");
    return unit_summary();
}
