/* Unit tests of the record library's JSON (src/record/json.c): the one
 * string escaper every results record is written with (hashbench, the
 * console runners, sim65-record), its numbers, and the console record
 * writer going through them.  Each output is read back with a small JSON
 * string decoder written here, so an escape that JSON would read
 * differently fails as surely as a wrong byte. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "hashbench.h"
#include "record/console_record.h"
#include "record/json.h"
#include "unit.h"

/* what f-writing fn produced, as a NUL-terminated string (caller frees) */
static char *capture_string(const char *s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    hb_json_string(f, s);
    fclose(f);
    return text;
}

static char *capture_number(void (*fn)(FILE *, double), double v)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    fn(f, v);
    fclose(f);
    return text;
}

static int hexdigit(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Reads one JSON string (RFC 8259) from the whole of json into out: 0, or
 * -1 when it is not exactly one well-formed string.  Raw control
 * characters are refused, as JSON refuses them; \u escapes are taken only
 * below 0x80 (all the escaper may write). */
static int json_decode(const char *json, char *out, size_t max)
{
    size_t n = 0;
    const char *p = json;
    if (*p++ != '"')
        return -1;
    while (*p != '"') {
        unsigned char c = (unsigned char)*p++;
        if (c == 0 || c < 0x20 || n + 1 >= max)
            return -1;
        if (c == '\\') {
            char e = *p++;
            if (e == '"' || e == '\\' || e == '/')
                c = (unsigned char)e;
            else if (e == 'n')
                c = '\n';
            else if (e == 't')
                c = '\t';
            else if (e == 'r')
                c = '\r';
            else if (e == 'b')
                c = '\b';
            else if (e == 'f')
                c = '\f';
            else if (e == 'u') {
                int d[4], i;
                for (i = 0; i < 4; i++)
                    if ((d[i] = hexdigit(p[i])) < 0)
                        return -1;
                if (d[0] || d[1] || d[2] >= 8)
                    return -1;
                c = (unsigned char)(d[2] << 4 | d[3]);
                p += 4;
            } else
                return -1;
        }
        out[n++] = (char)c;
    }
    out[n] = 0;
    return p[1] == 0 ? 0 : -1;
}

/* s escaped, then read back: the same bytes, and the escaped text is `want` (when given) */
static void round_trip(const char *s, const char *want, const char *what)
{
    char back[1024];
    char *text = capture_string(s);
    int ok = text && json_decode(text, back, sizeof back) == 0 && strcmp(back, s) == 0;
    if (ok && want)
        ok = strcmp(text, want) == 0;
    if (!ok)
        printf("     wrote %s\n", text ? text : "(nothing)");
    check(ok, what);
    free(text);
}

static void number_is(void (*fn)(FILE *, double), double v, const char *want, const char *what)
{
    char *text = capture_number(fn, v);
    int ok = text && strcmp(text, want) == 0;
    if (!ok)
        printf("     wrote %s, want %s\n", text ? text : "(nothing)", want);
    check(ok, what);
    free(text);
}

/* the console record of an empty run whose emulator name needs escaping */
static void console_record_escapes(void)
{
    static const char emulator[] = "emu \"7\" \\ \x01\n caf\xc3\xa9";
    rr_block b;
    rr_run_info info;
    const rr_platform *pf = rr_platform_find("gba");
    char *text = NULL, *field, back[256];
    size_t len = 0;
    FILE *f;
    memset(&b, 0, sizeof b);
    b.n_algos = hb_algo_count();
    b.n_sizes = 1;
    b.sizes[0] = 64;
    b.clock_hz = 16777216;
    b.cycles_per_tick = 1;
    b.n_builds = 1;
    rr_run_info_init(&info);
    info.emulator = emulator;
    f = open_memstream(&text, &len);
    if (!pf || !f) {
        check(0, "the console record writer: a record to look at");
        return;
    }
    rr_results_write(f, &b, pf, &info);
    fclose(f);
    check(strncmp(text, "{\n  \"schema\": \"hashbench-results\",\n  \"schema_version\": 1,\n", 55) == 0,
          "the console record opens with the schema's name and version");
    field = strstr(text, "\"emulator\": ");
    if (field) {
        char *end = field + 12;
        /* the string value: up to the first unescaped quote */
        for (end++; *end && *end != '"'; end++)
            if (*end == '\\')
                end++;
        if (*end)
            end[1] = 0;
    }
    check(field && json_decode(field + 12, back, sizeof back) == 0 && strcmp(back, emulator) == 0,
          "the console record writes its strings through the escaper (quote, backslash, controls, UTF-8)");
    free(text);
}

/* the build id beside every doc table: the ROM file's SHA-256, written as
 * context.console.build_sha256; a file that cannot be read leaves it out */
static void console_record_build_id(void)
{
    char path[] = "/tmp/hb-record-build-XXXXXX";
    rr_run_info info;
    rr_block b;
    const rr_platform *pf = rr_platform_find("gba");
    char *text = NULL;
    size_t len = 0;
    FILE *f;
    int fd = mkstemp(path);
    if (fd < 0 || write(fd, "abc", 3) != 3 || close(fd) != 0) {
        check(0, "the build id: a file to hash");
        return;
    }
    rr_run_info_init(&info);
    info.emulator = "test";
    check(rr_run_info_build_file(&info, path) == 0 &&
          strcmp(info.build_sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0,
          "the build id is the file's SHA-256 (FIPS 180-2's \"abc\")");
    memset(&b, 0, sizeof b);
    b.n_algos = hb_algo_count();
    b.n_sizes = 1;
    b.sizes[0] = 64;
    b.clock_hz = 16777216;
    b.cycles_per_tick = 1;
    b.n_builds = 1;
    f = open_memstream(&text, &len);
    if (pf && f) {
        rr_results_write(f, &b, pf, &info);
        fclose(f);
        check(strstr(text, "\"build_sha256\": \"ba7816bf8f01cfea") != NULL,
              "the record carries it as context.console.build_sha256");
        free(text);
    }
    unlink(path);
    check(rr_run_info_build_file(&info, path) == -1 && info.build_sha256[0] == 0,
          "a file that cannot be read: -1 and no build id");
}

int main(void)
{
    char all[256];
    unsigned i;

    round_trip("", "\"\"", "the empty string");
    round_trip("hashbench", "\"hashbench\"", "plain ASCII as it is");
    round_trip("say \"hi\"", "\"say \\\"hi\\\"\"", "a quote escaped");
    round_trip("C:\\tmp\\", "\"C:\\\\tmp\\\\\"", "a backslash escaped");
    round_trip("a\nb\tc\rd", "\"a\\u000ab\\u0009c\\u000dd\"", "newline, tab, carriage return as \\u00XX");
    round_trip("\x01\x1f", "\"\\u0001\\u001f\"", "the first and last control characters");
    round_trip("\x7f", "\"\x7f\"", "DEL (0x7f) as it is: JSON allows it raw");
    round_trip("caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80", "\"caf\xc3\xa9 \xe2\x86\x92 \xf0\x9f\x98\x80\"",
               "UTF-8 (2, 3 and 4 bytes) passes through unchanged");
    round_trip("/", "\"/\"", "a slash as it is");
    for (i = 1; i < 256; i++)
        all[i - 1] = (char)i;
    all[255] = 0;
    round_trip(all, NULL, "every byte 1..255 reads back the same");

    number_is(hb_json_number, 1.5, "1.5", "a figure: %.6g");
    number_is(hb_json_number, 1234567, "1.23457e+06", "a figure keeps 6 significant digits");
    number_is(hb_json_number, 0.0 / 0.0, "null", "NaN is null (JSON has no NaN)");
    number_is(hb_json_number, 1.0 / 0.0, "null", "infinity is null");
    number_is(hb_json_number, -1e301, "null", "beyond 1e300 is null");
    number_is(hb_json_count, 1234567, "1234567", "a count in full");
    number_is(hb_json_count, 0.25, "0.25", "a count that is not whole: %.6g");
    number_is(hb_json_count, 1e15, "1e+15", "a count from 1e15 on: %.6g");
    number_is(hb_json_count, 0.0 / 0.0, "null", "a count of NaN is null");

    console_record_escapes();
    console_record_build_id();
    return unit_summary();
}
