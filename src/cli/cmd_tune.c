/* hashbench tune: measure every implementation this CPU can run, for every
 * algorithm, at sizes across the dispatcher's thresholds, and write the
 * profile that `best` then follows on this machine (docs/tune.md).  The
 * measurement is bench's (bench/measure.h): each algorithm and size is one
 * interleaved group of rounds; the profile keeps each implementation's
 * median and its fastest round, and picks by the fastest round.  On a
 * loaded machine a 1.5 ms sample either runs untouched or waits out
 * another process's time slice; interference only ever adds time, and a
 * median of 5 such samples is hit whenever 3 are (at load 10 on 2 cores,
 * one median in three was: SHA-1 `fast` came out ahead of `shani`), the
 * fastest round only when all 5 are.  The peers are not measured:
 * they are never picked. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "bench/clock.h"
#include "bench/context.h"
#include "bench/measure.h"
#include "cli/commands.h"
#include "cli/names.h"
#include "cli/outfile.h"
#include "cli/profile_use.h"
#include "cli/units.h"
#include "cli/util.h"
#include "impl_rows.h"

#define MAX_SIZES 32
#define MAX_ALGOS 64
/* the dispatcher's thresholds lie between these (docs/tune.md) */
#define DEFAULT_SIZES "64,256,1K,4K,16K,64K,1M"

static void tune_usage(FILE *f)
{
    fprintf(f,
        "usage: hashbench tune [options]\n"
        "\n"
        "Measures every implementation this CPU can run at each size and writes the profile that\n"
        "`best` (bench, sum) follows on this machine: $XDG_CACHE_HOME/hashbench/profile-KEY.json.\n"
        "\n"
        "  -a, --algorithm IDS   only these algorithms (the profile then covers only them)\n"
        "  -s, --sizes LIST      message sizes (default " DEFAULT_SIZES ")\n"
        "      --budget MS       sampling time per implementation and size (default 8)\n"
        "      --repeat N        rounds per measurement, median kept (default 5)\n"
        "  -o, --output FILE     write the profile there instead\n"
        "      --check           write nothing: exit 0 when this machine has a usable profile, 1 if not\n"
        "  -q, --quiet           no progress on the terminal\n");
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

static int check_only(void)
{
    /* the answer says it: no note on stderr besides */
    hb_cli_profile_stale_quiet();
    if (hb_cli_profile_off()) {
        printf("profile: %s\n", hb_cli_profile_state());
        return HB_EXIT_FAIL;
    }
    printf("profile: %s\n", hb_cli_profile_state());
    return hb_cli_profile() ? HB_EXIT_OK : HB_EXIT_FAIL;
}

static void progress(int quiet, unsigned done, unsigned total, const hb_algo *a, double started)
{
    double elapsed = (hb_now_ns() - started) * 1e-9;
    if (quiet)
        return;
    if (!a) {
        fprintf(stderr, "\r\033[K");
        return;
    }
    fprintf(stderr, "\r\033[Khashbench tune: [%2u/%u] %-14s %4.1f s", done + 1, total, a->id, elapsed);
    if (done > 0)
        fprintf(stderr, ", about %.0f s left", elapsed / done * (total - done));
}

/* An implementation slower than this fraction of the fastest at one size
 * is not measured at the larger ones: a 3x gap does not close within the
 * next size step (4x to 16x larger), and the slow ones cost the most at
 * 1 MiB, where one call outlasts a sample. */
#define PRUNE_BELOW (1.0 / 3)

/* One algorithm at every size, in increasing order: its implementations
 * this CPU runs, the peers left out, one interleaved group per size.  A
 * threaded one runs on every CPU this process may use; under `taskset -c
 * 1` (one CPU) it is left out too: it could not be picked here, and its
 * one thread would only measure the single-threaded kernels again. */
static int tune_algo(hb_profile_out *out, const hb_algo *a, const size_t *sizes, unsigned n_sizes,
                     const hb_bench_settings *s)
{
    hb_cell cells[HB_MAX_IMPLS * 2];
    const hb_impl *impls[HB_MAX_IMPLS * 2];
    double best[HB_MAX_IMPLS * 2], fastest;
    unsigned n = 0, i, k, kept;
    for (i = 0; i < hb_impl_count(a) && n < sizeof impls / sizeof impls[0]; i++) {
        const hb_impl *impl = hb_impl_at(a, i);
        if (hb_impl_available(impl) && hb_impl_rank(a, impl) >= 0 && hb_impl_pickable(a, impl))
            impls[n++] = impl;
    }
    for (k = 0; k < n_sizes; k++) {
        memset(cells, 0, n * sizeof cells[0]);
        for (i = 0; i < n; i++) {
            cells[i].algo = a;
            cells[i].impl = impls[i];
            cells[i].size = sizes[k];
            cells[i].others_cpus = -1;
        }
        if (hb_measure_group(cells, n, s) != 0)
            return -1;
        fastest = 0;
        for (i = 0; i < n; i++) {
            const hb_summary *t = &cells[i].ns_per_call;
            best[i] = t->min > 0 ? (double)sizes[k] / (t->min * 1e-9) : 0;
            if (best[i] > fastest)
                fastest = best[i];
        }
        for (i = kept = 0; i < n; i++) {
            int rc = hb_profile_out_add(out, a, sizes[k], impls[i], cells[i].bytes_per_s, best[i],
                                        cells[i].ns_per_call.spread);
            hb_cell_free(&cells[i]);
            if (rc != 0)
                return -1;
            /* the ranks' pick is always measured: a pick must beat it */
            if (best[i] >= PRUNE_BELOW * fastest || impls[i] == hb_impl_pick(a, HB_NO_SIZE))
                impls[kept++] = impls[i];
        }
        n = kept;
    }
    return 0;
}

/* What is at path, for a message: "a FIFO", "a character device" ... */
static const char *file_kind(mode_t m)
{
    return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
         : S_ISSOCK(m) ? "a socket" : S_ISDIR(m) ? "a directory" : "not a regular file";
}

/* In the cache folder, where only tune writes, something that is not a
 * file where the profile or its figures go (a FIFO) is in the way: the
 * loader refuses it, its warning says tune makes a new one, and writing
 * into it in place would wait for a reader.  It is removed, said once.
 * Returns 0, or -1 after a message. */
static int clear_cache_entry(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
        return 0;
    fprintf(stderr, "hashbench tune: %s is %s, not a file of ours: replaced\n", hb_shown_name(path),
            file_kind(st.st_mode));
    if (unlink(path) != 0) {
        fprintf(stderr, "hashbench tune: cannot remove %s: %s\n", hb_shown_name(path), strerror(errno));
        return -1;
    }
    return 0;
}

/* The profile's file and its figures' (cli/outfile.h, as bench -o: each
 * replaced only once complete, a device or FIFO written in place).  Opened
 * before anything is measured, so that a path that cannot be written
 * fails at once, not after the run.  A target that is not a regular file
 * (-o /dev/null, a FIFO, a device) gets no figures beside it: the folder
 * around a device is no place for them (-o /dev/full would write
 * /dev/figures-full).  Returns 0, or an exit status after a message. */
static int open_outputs(const char *path, int from_option, char *figures_path, size_t n, hb_outfile *prof,
                        hb_outfile *figs)
{
    struct stat st;
    int regular;
    memset(figs, 0, sizeof *figs);
    hb_profile_figures_path(path, figures_path, n);
    if (!from_option && (clear_cache_entry(path) != 0 || clear_cache_entry(figures_path) != 0))
        return HB_EXIT_FAIL;
    regular = stat(path, &st) != 0 || S_ISREG(st.st_mode);
    if (hb_outfile_open(prof, path, "hashbench tune") != 0)
        return HB_EXIT_FAIL;
    if (!regular) {
        fprintf(stderr, "hashbench tune: %s is %s: the figures measured are not written (they go beside a "
                        "profile written to a file)\n", hb_shown_name(path), file_kind(st.st_mode));
        return 0;
    }
    if (hb_outfile_open(figs, figures_path, "hashbench tune") != 0) {
        hb_outfile_abort(prof);
        return HB_EXIT_FAIL;
    }
    return 0;
}

/* Removes the temporary files: nothing is written. */
static void close_outputs(hb_outfile *prof, hb_outfile *figs)
{
    hb_outfile_abort(figs);
    hb_outfile_abort(prof);
}

/* Writes the profile, then its figures, and replaces both targets.
 * Returns 0, or -1 after a message (each target then stays as it was,
 * unless it is a device or FIFO written in place). */
static int write_outputs(hb_profile_out *out, const char *path, hb_outfile *prof, hb_outfile *figs)
{
    int rc = 0;
    if (hb_profile_out_write(out, prof->f) != 0 && !ferror(prof->f)) {
        fprintf(stderr, "hashbench tune: cannot write the profile: out of memory\n");
        rc = -1;
    }
    if (rc == 0 && figs->f && hb_profile_out_write_figures(out, figs->f, path) != 0 && !ferror(figs->f)) {
        fprintf(stderr, "hashbench tune: cannot write the figures: out of memory\n");
        rc = -1;
    }
    /* a write error (a full disk, the file size limit) is told by commit */
    if (rc == 0 && figs->f && hb_outfile_commit(figs, "hashbench tune") != 0)
        rc = -1;
    if (rc == 0 && hb_outfile_commit(prof, "hashbench tune") != 0)
        rc = -1;
    close_outputs(prof, figs);
    return rc;
}

int hb_cmd_tune(int argc, char **argv)
{
    static const struct option opts[] = {
        { "algorithm", required_argument, 0, 'a' }, { "sizes", required_argument, 0, 's' },
        { "budget", required_argument, 0, 'b' },    { "repeat", required_argument, 0, 'r' },
        { "output", required_argument, 0, 'o' },    { "check", no_argument, 0, 'C' },
        { "quiet", no_argument, 0, 'q' },           { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 },
    };
    const char *algo_spec = NULL, *size_spec = DEFAULT_SIZES, *output = NULL;
    const hb_algo *algos[MAX_ALGOS];
    size_t sizes[MAX_SIZES];
    unsigned n_sizes = 0, i;
    unsigned long repeat = 5;
    double budget_ms = 8, started;
    int c, n_algos, quiet = 0, check = 0;
    char err[200], path[4096], figures_path[4200];
    hb_bench_settings s;
    hb_context ctx;
    hb_profile_key key;
    hb_profile_out *out;
    hb_outfile prof, figs;

    while ((c = getopt_long(argc, argv, "a:s:o:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'a': algo_spec = optarg; break;
        case 's': size_spec = optarg; break;
        case 'b':
            if (hb_parse_ms(optarg, &budget_ms, err, sizeof err) != 0) {
                fprintf(stderr, "hashbench tune: --budget: %s\n", err);
                return HB_EXIT_USAGE;
            }
            break;
        case 'r':
            if (hb_parse_uint(optarg, 1, 1000, &repeat, err, sizeof err) != 0) {
                fprintf(stderr, "hashbench tune: --repeat: %s\n", err);
                return HB_EXIT_USAGE;
            }
            break;
        case 'o': output = optarg; break;
        case 'C': check = 1; break;
        case 'q': quiet = 1; break;
        case 'h': tune_usage(stdout); return HB_EXIT_OK;
        default: tune_usage(stderr); return HB_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "hashbench tune: unexpected argument '%s'\n", argv[optind]);
        return HB_EXIT_USAGE;
    }
    if (check)
        return check_only();
    if (hb_parse_size_list(size_spec, sizes, MAX_SIZES, &n_sizes, err, sizeof err) != 0) {
        fprintf(stderr, "hashbench tune: --sizes: %s\n", err);
        return HB_EXIT_USAGE;
    }
    qsort(sizes, n_sizes, sizeof sizes[0], cmp_size);
    if ((n_algos = hb_cli_algos(algo_spec, algos, MAX_ALGOS)) < 0)
        return HB_EXIT_USAGE;
    if (output)
        snprintf(path, sizeof path, "%s", output);
    else if (hb_cli_profile_path(path, sizeof path, 1) != 0)
        return HB_EXIT_FAIL;
    if (!isatty(STDERR_FILENO))
        quiet = 1;

    hb_context_collect(&ctx, 0);
    hb_context_warn_emulation(&ctx, "hashbench tune", "The profile's key says \"emulated\": a run outside "
                              "emulation never uses it (docs/tune.md).");
    hb_profile_key_here(&key);
    memset(&s, 0, sizeof s);
    s.budget_ms = budget_ms;
    s.repeat = (unsigned)repeat;
    s.resolution_ns = ctx.clock.resolution_ns;
    if (!(out = hb_profile_out_new(&key, ctx.cpu_model, s.repeat, budget_ms))) {
        fprintf(stderr, "hashbench tune: cannot start a profile: out of memory, or this build has no JSON "
                        "library (jansson: the Makefile's HB_JSON)\n");
        return HB_EXIT_FAIL;
    }
    if ((c = open_outputs(path, output != NULL, figures_path, sizeof figures_path, &prof, &figs)) != 0) {
        hb_profile_out_free(out);
        return c;
    }
    started = hb_now_ns();
    for (i = 0; i < (unsigned)n_algos; i++) {
        progress(quiet, i, (unsigned)n_algos, algos[i], started);
        if (tune_algo(out, algos[i], sizes, n_sizes, &s) != 0) {
            progress(quiet, 0, 0, NULL, 0);
            fprintf(stderr, "hashbench tune: out of memory measuring %s\n", algos[i]->id);
            hb_profile_out_free(out);
            close_outputs(&prof, &figs);
            return HB_EXIT_FAIL;
        }
    }
    progress(quiet, 0, 0, NULL, 0);
    if (write_outputs(out, path, &prof, &figs) != 0) {
        hb_profile_out_free(out);
        return HB_EXIT_FAIL;
    }
    hb_profile_out_free(out);
    fprintf(stderr, "hashbench tune: %d algorithm%s at %u size%s in %.1f s: %s\n", n_algos, n_algos == 1 ? "" : "s",
            n_sizes, n_sizes == 1 ? "" : "s", (hb_now_ns() - started) * 1e-9, hb_shown_name(path));
    return HB_EXIT_OK;
}
