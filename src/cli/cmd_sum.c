/* hashbench sum: digests of files, and checking a list of them, in the
 * manner of sha256sum (coreutils 9): same line formats (cli/checklist.c),
 * same options, same exit statuses but for the deliberate differences the
 * README lists (a bad command line exits 2).  Files are read in fixed-size
 * chunks, so memory stays constant whatever their size. */
#include <errno.h>
#include <stdarg.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include "cli/checklist.h"
#include "cli/commands.h"
#include "cli/util.h"

#define CHUNK (64 * 1024)

typedef struct sum_opts {
    const hb_algo *algo;
    const hb_impl *impl;
    int quiet, status, strict, warn, ignore_missing;
} sum_opts;

/* "hashbench: NAME: MESSAGE" on stderr, NAME escaped as in the list when
 * it would break the line: a crafted name must not forge a message line
 * on stderr either (coreutils quotes such names). */
static void name_error(const char *name, const char *fmt, ...)
{
    va_list ap;
    int esc = hb_cl_breaks_line(name);
    fputs(esc ? "hashbench: \\" : "hashbench: ", stderr);
    hb_cl_print_name(stderr, name, esc);
    fputs(": ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* Hashes one file ("-" is stdin) into digest.  Returns 0; 1 when the file
 * does not exist and missing_ok (--ignore-missing: skipped silently); or
 * -1 after printing an error that names the file. */
static int digest_file(const sum_opts *o, const char *name, uint8_t *digest, int missing_ok)
{
    static uint8_t buf[CHUNK];
    FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "rb");
    hb_ctx ctx;
    size_t n;
    int failed, err;
    if (!f) {
        if (missing_ok && errno == ENOENT)
            return 1;
        name_error(name, "%s", strerror(errno));
        return -1;
    }
    hb_init(&ctx, o->impl);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        hb_update(&ctx, buf, n);
    failed = ferror(f);
    err = errno;
    if (f != stdin)
        fclose(f);
    else
        clearerr(stdin);
    if (failed) {
        name_error(name, "%s", strerror(err ? err : EIO));
        return -1;
    }
    hb_final(&ctx, digest);
    return 0;
}

/* A write error on standard output is reported once, by main(), when it
 * closes the stream: these functions only write. */
static int sum_files(const sum_opts *o, int nfiles, char **files)
{
    static char *stdin_only[] = { "-" };
    uint8_t digest[HB_MAX_DIGEST];
    char hex[2 * HB_MAX_DIGEST + 1];
    int i, rc = HB_EXIT_OK;
    if (nfiles == 0) {
        nfiles = 1;
        files = stdin_only;
    }
    for (i = 0; i < nfiles; i++) {
        int esc = hb_cl_needs_escape(files[i]);
        if (digest_file(o, files[i], digest, 0) != 0) {
            rc = HB_EXIT_FAIL;
            continue;
        }
        hb_hex(digest, o->algo->digest_size, hex);
        printf("%s%s  ", esc ? "\\" : "", hex);
        hb_cl_print_name(stdout, files[i], esc);
        putchar('\n');
    }
    return rc;
}

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

static void check_entry(const sum_opts *o, const hb_cl_entry *e, check_tally *t)
{
    uint8_t got[HB_MAX_DIGEST];
    int rc = digest_file(o, e->name, got, o->ignore_missing);
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
        name_error(listname, "no file was verified");
}

static int check_list(const sum_opts *o, const char *listname)
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
        name_error(listname, "%s", strerror(errno));
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
                name_error(listname, "%lu: improperly formatted %s checksum line", lineno, o->algo->id);
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
        name_error(listname, "read error: %s", strerror(err ? err : EIO));
        return HB_EXIT_FAIL;
    }
    if (t.good_lines == 0) {
        name_error(listname, "no properly formatted %s checksum lines found", o->algo->id);
        return HB_EXIT_FAIL;
    }
    print_summary(o, listname, &t);
    if (t.mismatched || t.unreadable || (o->strict && t.bad_format) || (o->ignore_missing && !t.matched))
        return HB_EXIT_FAIL;
    return HB_EXIT_OK;
}

static void sum_usage(FILE *f)
{
    fprintf(f,
        "usage: hashbench sum -a ID [--impl NAME] [FILE...]\n"
        "       hashbench sum -a ID [--impl NAME] -c [--ignore-missing] [--quiet] [--status] [--strict] [--warn]\n"
        "                     [LIST...]\n"
        "\n"
        "  -a, --algorithm ID   algorithm (hashbench list shows them)\n"
        "      --impl NAME      implementation (default: best for this CPU)\n"
        "  -c, --check          read 'HEX  NAME' (or 'TAG (NAME) = HEX') lines from LIST (or stdin)\n"
        "                       and check each file\n"
        "      --ignore-missing with -c: skip listed files that do not exist\n"
        "      --quiet          with -c: print nothing for files that check OK\n"
        "      --status         with -c: print nothing, the exit status tells\n"
        "      --strict         with -c: exit 1 on improperly formatted lines\n"
        "  -w, --warn           with -c: warn about each improperly formatted line\n");
}

int hb_cmd_sum(int argc, char **argv)
{
    static const struct option opts[] = {
        { "algorithm", required_argument, 0, 'a' },
        { "impl", required_argument, 0, 'i' },
        { "check", no_argument, 0, 'c' },
        { "quiet", no_argument, 0, 'q' },
        { "status", no_argument, 0, 's' },
        { "strict", no_argument, 0, 'S' },
        { "warn", no_argument, 0, 'w' },
        { "ignore-missing", no_argument, 0, 'm' },
        { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 },
    };
    sum_opts o;
    const char *algo_id = NULL, *impl_name = "best";
    int c, check = 0, i, rc = HB_EXIT_OK, quiet_etc = 0;

    memset(&o, 0, sizeof o);
    while ((c = getopt_long(argc, argv, "a:cwh", opts, NULL)) != -1) {
        switch (c) {
        case 'a': algo_id = optarg; break;
        case 'i': impl_name = optarg; break;
        case 'c': check = 1; break;
        /* --quiet, --status and --warn: the last one given wins, as in coreutils */
        case 'q': o.quiet = 1; o.status = o.warn = 0; quiet_etc = 1; break;
        case 's': o.status = 1; o.quiet = o.warn = 0; quiet_etc = 1; break;
        case 'w': o.warn = 1; o.quiet = o.status = 0; quiet_etc = 1; break;
        case 'S': o.strict = 1; break;
        case 'm': o.ignore_missing = 1; break;
        case 'h': sum_usage(stdout); return HB_EXIT_OK;
        default: sum_usage(stderr); return HB_EXIT_USAGE;
        }
    }
    if (!algo_id) {
        fprintf(stderr, "hashbench sum: -a ID is required\n");
        sum_usage(stderr);
        return HB_EXIT_USAGE;
    }
    if (!check && (quiet_etc || o.strict || o.ignore_missing)) {
        fprintf(stderr, "hashbench sum: --ignore-missing, --quiet, --status, --strict and --warn only go "
                        "with --check\n");
        return HB_EXIT_USAGE;
    }
    if (!(o.algo = hb_cli_algo(algo_id)) || !(o.impl = hb_cli_impl(o.algo, impl_name)))
        return HB_EXIT_USAGE;
    if (!check)
        return sum_files(&o, argc - optind, argv + optind);
    if (optind == argc)
        return check_list(&o, "-");
    for (i = optind; i < argc; i++)
        if (check_list(&o, argv[i]) != HB_EXIT_OK)
            rc = HB_EXIT_FAIL;
    return rc;
}
