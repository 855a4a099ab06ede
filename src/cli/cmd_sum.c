/* hashbench sum: digests of files, and checking a list of them, in the
 * manner of sha256sum (coreutils 9): same line formats (text/checklist.c),
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
#include "text/checklist.h"
#include "cli/commands.h"
#include "cli/impl_threads.h"
#include "cli/names.h"
#include "cli/profile_use.h"
#include "cli/sum.h"
#include "cli/util.h"
#include "impl_rows.h"
#include "peers/loader/c_peers.h"
#include "read/read_file.h"

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
    hb_sum_pick_threads(o);
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
