/* hashbench sum -c: checking the files a list names against the digests
 * it gives, as sha256sum -c does (the lines' formats: text/checklist.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include "text/checklist.h"
#include "cli/sum.h"
#include "cli/util.h"

typedef struct check_tally {
    unsigned long bad_format, mismatched, unreadable, good_lines, matched;
} check_tally;

/* "NAME: VERDICT", the name escaped as in the list when it has a newline
 * or carriage return, so that a crafted name cannot print a line of its
 * own ("x\nforged: OK").  A name with only backslashes is printed as it is,
 * as sha256sum -c does. */
static void print_verdict(const char *name, const char *verdict)
{
    int esc = hb_cl_breaks_line(name);
    if (esc)
        putchar('\\');
    hb_cl_print_name(stdout, name, esc);
    printf(": %s\n", verdict);
}

static void check_entry(sum_opts *o, const hb_cl_entry *e, check_tally *t)
{
    uint8_t got[HB_MAX_DIGEST];
    int rc = hb_sum_digest_file(o, e->name, got, o->ignore_missing);
    if (rc > 0)
        return;                     /* missing, and --ignore-missing */
    if (rc < 0) {
        t->unreadable++;
        if (!o->status)
            print_verdict(e->name, "FAILED open or read");
    } else if (memcmp(e->digest, got, o->algo->digest_size) != 0) {
        t->mismatched++;
        if (!o->status)
            print_verdict(e->name, "FAILED");
    } else {
        t->matched++;
        if (!o->quiet && !o->status)
            print_verdict(e->name, "OK");
    }
}

static void print_summary(const sum_opts *o, const char *listname, const check_tally *t)
{
    if (o->status)
        return;
    if (t->bad_format)
        fprintf(stderr, "hashbench: WARNING: %lu line%s improperly formatted\n", t->bad_format,
                t->bad_format == 1 ? " is" : "s are");
    if (t->unreadable)
        fprintf(stderr, "hashbench: WARNING: %lu listed file%s could not be read\n", t->unreadable,
                t->unreadable == 1 ? "" : "s");
    if (t->mismatched)
        fprintf(stderr, "hashbench: WARNING: %lu computed checksum%s did NOT match\n", t->mismatched,
                t->mismatched == 1 ? "" : "s");
    if (o->ignore_missing && !t->matched)
        hb_sum_name_error(listname, "no file was verified");
}

int hb_sum_check_list(sum_opts *o, const char *listname)
{
    int is_stdin = strcmp(listname, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(listname, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    unsigned long lineno = 0;
    int layout = HB_CL_LAYOUT_UNKNOWN, read_failed, err;
    check_tally t;
    if (!f) {
        hb_sum_name_error(listname, "%s", strerror(errno));
        return HB_EXIT_FAIL;
    }
    memset(&t, 0, sizeof t);
    while ((len = getline(&line, &cap, f)) != -1) {
        hb_cl_entry e;
        hb_cl_kind kind = hb_checklist_parse(line, (size_t)len, o->algo, &layout, &e);
        lineno++;
        if (kind == HB_CL_SKIP)
            continue;
        /* "-" in a list read from stdin would be the list itself */
        if (kind == HB_CL_MALFORMED || (is_stdin && strcmp(e.name, "-") == 0)) {
            t.bad_format++;
            if (o->warn)
                hb_sum_name_error(listname, "%lu: improperly formatted %s checksum line", lineno, o->algo->id);
            continue;
        }
        t.good_lines++;
        check_entry(o, &e, &t);
    }
    /* getline() also returns -1 on a read error: the list was not read to
     * its end, so the files after the error went unchecked */
    read_failed = ferror(f);
    err = errno;
    free(line);
    if (is_stdin)
        clearerr(stdin);
    else
        fclose(f);
    if (read_failed) {
        hb_sum_name_error(listname, "read error: %s", strerror(err ? err : EIO));
        return HB_EXIT_FAIL;
    }
    if (t.good_lines == 0) {
        hb_sum_name_error(listname, "no properly formatted %s checksum lines found", o->algo->id);
        return HB_EXIT_FAIL;
    }
    print_summary(o, listname, &t);
    if (t.mismatched || t.unreadable || (o->strict && t.bad_format) || (o->ignore_missing && !t.matched))
        return HB_EXIT_FAIL;
    return HB_EXIT_OK;
}

