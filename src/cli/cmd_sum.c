/* hashbench sum: digests of files, and checking a list of them, in the
 * manner of sha256sum (coreutils 9): same line formats (cli/checklist.c),
 * same options, same exit statuses but for the deliberate differences the
 * README lists (a bad command line exits 2).  How a file is read -- read()
 * or mmap, the checks that it did not change meanwhile -- is the reader's
 * (src/read/read_file.h); an implementation that hashes on several threads
 * (its row's threads interface, impl_rows.h: BLAKE3 `mt`) hashes a large
 * file on every CPU unless --threads says otherwise. */

#include <errno.h>
#include <stdarg.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include "cli/checklist.h"
#include "cli/commands.h"
#include "cli/impl_threads.h"
#include "cli/names.h"
#include "cli/profile_use.h"
#include "cli/sum.h"
#include "cli/util.h"
#include "impl_rows.h"
#include "peers/loader/c_peers.h"
#include "read/read_file.h"

void hb_sum_name_error(const char *name, const char *fmt, ...)
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
    unsigned threads = o->threaded ? o->threaded->get() : 1u;
    if (o->threaded && o->threaded->last_job) {
        unsigned parts, by_pool;
        o->threaded->last_job(&parts, &by_pool);
        if (parts)
            snprintf(shared, sizeof shared, " (the pool hashed %u of the last job's %u parts)", by_pool, parts);
    }
    const char *piece = r->path == HB_PATH_MMAP ? "windows" : r->path == HB_PATH_PREAD ? "spans" : "buffer";
    hb_sum_name_error(name, "%s, %s %s, %s/%s, %u thread%s%s: %llu bytes in %.3f s (%.0f MB/s)%s%s",
                      hb_io_path_name(r->path), unit, piece, o->algo->id, o->impl->name, threads,
                      threads != 1 ? "s" : "", shared, (unsigned long long)r->bytes,
                      r->seconds, rate, o->from_profile ? ", picked by this machine's profile" : "",
                      r->large_folios > 0   ? "; the page cache holds it in large folios: mapped"
                      : r->large_folios == 0 ? "; the page cache holds it in small pages: not mapped" : "");
}

static void pick_threads(sum_opts *o);

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

int hb_sum_digest_file(sum_opts *o, const char *name, uint8_t *digest, int missing_ok)
{
    hb_ctx ctx;
    hb_read_result r;
    size_t size = pick_size(name);

    if (o->best) {
        /* this machine's profile's pick for the file's size (docs/tune.md) */
        const hb_impl *pick = hb_impl_pick(o->algo, size);
        o->from_profile = hb_cli_profile_covers(o->algo);
        o->impl = pick;
        /* a threaded implementation (BLAKE3's tree) stays sum's choice on
         * several threads: it was measured on whole files (docs/sum.md),
         * the profile on messages of at most a few MiB */
        pick_threads(o);
        o->from_profile = o->from_profile && o->impl == pick;
    }
    hb_init(&ctx, o->impl);
    /* a file large enough for the pool: asking its thread count starts it
     * now (BLAKE3 mt's), so that its threads are made and running while
     * the file is opened, probed and mapped, not after the first job is
     * offered */
    if (o->threaded && size >= ((size_t)1 << 20))
        o->threaded->get();
    hb_read_file(name, o->io, &ctx, o->threaded, &o->progress, &r);
    switch (r.status) {
    case HB_READ_OK:
        break;
    case HB_READ_MISSING:
        if (missing_ok)
            return 1;
        /* fall through */
    case HB_READ_FAILED:
        hb_sum_name_error(name, "%s", strerror(r.err ? r.err : EIO));
        return -1;
    case HB_READ_CHANGED:
        hb_sum_name_error(name, "file changed while it was read (%lld bytes when opened, %lld after, %llu read); "
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
        if (hb_sum_digest_file(o, files[i], digest, 0) != 0) {
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

/* The implementation that hashes on several threads (its row's threads
 * interface) when the algorithm has one and more than one thread may be
 * used: --threads N above 1, or by default (0) more than one CPU in this
 * process's affinity mask (under `taskset -c 1` the pick stays
 * single-threaded: hb_impl_pickable).  For the default pick only: an
 * implementation named with --impl is taken as it is, and when it is a
 * threaded one it gets --threads. */
static void pick_threads(sum_opts *o)
{
    const hb_impl *multi = o->best ? hb_impl_threaded(o->algo) : NULL;
    const hb_threads_iface *ti;
    if (multi && (o->threads == 0 ? hb_impl_pickable(o->algo, multi) : o->threads != 1))
        o->impl = multi;
    o->threaded = NULL;
    /* the pick may be a threaded one (the ranks' or the profile's) under
     * --threads 1 too: it is told the count all the same */
    if (!(ti = hb_impl_threads(o->algo, o->impl)))
        return;
    ti->set(o->threads);
    if (o->threads == 0 ? hb_impl_pickable(o->algo, o->impl) : o->threads != 1)
        o->threaded = ti;
}

/* --threads N: 0 (every CPU) to 4096, else -1 after the message */
static long parse_threads(const char *arg)
{
    char *end;
    long n;
    errno = 0;
    n = strtol(arg, &end, 10);
    if (errno || end == arg || *end || n < 0 || n > 4096) {
        fprintf(stderr, "hashbench sum: --threads takes a number from 0 (every CPU) to 4096, not '%s'\n", arg);
        return -1;
    }
    return n;
}

/* --io MODE: 0 with *mode set, else -1 after the message */
static int parse_io(const char *arg, hb_io_mode *mode)
{
    static const char *const names[] = { "auto", "read", "mmap", "pread" };
    static const hb_io_mode modes[] = { HB_IO_AUTO, HB_IO_READ, HB_IO_MMAP, HB_IO_PREAD };
    unsigned i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(arg, names[i]) == 0) {
            *mode = modes[i];
            return 0;
        }
    fprintf(stderr, "hashbench sum: --io is auto, read, mmap or pread, not '%s'\n", arg);
    return -1;
}

/* What the command line asks, before it is checked against the registry */
typedef struct sum_args {
    const char *algo_id, *impl_name;
    int check, quiet_etc;
    long threads;
    hb_progress_mode progress;
} sum_args;

/* One option into o and a; 0, or an exit status to return (HB_EXIT_OK
 * after --help) */
static int take_option(int c, sum_opts *o, sum_args *a)
{
    switch (c) {
    case 'a': a->algo_id = optarg; break;
    case 'i': a->impl_name = optarg; break;
    case 'c': a->check = 1; break;
    /* --quiet, --status and --warn: the last one given wins, as in coreutils */
    case 'q': o->quiet = 1; o->status = o->warn = 0; a->quiet_etc = 1; break;
    case 's': o->status = 1; o->quiet = o->warn = 0; a->quiet_etc = 1; break;
    case 'w': o->warn = 1; o->quiet = o->status = 0; a->quiet_etc = 1; break;
    case 'S': o->strict = 1; break;
    case 'm': o->ignore_missing = 1; break;
    case 'T': return (a->threads = parse_threads(optarg)) < 0 ? HB_EXIT_USAGE : 0;
    case 'I': return parse_io(optarg, &o->io) < 0 ? HB_EXIT_USAGE : 0;
    case 'P': a->progress = HB_PROGRESS_ON; break;
    case 'N': a->progress = HB_PROGRESS_OFF; break;
    case 'v': o->verbose = 1; break;
    case 'h': sum_usage(stdout); return -1;
    default: sum_usage(stderr); return HB_EXIT_USAGE;
    }
    return 0;
}

/* The command line into o: 0, or an exit status to return */
static int parse_args(int argc, char **argv, sum_opts *o, sum_args *a)
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
    int c, rc;
    memset(o, 0, sizeof *o);
    memset(a, 0, sizeof *a);
    a->impl_name = "best";
    a->progress = HB_PROGRESS_AUTO;
    while ((c = getopt_long(argc, argv, "a:cwvh", opts, NULL)) != -1)
        if ((rc = take_option(c, o, a)) != 0)
            return rc < 0 ? HB_EXIT_OK : rc;
    if (!a->algo_id) {
        fprintf(stderr, "hashbench sum: -a ID is required\n");
        sum_usage(stderr);
        return HB_EXIT_USAGE;
    }
    if (!a->check && (a->quiet_etc || o->strict || o->ignore_missing)) {
        fprintf(stderr, "hashbench sum: --ignore-missing, --quiet, --status, --strict and --warn only go "
                        "with --check\n");
        return HB_EXIT_USAGE;
    }
    return -1;
}

/* The algorithm and implementation asked for: 0, or an exit status */
static int resolve(sum_opts *o, const sum_args *a)
{
    if (!(o->algo = hb_cli_algo(a->algo_id)))
        return HB_EXIT_USAGE;
    /* a peer named (--impl openssl): only then the peers' module, whose
     * libraries sum otherwise starts without */
    if (strcmp(a->impl_name, "best") != 0 && !hb_impl_find(o->algo, a->impl_name))
        hb_c_peers_load(NULL, NULL);
    if (!(o->impl = hb_cli_impl(o->algo, a->impl_name)))
        return HB_EXIT_USAGE;
    o->best = strcmp(a->impl_name, "best") == 0;
    o->threads = (unsigned)a->threads;
    pick_threads(o);
    hb_progress_init(&o->progress, a->progress, hb_shown_name);
    return 0;
}

int hb_cmd_sum(int argc, char **argv)
{
    sum_opts o;
    sum_args a;
    int i, rc;

    /* a checksum says nothing of a rebuild's stale profile (docs/tune.md) */
    hb_cli_profile_stale_quiet();
    if ((rc = parse_args(argc, argv, &o, &a)) >= 0)
        return rc;
    if ((rc = resolve(&o, &a)) != 0)
        return rc;
    if (!a.check)
        return sum_files(&o, argc - optind, argv + optind);
    if (optind == argc)
        return hb_sum_check_list(&o, "-");
    rc = HB_EXIT_OK;
    for (i = optind; i < argc; i++)
        if (hb_sum_check_list(&o, argv[i]) != HB_EXIT_OK)
            rc = HB_EXIT_FAIL;
    return rc;
}
