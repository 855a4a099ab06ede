/* hashbench sum: digests of files, and checking a list of them, in the
 * manner of sha256sum (coreutils 9): same line formats (cli/checklist.c),
 * same options, same exit statuses but for the deliberate differences the
 * README lists (a bad command line exits 2).  How a file is read -- read()
 * or mmap, the checks that it did not change meanwhile -- is
 * cli/sum_reader.c's; BLAKE3 hashes a large file on every CPU unless
 * --threads says otherwise. */

#include <errno.h>
#include <stdarg.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include "algorithms/blake3/blake3_mt.h"
#include "cli/checklist.h"
#include "cli/commands.h"
#include "cli/names.h"
#include "cli/profile_use.h"
#include "cli/sum_reader.h"
#include "cli/util.h"
#include "impl_rows.h"
#include "peers/loader/c_peers.h"

/* Where the library has no threaded BLAKE3 (an architecture without
 * blake3_mt.c), the registry has no "mt" implementation and sum never
 * calls these; they only let it link.  The library's definitions replace
 * them wherever it has them. */
__attribute__((weak)) void hb_blake3_mt_set_threads(unsigned n)
{
    (void)n;
}

__attribute__((weak)) unsigned hb_blake3_mt_threads(void)
{
    return 1;
}

__attribute__((weak)) void hb_blake3_mt_last_job(unsigned *parts, unsigned *by_pool)
{
    *parts = *by_pool = 0;
}

__attribute__((weak)) int hb_blake3_update_mt_read(hb_blake3_ctx *c, uint64_t len, hb_blake3_mt_read_fn read_at,
                                                   void *arg)
{
    (void)c, (void)len, (void)read_at, (void)arg;
    return ENOSYS;
}

typedef struct sum_opts {
    const hb_algo *algo;
    const hb_impl *impl;
    int threaded;                   /* impl splits large updates across threads */
    int best;                       /* no --impl: the pick for each file's size */
    int from_profile;               /* impl is this machine's profile's pick */
    unsigned threads;               /* --threads */
    hb_io_mode io;
    int verbose;
    hb_progress progress;
    int quiet, status, strict, warn, ignore_missing;
} sum_opts;

/* "hashbench: NAME: MESSAGE" on stderr, NAME as every message shows a
 * user's file name (cli/names.h): a crafted name must not forge a message
 * line nor send the terminal an escape sequence (coreutils quotes such
 * names). */
__attribute__((format(printf, 2, 3))) static void name_error(const char *name, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "hashbench: %s: ", hb_shown_name(name));
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void print_verbose(const sum_opts *o, const char *name, const hb_read_result *r)
{
    double rate = r->seconds > 0 ? (double)r->bytes / r->seconds / 1e6 : 0;
    char unit[32];
    if (r->unit >= (1u << 20))
        snprintf(unit, sizeof unit, "%zu MiB", r->unit >> 20);
    else
        snprintf(unit, sizeof unit, "%zu KiB", r->unit >> 10);
    char shared[80] = "";
    if (o->threaded) {
        unsigned parts, by_pool;
        hb_blake3_mt_last_job(&parts, &by_pool);
        if (parts)
            snprintf(shared, sizeof shared, " (the pool hashed %u of the last job's %u parts)", by_pool, parts);
    }
    name_error(name, "%s, %s %s, %s/%s, %u thread%s%s: %llu bytes in %.3f s (%.0f MB/s)%s%s",
               hb_io_path_name(r->path), unit, r->path == HB_PATH_MMAP ? "windows" : r->path == HB_PATH_PREAD ? "spans" : "buffer",
               o->algo->id, o->impl->name, o->threaded ? hb_blake3_mt_threads() : 1u,
               o->threaded && hb_blake3_mt_threads() != 1 ? "s" : "", shared, (unsigned long long)r->bytes,
               r->seconds, rate, o->from_profile ? ", picked by this machine's profile" : "",
               r->large_folios > 0   ? "; the page cache holds it in large folios: mapped"
               : r->large_folios == 0 ? "; the page cache holds it in small pages: not mapped" : "");
}

static void pick_threads(sum_opts *o, const char *impl_name, unsigned threads);

/* The message size a file's pick is made for: its size when it is a
 * regular file (the hash sees the whole file as one message, fed in
 * pieces), else unknown, taken as long: a pipe or device streams. */
static size_t pick_size(const char *name)
{
    struct stat st;
    int r = strcmp(name, "-") == 0 ? fstat(STDIN_FILENO, &st) : stat(name, &st);
    /* past what a size_t holds (4 GiB on 32-bit) it is long, not its
     * size modulo 4 GiB */
    if (r == 0 && S_ISREG(st.st_mode) && (unsigned long long)st.st_size < (size_t)-1 / 2)
        return (size_t)st.st_size;
    return (size_t)-1 / 2;
}

/* Hashes one file ("-" is stdin) into digest.  Returns 0; 1 when the file
 * does not exist and missing_ok (--ignore-missing: skipped silently); or
 * -1 after printing an error that names the file (no digest then: a file
 * that could not be read to its end, or changed meanwhile, has none). */
static int digest_file(sum_opts *o, const char *name, uint8_t *digest, int missing_ok)
{
    hb_ctx ctx;
    hb_read_result r;
    size_t size = pick_size(name);

    if (o->best) {
        /* this machine's profile's pick for the file's size (docs/tune.md) */
        const hb_impl *pick = hb_impl_pick(o->algo, size);
        o->from_profile = hb_cli_profile_covers(o->algo);
        o->impl = pick;
        o->threaded = 0;
        /* BLAKE3's threaded tree stays sum's choice on several threads: it
         * was measured on whole files (docs/sum.md), the profile on
         * messages of at most a few MiB */
        pick_threads(o, "best", o->threads);
        o->from_profile = o->from_profile && o->impl == pick;
    }
    hb_init(&ctx, o->impl);
    /* a file large enough for the pool: start it now, so that its threads
     * are made and running while the file is opened, probed and mapped,
     * not after the first job is offered */
    if (o->threaded && size >= ((size_t)1 << 20))
        hb_blake3_mt_threads();
    hb_sum_read(name, o->io, o->threaded, &ctx, &o->progress, &r);
    switch (r.status) {
    case HB_READ_OK:
        break;
    case HB_READ_MISSING:
        if (missing_ok)
            return 1;
        /* fall through */
    case HB_READ_FAILED:
        name_error(name, "%s", strerror(r.err ? r.err : EIO));
        return -1;
    case HB_READ_CHANGED:
        name_error(name, "file changed while it was read (%lld bytes when opened, %lld after, %llu read); "
                   "no digest", (long long)r.size_at_open, (long long)r.size_after,
                   (unsigned long long)r.bytes);
        return -1;
    }
    if (o->verbose)
        print_verbose(o, name, &r);
    hb_final(&ctx, digest);
    return 0;
}

/* A write error on standard output is reported once, by main(), when it
 * closes the stream: these functions only write. */
static int sum_files(sum_opts *o, int nfiles, char **files)
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

static void check_entry(sum_opts *o, const hb_cl_entry *e, check_tally *t)
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

static int check_list(sum_opts *o, const char *listname)
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
        "usage: hashbench sum -a ID [--impl NAME] [--threads N] [FILE...]\n"
        "       hashbench sum -a ID [--impl NAME] -c [--ignore-missing] [--quiet] [--status] [--strict] [--warn]\n"
        "                     [LIST...]\n"
        "\n"
        "With no FILE, or when FILE is -, standard input is read.\n"
        "\n"
        "  -a, --algorithm ID   algorithm (hashbench list shows them)\n"
        "      --impl NAME      implementation (default: best for this CPU)\n"
        "      --threads N      BLAKE3: threads hashing a large file (default: every CPU it may use;\n"
        "                       1: one thread, the single-threaded best)\n"
        "      --io MODE        auto (default: what measured faster for the size), read, mmap, or\n"
        "                       pread (threaded BLAKE3: every thread reads its own parts)\n"
        "      --progress       a progress bar on stderr even when it is not a terminal\n"
        "      --no-progress    no progress bar (default: on a terminal, for inputs that take a while)\n"
        "  -v, --verbose        on stderr, per file: the read path, implementation, threads and speed\n"
        "  -c, --check          read 'HEX  NAME' (or 'TAG (NAME) = HEX') lines from LIST (or stdin)\n"
        "                       and check each file\n"
        "      --ignore-missing with -c: skip listed files that do not exist\n"
        "      --quiet          with -c: print nothing for files that check OK\n"
        "      --status         with -c: print nothing, the exit status tells\n"
        "      --strict         with -c: exit 1 on improperly formatted lines\n"
        "  -w, --warn           with -c: warn about each improperly formatted line\n");
}

/* BLAKE3's threaded tree when the registry has it (the "mt" implementation)
 * and more than one thread may be used: --threads N above 1, or by
 * default (0) more than one CPU in this process's affinity mask (under
 * `taskset -c 1` the pick stays single-threaded: hb_impl_pickable).  For
 * the default pick only, an implementation named with --impl is taken as
 * it is (mt included, which then gets --threads). */
static void pick_threads(sum_opts *o, const char *impl_name, unsigned threads)
{
    const hb_impl *mt = hb_impl_find(o->algo, "mt");
    int several;
    if (!mt || !hb_impl_available(mt))
        return;
    several = threads == 0 ? hb_impl_pickable(o->algo, mt) : threads != 1;
    if (strcmp(impl_name, "best") == 0 && several)
        o->impl = mt;
    if (o->impl == mt) {
        hb_blake3_mt_set_threads(threads);
        o->threaded = several;
    }
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
        { "threads", required_argument, 0, 'T' },
        { "io", required_argument, 0, 'I' },
        { "progress", no_argument, 0, 'P' },
        { "no-progress", no_argument, 0, 'N' },
        { "verbose", no_argument, 0, 'v' },
        { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 },
    };
    sum_opts o;
    const char *algo_id = NULL, *impl_name = "best";
    int c, check = 0, i, rc = HB_EXIT_OK, quiet_etc = 0;
    long threads = 0;
    hb_progress_mode progress = HB_PROGRESS_AUTO;
    char *end;

    /* a checksum says nothing of a rebuild's stale profile (docs/tune.md) */
    hb_cli_profile_stale_quiet();
    memset(&o, 0, sizeof o);
    while ((c = getopt_long(argc, argv, "a:cwvh", opts, NULL)) != -1) {
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
        case 'T':
            errno = 0;
            threads = strtol(optarg, &end, 10);
            if (errno || end == optarg || *end || threads < 0 || threads > 4096) {
                fprintf(stderr, "hashbench sum: --threads takes a number from 0 (every CPU) to 4096, "
                                "not '%s'\n", optarg);
                return HB_EXIT_USAGE;
            }
            break;
        case 'I':
            if (strcmp(optarg, "auto") == 0)
                o.io = HB_IO_AUTO;
            else if (strcmp(optarg, "read") == 0)
                o.io = HB_IO_READ;
            else if (strcmp(optarg, "mmap") == 0)
                o.io = HB_IO_MMAP;
            else if (strcmp(optarg, "pread") == 0)
                o.io = HB_IO_PREAD;
            else {
                fprintf(stderr, "hashbench sum: --io is auto, read, mmap or pread, not '%s'\n", optarg);
                return HB_EXIT_USAGE;
            }
            break;
        case 'P': progress = HB_PROGRESS_ON; break;
        case 'N': progress = HB_PROGRESS_OFF; break;
        case 'v': o.verbose = 1; break;
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
    if (!(o.algo = hb_cli_algo(algo_id)))
        return HB_EXIT_USAGE;
    /* a peer named (--impl openssl): only then the peers' module, whose
     * libraries sum otherwise starts without */
    if (strcmp(impl_name, "best") != 0 && !hb_impl_find(o.algo, impl_name))
        hb_c_peers_load(NULL, NULL);
    if (!(o.impl = hb_cli_impl(o.algo, impl_name)))
        return HB_EXIT_USAGE;
    o.best = strcmp(impl_name, "best") == 0;
    o.threads = (unsigned)threads;
    pick_threads(&o, impl_name, (unsigned)threads);
    hb_progress_init(&o.progress, progress);
    if (!check)
        return sum_files(&o, argc - optind, argv + optind);
    if (optind == argc)
        return check_list(&o, "-");
    for (i = optind; i < argc; i++)
        if (check_list(&o, argv[i]) != HB_EXIT_OK)
            rc = HB_EXIT_FAIL;
    return rc;
}
