/* hashbench sum: digests of files, and checking a list of them, in the
 * manner of sha256sum (coreutils): same line format, same options, same
 * exit statuses.  Files are read in fixed-size chunks, so memory stays
 * constant whatever their size. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/util.h"

#define CHUNK (64 * 1024)

typedef struct sum_opts {
    const hb_algo *algo;
    const hb_impl *impl;
    int quiet, status, strict, warn;
} sum_opts;

/* Hashes one file ("-" is stdin) into digest.  Returns 0, or -1 after
 * printing an error that names the file. */
static int digest_file(const sum_opts *o, const char *name, uint8_t *digest)
{
    static uint8_t buf[CHUNK];
    FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "rb");
    hb_ctx ctx;
    size_t n;
    int failed, err;
    if (!f) {
        fprintf(stderr, "hashbench: %s: %s\n", name, strerror(errno));
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
        fprintf(stderr, "hashbench: %s: %s\n", name, strerror(err ? err : EIO));
        return -1;
    }
    hb_final(&ctx, digest);
    return 0;
}

/* Prints a file name the way sha256sum does: a name with a backslash or a
 * newline is escaped, and the line then starts with a backslash. */
static int needs_escape(const char *name)
{
    return strpbrk(name, "\\\n") != NULL;
}

static void print_name(const char *name)
{
    for (; *name; name++) {
        if (*name == '\\')
            fputs("\\\\", stdout);
        else if (*name == '\n')
            fputs("\\n", stdout);
        else
            putchar(*name);
    }
}

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
        if (digest_file(o, files[i], digest) != 0) {
            rc = HB_EXIT_FAIL;
            continue;
        }
        hb_hex(digest, o->algo->digest_size, hex);
        if (needs_escape(files[i]))
            putchar('\\');
        printf("%s  ", hex);
        print_name(files[i]);
        putchar('\n');
    }
    if (fflush(stdout) != 0) {
        fprintf(stderr, "hashbench: write error: %s\n", strerror(errno));
        rc = HB_EXIT_FAIL;
    }
    return rc;
}

/* Undoes print_name's escaping in place.  Returns -1 on a bad escape. */
static int unescape(char *s)
{
    char *w = s;
    for (; *s; s++) {
        if (*s == '\\') {
            s++;
            if (*s == '\\') *w++ = '\\';
            else if (*s == 'n') *w++ = '\n';
            else return -1;
        } else {
            *w++ = *s;
        }
    }
    *w = 0;
    return 0;
}

static int parse_hex(const char *s, size_t n, uint8_t *out)
{
    size_t i;
    for (i = 0; i < n; i++) {
        int v = 0, k;
        for (k = 0; k < 2; k++) {
            char c = s[2 * i + k];
            v <<= 4;
            if (c >= '0' && c <= '9') v |= c - '0';
            else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
            else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
            else return -1;
        }
        out[i] = (uint8_t)v;
    }
    return 0;
}

/* Splits "HEX  NAME" (or "HEX *NAME", binary mode) into its parts.
 * Returns 0, or -1 when the line is not in that form. */
static int parse_check_line(char *line, const sum_opts *o, uint8_t *expect, char **name)
{
    size_t hexlen = 2 * (size_t)o->algo->digest_size;
    int escaped = 0;
    size_t len = strlen(line);
    if (len && line[len - 1] == '\n')
        line[--len] = 0;
    if (len && line[len - 1] == '\r')
        line[--len] = 0;
    if (line[0] == '\\') {
        escaped = 1;
        line++;
        len--;
    }
    if (len < hexlen + 3 || line[hexlen] != ' ' || (line[hexlen + 1] != ' ' && line[hexlen + 1] != '*'))
        return -1;
    if (parse_hex(line, o->algo->digest_size, expect) != 0)
        return -1;
    *name = line + hexlen + 2;
    if (escaped && unescape(*name) != 0)
        return -1;
    return **name ? 0 : -1;
}

static int check_list(const sum_opts *o, const char *listname)
{
    FILE *f = strcmp(listname, "-") == 0 ? stdin : fopen(listname, "r");
    char *line = NULL;
    size_t cap = 0;
    unsigned long lineno = 0, bad_format = 0, mismatched = 0, unreadable = 0, good_lines = 0;
    int rc = HB_EXIT_OK;
    if (!f) {
        fprintf(stderr, "hashbench: %s: %s\n", listname, strerror(errno));
        return HB_EXIT_FAIL;
    }
    while (getline(&line, &cap, f) != -1) {
        uint8_t expect[HB_MAX_DIGEST], got[HB_MAX_DIGEST];
        char *name;
        lineno++;
        if (parse_check_line(line, o, expect, &name) != 0) {
            bad_format++;
            if (o->warn)
                fprintf(stderr, "hashbench: %s: %lu: improperly formatted %s checksum line\n",
                        listname, lineno, o->algo->id);
            continue;
        }
        good_lines++;
        if (digest_file(o, name, got) != 0) {
            unreadable++;
            if (!o->status)
                printf("%s: FAILED open or read\n", name);
            continue;
        }
        if (memcmp(expect, got, o->algo->digest_size) != 0) {
            mismatched++;
            if (!o->status)
                printf("%s: FAILED\n", name);
        } else if (!o->quiet && !o->status) {
            printf("%s: OK\n", name);
        }
    }
    free(line);
    if (f != stdin)
        fclose(f);
    if (good_lines == 0) {
        fprintf(stderr, "hashbench: %s: no properly formatted %s checksum lines found\n",
                listname, o->algo->id);
        return HB_EXIT_FAIL;
    }
    if (!o->status) {
        if (bad_format)
            fprintf(stderr, "hashbench: WARNING: %lu line%s improperly formatted\n", bad_format,
                    bad_format == 1 ? " is" : "s are");
        if (unreadable)
            fprintf(stderr, "hashbench: WARNING: %lu listed file%s could not be read\n", unreadable,
                    unreadable == 1 ? "" : "s");
        if (mismatched)
            fprintf(stderr, "hashbench: WARNING: %lu computed checksum%s did NOT match\n", mismatched,
                    mismatched == 1 ? "" : "s");
    }
    if (mismatched || unreadable || (o->strict && bad_format))
        rc = HB_EXIT_FAIL;
    return rc;
}

static void sum_usage(FILE *f)
{
    fprintf(f,
        "usage: hashbench sum -a ID [--impl NAME] [FILE...]\n"
        "       hashbench sum -a ID [--impl NAME] -c [--quiet] [--status] [--strict] [--warn] [LIST...]\n"
        "\n"
        "  -a, --algorithm ID   algorithm (hashbench list shows them)\n"
        "      --impl NAME      implementation (default: best for this CPU)\n"
        "  -c, --check          read 'HEX  NAME' lines from LIST (or stdin) and check each file\n"
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
        { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 },
    };
    sum_opts o;
    const char *algo_id = NULL, *impl_name = "best";
    int c, check = 0, i, rc = HB_EXIT_OK;

    memset(&o, 0, sizeof o);
    while ((c = getopt_long(argc, argv, "a:cwh", opts, NULL)) != -1) {
        switch (c) {
        case 'a': algo_id = optarg; break;
        case 'i': impl_name = optarg; break;
        case 'c': check = 1; break;
        case 'q': o.quiet = 1; break;
        case 's': o.status = 1; break;
        case 'S': o.strict = 1; break;
        case 'w': o.warn = 1; break;
        case 'h': sum_usage(stdout); return HB_EXIT_OK;
        default: sum_usage(stderr); return HB_EXIT_USAGE;
        }
    }
    if (!algo_id) {
        fprintf(stderr, "hashbench sum: -a ID is required\n");
        sum_usage(stderr);
        return HB_EXIT_USAGE;
    }
    if (!check && (o.quiet || o.status || o.strict || o.warn)) {
        fprintf(stderr, "hashbench sum: --quiet, --status, --strict and --warn only go with --check\n");
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
