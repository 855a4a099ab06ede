/* Fuzz target: the message-size parsers of the command line
 * (src/text/units.c): hb_parse_size ("64", "1K", "16MiB") and
 * hb_parse_size_list (bench -s "16,64,1K").
 *
 * The input, NUL-terminated, goes to both.  Checked beyond "no crash":
 *   - an accepted size is > 0, equals the decimal number strtoull reads
 *     times its suffix's power of 1024, and that product did not overflow
 *     (a value that does not fit must be refused, never wrapped);
 *   - the number part alone, if strtoull says ERANGE, is refused;
 *   - an accepted size formatted by hb_format_size ("64 KiB", its space
 *     dropped) parses back to the same size;
 *   - a refusal always says why (a non-empty message);
 *   - an accepted list holds 1..max distinct sizes, each one what
 *     hb_parse_size gives for its item. */
// fuzz-sources: src/text/units.c
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "text/units.h"

#define MAX_LIST 64

static void fail(const char *input, const char *what)
{
    fprintf(stderr, "fuzz_sizes: input \"%s\": %s\n", input, what);
    abort();
}

/* the power of 1024 a suffix stands for (the parser accepted it, so it is one of its table) */
static unsigned suffix_shift(const char *end)
{
    switch (toupper((unsigned char)*end)) {
    case 'K': return 10;
    case 'M': return 20;
    case 'G': return 30;
    default: return 0;    /* "" or "B" */
    }
}

static void check_one(const char *s)
{
    char err[160], text[64], compact[64];
    size_t got = 0, again = 0;
    const char *p = s;
    char *end;
    unsigned long long v;
    unsigned shift;
    size_t i, j;
    int rc;

    err[0] = 0;
    rc = hb_parse_size(s, &got, err, sizeof err);
    while (isspace((unsigned char)*p))
        p++;
    errno = 0;
    v = isdigit((unsigned char)*p) ? strtoull(p, &end, 10) : 0;
    if (rc != 0) {
        if (!err[0])
            fail(s, "refused without a reason");
        return;
    }
    if (!isdigit((unsigned char)*p))
        fail(s, "accepted a size that does not start with a digit");
    if (errno == ERANGE)
        fail(s, "accepted a number strtoull cannot hold");
    shift = suffix_shift(end);
    if (got == 0)
        fail(s, "accepted zero");
    if (v > (unsigned long long)(SIZE_MAX >> shift))
        fail(s, "accepted a size that overflows size_t");
    if (got != (size_t)(v << shift))
        fail(s, "the size is not the number times its suffix");
    /* round trip through the display form, without its space */
    hb_format_size(got, text, sizeof text);
    for (i = j = 0; text[i] && j + 1 < sizeof compact; i++)
        if (text[i] != ' ')
            compact[j++] = text[i];
    compact[j] = 0;
    if (hb_parse_size(compact, &again, err, sizeof err) != 0 || again != got)
        fail(s, "hb_format_size's text does not parse back to the same size");
}

static void check_list(const char *s)
{
    size_t sizes[MAX_LIST], one;
    char err[160], item[64];
    unsigned n = 0, k, m;
    const char *p = s;
    int rc;

    err[0] = 0;
    rc = hb_parse_size_list(s, sizes, MAX_LIST, &n, err, sizeof err);
    if (rc != 0) {
        if (!err[0])
            fail(s, "list refused without a reason");
        return;
    }
    if (n == 0 || n > MAX_LIST)
        fail(s, "accepted list with no sizes or too many");
    for (k = 0; k < n; k++)
        for (m = k + 1; m < n; m++)
            if (sizes[k] == sizes[m])
                fail(s, "a size kept twice");
    /* every item is one of the sizes, as hb_parse_size reads it alone */
    while (*p) {
        size_t len = strcspn(p, ",");
        if (len == 0 || len >= sizeof item)
            fail(s, "accepted an empty or overlong item");
        memcpy(item, p, len);
        item[len] = 0;
        p += len + (p[len] == ',');
        if (hb_parse_size(item, &one, err, sizeof err) != 0)
            fail(s, "accepted a list with an item hb_parse_size refuses");
        for (k = 0; k < n && sizes[k] != one; k++)
            ;
        if (k == n)
            fail(s, "an item's size is missing from the list");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        return 0;
    memcpy(s, data, size);
    s[size] = 0;
    check_one(s);
    check_list(s);
    free(s);
    return 0;
}
