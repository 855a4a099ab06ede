/* Fuzz target: one line of a `hashbench sum -c` list (src/text/checklist.c,
 * hb_checklist_parse).
 *
 * The first byte picks the algorithm (modulo hb_algo_count()) and the
 * layout the list is already in (unknown, "HEX  NAME", "HEX NAME"); the
 * rest is the line.  Checked beyond "no crash":
 *   - a kind is one of the three; only an entry changes an unknown layout,
 *     and a known layout never changes;
 *   - an entry's name lies inside the input buffer, is not empty, holds no
 *     NUL, and strlen(name) == name_len <= the line's length;
 *   - parsing the same bytes again gives the same result;
 *   - the entry written back as a list line (hb_cl_format, plain and BSD
 *     tagged, escaped when needed) fits hb_cl_line_max, is one line (no raw
 *     newline), and parses back to the same digest and name. */
// fuzz-sources: src/text/checklist.c src/text/hex.c
// fuzz-options: -max_len=4096
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "text/checklist.h"

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_checkline: %s\n", what);
    abort();
}

/* A copy of the line with a writable byte after it, as getline gives. */
static char *copy_line(const uint8_t *data, size_t size)
{
    char *buf = malloc(size + 1);
    if (!buf)
        abort();
    memcpy(buf, data, size);
    buf[size] = 0;
    return buf;
}

static void check_entry(const hb_cl_entry *e, const char *buf, size_t size)
{
    if (!e->name)
        fail("entry without a name");
    if (e->name < buf || e->name + e->name_len > buf + size)
        fail("name outside the input");
    if (e->name_len == 0 || e->name_len > size)
        fail("empty or overlong name");
    if (strlen(e->name) != e->name_len)
        fail("name_len disagrees with the terminated name");
}

/* Writes the entry back, plain or tagged, and parses it again. */
static void round_trip(const hb_algo *algo, const hb_cl_entry *e, int tagged)
{
    size_t max = hb_cl_line_max(algo, e->name_len), len;
    char *line = malloc(max);
    hb_cl_entry again;
    int layout = HB_CL_LAYOUT_UNKNOWN;
    if (!line)
        abort();
    len = hb_cl_format(line, algo, e->digest, e->name, tagged);
    if (len + 1 > max || strlen(line) != len)
        fail("formatted line overran hb_cl_line_max");
    if (memchr(line, '\n', len) || memchr(line, '\r', len))
        fail("formatted line breaks the line");
    if (hb_checklist_parse(line, len, algo, &layout, &again) != HB_CL_ENTRY)
        fail("formatted line does not parse back");
    if (memcmp(again.digest, e->digest, algo->digest_size) != 0)
        fail("digest changed in the round trip");
    if (again.name_len != e->name_len || memcmp(again.name, e->name, e->name_len) != 0)
        fail("name changed in the round trip");
    if (again.tagged != tagged)
        fail("form changed in the round trip");
    free(line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const hb_algo *algo;
    hb_cl_entry e, e2;
    hb_cl_kind kind, kind2;
    char *buf, *buf2;
    int layout0, layout, layout2;
    if (size < 1)
        return 0;
    algo = hb_algo_at(data[0] % hb_algo_count());
    layout0 = (int)(data[0] / hb_algo_count() % 3) - 1;
    data++;
    size--;
    buf = copy_line(data, size);
    buf2 = copy_line(data, size);
    layout = layout2 = layout0;
    kind = hb_checklist_parse(buf, size, algo, &layout, &e);
    kind2 = hb_checklist_parse(buf2, size, algo, &layout2, &e2);
    if (kind != HB_CL_SKIP && kind != HB_CL_MALFORMED && kind != HB_CL_ENTRY)
        fail("unknown kind");
    if (kind != kind2 || layout != layout2)
        fail("the same line parsed two ways");
    if (layout < HB_CL_LAYOUT_UNKNOWN || layout > HB_CL_LAYOUT_REVERSED)
        fail("layout out of range");
    if (layout0 != HB_CL_LAYOUT_UNKNOWN && layout != layout0)
        fail("a known layout changed");
    if (kind == HB_CL_SKIP && layout != layout0)
        fail("a skipped line changed the layout");
    if (kind == HB_CL_ENTRY) {
        check_entry(&e, buf, size);
        if (e.name_len != e2.name_len || memcmp(e.name, e2.name, e.name_len) != 0 ||
            memcmp(e.digest, e2.digest, algo->digest_size) != 0 || e.tagged != e2.tagged)
            fail("the same line gave two entries");
        if (!e.tagged && layout == HB_CL_LAYOUT_UNKNOWN)
            fail("a plain entry left the layout unknown");
        round_trip(algo, &e, 0);
        round_trip(algo, &e, 1);
    }
    free(buf);
    free(buf2);
    return 0;
}
