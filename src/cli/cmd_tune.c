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
#include "text/units.h"
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

typedef struct tune_opts {
    const char *algo_spec, *size_spec, *output;
    unsigned long repeat;
    double budget_ms;
    int quiet, check;
} tune_opts;

static int usage_error(const char *what, const char *why)
{
    fprintf(stderr, "hashbench tune: %s: %s\n", what, why);
    return HB_EXIT_USAGE;
}

/* Returns 0, -1 after --help, or an exit status after a message. */
static int parse_opts(int argc, char **argv, tune_opts *o)
{
    static const struct option opts[] = {
        { "algorithm", required_argument, 0, 'a' }, { "sizes", required_argument, 0, 's' },
        { "budget", required_argument, 0, 'b' },    { "repeat", required_argument, 0, 'r' },
        { "output", required_argument, 0, 'o' },    { "check", no_argument, 0, 'C' },
        { "quiet", no_argument, 0, 'q' },           { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 },
    };
    char err[200];
    int c;
    memset(o, 0, sizeof *o);
    o->size_spec = DEFAULT_SIZES;
    o->repeat = 5;
    o->budget_ms = 8;
    while ((c = getopt_long(argc, argv, "a:s:o:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'a': o->algo_spec = optarg; break;
        case 's': o->size_spec = optarg; break;
        case 'b':
            if (hb_parse_ms(optarg, &o->budget_ms, err, sizeof err) != 0)
                return usage_error("--budget", err);
            break;
        case 'r':
            if (hb_parse_uint(optarg, 1, 1000, &o->repeat, err, sizeof err) != 0)
                return usage_error("--repeat", err);
            break;
        case 'o': o->output = optarg; break;
        case 'C': o->check = 1; break;
        case 'q': o->quiet = 1; break;
        case 'h': tune_usage(stdout); return -1;
        default: tune_usage(stderr); return HB_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "hashbench tune: unexpected argument '%s'\n", argv[optind]);
        return HB_EXIT_USAGE;
    }
    return 0;
}

/* What one run measures and where its profile goes. */
typedef struct tune_plan {
    const hb_algo *algos[MAX_ALGOS];
    int n_algos;
    size_t sizes[MAX_SIZES];
    unsigned n_sizes;
    char path[4096], figures_path[4200];
} tune_plan;

/* The sizes (in increasing order), the algorithms and the profile's path.
 * Returns 0, or an exit status after a message. */
static int tune_parse(const tune_opts *o, tune_plan *p)
{
    char err[200];
    if (hb_parse_size_list(o->size_spec, p->sizes, MAX_SIZES, &p->n_sizes, err, sizeof err) != 0)
        return usage_error("--sizes", err);
    qsort(p->sizes, p->n_sizes, sizeof p->sizes[0], cmp_size);
    if ((p->n_algos = hb_cli_algos(o->algo_spec, p->algos, MAX_ALGOS)) < 0)
        return HB_EXIT_USAGE;
    if (o->output)
        snprintf(p->path, sizeof p->path, "%s", o->output);
    else if (hb_cli_profile_path(p->path, sizeof p->path, 1) != 0)
        return HB_EXIT_FAIL;
    return 0;
}

/* A profile for this machine, with the settings it is measured with.
 * Returns NULL after a message. */
static hb_profile_out *start_profile(const tune_opts *o, hb_bench_settings *s)
{
    hb_context ctx;
    hb_profile_key key;
    hb_profile_out *out;
    hb_context_collect(&ctx, 0);
    hb_context_warn_emulation(&ctx, "hashbench tune", "The profile's key says \"emulated\": a run outside "
                              "emulation never uses it (docs/tune.md).");
    hb_profile_key_here(&key);
    memset(s, 0, sizeof *s);
    s->budget_ms = o->budget_ms;
    s->repeat = (unsigned)o->repeat;
    s->resolution_ns = ctx.clock.resolution_ns;
    if (!(out = hb_profile_out_new(&key, ctx.cpu_model, s->repeat, o->budget_ms)))
        fprintf(stderr, "hashbench tune: cannot start a profile: out of memory, or this build has no JSON "
                        "library (jansson: the Makefile's HB_JSON)\n");
    return out;
}

/* Measures every algorithm into out, with progress.  Returns 0, or -1
 * after a message (out of memory). */
static int tune_run(const tune_opts *o, const tune_plan *p, hb_profile_out *out, const hb_bench_settings *s,
                    double started)
{
    unsigned i;
    for (i = 0; i < (unsigned)p->n_algos; i++) {
        progress(o->quiet, i, (unsigned)p->n_algos, p->algos[i], started);
        if (tune_algo(out, p->algos[i], p->sizes, p->n_sizes, s) != 0) {
            progress(o->quiet, 0, 0, NULL, 0);
            fprintf(stderr, "hashbench tune: out of memory measuring %s\n", p->algos[i]->id);
            return -1;
        }
    }
    progress(o->quiet, 0, 0, NULL, 0);
    return 0;
}

int hb_cmd_tune(int argc, char **argv)
{
    static tune_plan p;
    tune_opts o;
    hb_bench_settings s;
    hb_profile_out *out;
    hb_outfile prof, figs;
    double started;
    int rc;

    if ((rc = parse_opts(argc, argv, &o)) != 0)
        return rc < 0 ? HB_EXIT_OK : rc;
    if (o.check)
        return check_only();
    if ((rc = tune_parse(&o, &p)) != 0)
        return rc;
    if (!isatty(STDERR_FILENO))
        o.quiet = 1;
    if (!(out = start_profile(&o, &s)))
        return HB_EXIT_FAIL;
    if ((rc = open_outputs(p.path, o.output != NULL, p.figures_path, sizeof p.figures_path, &prof, &figs)) != 0) {
        hb_profile_out_free(out);
        return rc;
    }
    started = hb_now_ns();
    if (tune_run(&o, &p, out, &s, started) != 0) {
        hb_profile_out_free(out);
        close_outputs(&prof, &figs);
        return HB_EXIT_FAIL;
    }
    rc = write_outputs(out, p.path, &prof, &figs);
    hb_profile_out_free(out);
    if (rc != 0)
        return HB_EXIT_FAIL;
    fprintf(stderr, "hashbench tune: %d algorithm%s at %u size%s in %.1f s: %s\n", p.n_algos,
            p.n_algos == 1 ? "" : "s", p.n_sizes, p.n_sizes == 1 ? "" : "s", (hb_now_ns() - started) * 1e-9,
            hb_shown_name(p.path));
    return HB_EXIT_OK;
}
