/* hashbench bench: measure throughput across message sizes (the main job).
 * This file reads the options, lays out the cells, runs them with progress
 * on a terminal, collects the warnings and hands the run to a format. */
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench/clock.h"
#include "bench/cpuload.h"
#include "cli/as_cpu.h"
#include "cli/bench_run.h"
#include "cli/commands.h"
#include "cli/names.h"
#include "cli/outfile.h"
#include "cli/profile_use.h"
#include "cli/impl_threads.h"
#include "text/units.h"
#include "cli/util.h"
#include "peers/loader/c_peers.h"

#define MAX_SIZES 64
#define MAX_ALGOS 64
/* beyond the caches, a hash cannot outrun a plain read of memory */
#define MEMORY_CHECK_MIN_SIZE (16u << 20)

static void bench_usage(FILE *f)
{
    fprintf(f,
        "usage: hashbench [bench] [options]\n"
        "\n"
        "  -a, --algorithm IDS   comma-separated algorithm ids (default: all 40)\n"
        "      --impl SPEC       best (default), portable, fast, all, peers (the libraries people use\n"
        "                        instead, measured interleaved with ours; with `make peers`, also the\n"
        "                        Rust crates), or names, comma-separated\n"
        "  -s, --sizes LIST      message sizes, e.g. 16,64,256,1K,8K,64K,1M,16M (default 64,256,1024)\n"
        "      --budget MS       sampling time per algorithm, implementation and size (default 200)\n"
        "      --repeat N        samples per measurement, median reported (default 7)\n"
        "      --latency         each message depends on the previous digest (calls cannot overlap)\n"
        "      --unaligned       messages start one byte past a 64-byte boundary\n"
        "      --format FMT      table (default), json, csv, md\n"
        "  -o, --output FILE     write the results to FILE instead of standard output\n"
        "      --save FILE       also write the run as JSON to FILE (for the results store)\n"
        "      --sort ORDER      category (default), speed, name\n"
        "      --view VIEW       rows (default: one row per size, like the original suite) or matrix\n"
        "      --pin CPU         run on this CPU only (sched_setaffinity), from the start: no threaded\n"
        "                        implementation (blake3 mt) is then `best`\n"
        "      --threads N       also run N copies of each measurement at once (N or `all`: the CPUs this\n"
        "                        process may use) and report their aggregate throughput beside one copy's,\n"
        "                        as `openssl speed -multi` does; the copies are not pinned\n"
        "      --scale[=MAX]     implementations that run on several threads (blake3 mt, rust-blake3-rayon)\n"
        "                        measured at each thread count 1..MAX (default: the CPUs this process may use,\n"
        "                        one with --pin)\n"
        "  -q, --quiet           no progress line on the terminal\n"
        "      --as-cpu LEVEL    as an AVX2-class core: avx2-vpclmul (Zen 3, Ice Lake/Alder Lake clients) or\n"
        "                        avx2 (Haswell, Zen 2): AVX-512 masked for hashbench and the peers alike, the\n"
        "                        `other` core tuning, recorded in context.as_cpu (docs/peers-avx2.md)\n");
}

typedef struct bench_opts {
    const char *algos, *impl, *format, *output, *save, *sort, *view, *sizes;
    double budget_ms;
    unsigned long repeat;
    long pin;
    int latency, unaligned, quiet;
    unsigned threads;               /* --threads: copies at once; 0 or 1: one */
    unsigned scale;                 /* --scale: the largest thread count; 0: off */
    /* --threads all, --scale without MAX: the CPUs this process may use,
     * counted once --pin has been applied (resolve_cpu_counts) */
    int threads_all, scale_all;
} bench_opts;

static int bad(const char *what, const char *why)
{
    fprintf(stderr, "hashbench bench: %s: %s\n", what, why);
    return HB_EXIT_USAGE;
}

static int parse_sizes(const char *spec, size_t *sizes, unsigned *n)
{
    char err[160];
    if (hb_parse_size_list(spec, sizes, MAX_SIZES, n, err, sizeof err) != 0)
        return bad("--sizes", err);
    return 0;
}

static void progress(const bench_opts *o, unsigned done, unsigned total, const hb_cell *c, double started)
{
    char size[32];
    double elapsed = hb_now_ns() - started;
    if (o->quiet)
        return;
    if (!c) {
        fprintf(stderr, "\r\033[K");
        return;
    }
    hb_format_size(c->size, size, sizeof size);
    fprintf(stderr, "\r\033[K[%3u/%u] %-14s %-8s", done + 1, total, c->algo->id, size);
    if (done > 0)
        fprintf(stderr, "  about %.0f s left", elapsed * 1e-9 / done * (total - done));
}

/* One option's value into o (getopt_long's code c).  Returns 0, or an
 * exit status after a message. */
static int set_option(int c, const char *arg, bench_opts *o)
{
    char err[160];
    unsigned long v;
    switch (c) {
    case 'a': o->algos = arg; break;
    case 'i': o->impl = arg; break;
    case 's': o->sizes = arg; break;
    case 'b':
        if (hb_parse_ms(arg, &o->budget_ms, err, sizeof err) != 0)
            return bad("--budget", err);
        break;
    case 'r':
        if (hb_parse_uint(arg, 1, 100000, &o->repeat, err, sizeof err) != 0)
            return bad("--repeat", err);
        break;
    case 'L': o->latency = 1; break;
    case 'U': o->unaligned = 1; break;
    case 'f': o->format = arg; break;
    case 'o': o->output = arg; break;
    case 'J': o->save = arg; break;
    case 'S': o->sort = arg; break;
    case 'V': o->view = arg; break;
    case 'p':
        if (hb_parse_uint(arg, 0, CPU_SETSIZE - 1, &v, err, sizeof err) != 0)
            return bad("--pin", err);
        o->pin = (long)v;
        break;
    case 'q': o->quiet = 1; break;
    case 'T':
        o->threads_all = !strcmp(arg, "all");
        if (o->threads_all)
            v = 0;
        else if (hb_parse_uint(arg, 1, 1024, &v, err, sizeof err) != 0)
            return bad("--threads", err);
        o->threads = (unsigned)v;
        break;
    case 'X':
        o->scale_all = !arg;
        v = 1;                      /* on, its count resolved once pinned */
        if (arg && hb_parse_uint(arg, 1, 256, &v, err, sizeof err) != 0)
            return bad("--scale", err);
        o->scale = (unsigned)v;
        break;
    default: bench_usage(stderr); return HB_EXIT_USAGE;
    }
    return 0;
}

/* The options that only make sense together, and the names' spellings. */
static int check_opts(const bench_opts *o)
{
    if ((o->threads > 1 || o->threads_all) && o->pin >= 0)
        return bad("--threads", "the copies would share the one CPU of --pin: choose the CPUs with taskset instead");
    if (strcmp(o->format, "table") && strcmp(o->format, "json") && strcmp(o->format, "csv") && strcmp(o->format, "md"))
        return bad("--format", "unknown format (valid: table, json, csv, md)");
    if (strcmp(o->sort, "category") && strcmp(o->sort, "speed") && strcmp(o->sort, "name"))
        return bad("--sort", "unknown order (valid: category, speed, name)");
    if (strcmp(o->view, "rows") && strcmp(o->view, "matrix"))
        return bad("--view", "unknown view (valid: rows, matrix)");
    return 0;
}

/* Returns 0, -1 after --help, or an exit status after a message. */
static int parse_opts(int argc, char **argv, bench_opts *o)
{
    static const struct option opts[] = {
        { "algorithm", required_argument, 0, 'a' }, { "impl", required_argument, 0, 'i' },
        { "sizes", required_argument, 0, 's' },     { "budget", required_argument, 0, 'b' },
        { "repeat", required_argument, 0, 'r' },    { "latency", no_argument, 0, 'L' },
        { "unaligned", no_argument, 0, 'U' },       { "format", required_argument, 0, 'f' },
        { "output", required_argument, 0, 'o' },    { "sort", required_argument, 0, 'S' },
        { "view", required_argument, 0, 'V' },      { "pin", required_argument, 0, 'p' },
        { "quiet", no_argument, 0, 'q' },           { "help", no_argument, 0, 'h' },
        { "save", required_argument, 0, 'J' },
        { "threads", required_argument, 0, 'T' },  { "scale", optional_argument, 0, 'X' },
        { 0, 0, 0, 0 },
    };
    int c, rc;
    memset(o, 0, sizeof *o);
    o->impl = "best";
    o->format = "table";
    o->sort = "category";
    o->view = "rows";
    o->sizes = "64,256,1024";
    o->budget_ms = 200;
    o->repeat = 7;
    o->pin = -1;
    while ((c = getopt_long(argc, argv, "a:s:o:qh", opts, NULL)) != -1) {
        if (c == 'h') {
            bench_usage(stdout);
            return -1;
        }
        if ((rc = set_option(c, optarg, o)) != 0)
            return rc;
    }
    if (optind < argc)
        return bad("unexpected argument", argv[optind]);
    return check_opts(o);
}

/* Lays out the cells: for each algorithm, each size, each implementation
 * (hashbench's own, then the peers: the C libraries' and, once loaded, the
 * Rust crates', all in the same group).  `best` is resolved per
 * size: this machine's profile may pick differently at 64 B and at 1 MiB
 * (cli/profile_use.h).  Two passes: count, then fill. */
static int plan_cells(hb_run *run, const bench_opts *o, const hb_algo **algos, int n_algos)
{
    const hb_impl *impls[2 * HB_MAX_IMPLS];
    int n_impls, a, k, pass;
    unsigned s, total = 0, t, counts;
    for (pass = 0; pass < 2; pass++)
        for (a = 0; a < n_algos; a++)
            for (s = 0; s < run->n_sizes; s++) {
                n_impls = hb_cli_impls_at(algos[a], o->impl, n_algos > 1, run->sizes[s], impls, HB_MAX_IMPLS);
                if (n_impls < 0)
                    return HB_EXIT_USAGE;
                for (k = 0; k < n_impls; k++) {
                    /* --scale: one cell per thread count, in the same group,
                     * so that the counts are measured interleaved */
                    const hb_threads_iface *ti = o->scale ? hb_impl_threads(algos[a], impls[k]) : NULL;
                    counts = ti ? o->scale : 1;
                    if (pass == 0) {
                        total += counts;
                        continue;
                    }
                    for (t = 1; t <= counts; t++) {
                        hb_cell *c = &run->cells[run->n_cells++];
                        c->algo = algos[a];
                        c->impl = impls[k];
                        c->size = run->sizes[s];
                        c->threads = ti ? t : 0;
                        c->set_threads = ti ? ti->set : NULL;
                        c->others_cpus = -1;
                    }
                }
                if (pass == 0 && s + 1 == run->n_sizes && a + 1 == n_algos) {
                    if (total == 0)
                        return bad("--impl", "no selected algorithm has such an implementation on this CPU");
                    run->cells = calloc(total, sizeof *run->cells);
                    if (!run->cells)
                        return bad("memory", "cannot allocate the result table");
                }
            }
    return 0;
}

/* Flags what no single cell can tell: load, clock drift, memory speed. */
static void check_run(hb_run *run)
{
    unsigned s, i, noisy = 0;
    const hb_context *x = &run->ctx;
    if (x->loadavg[0] > 0.5 * x->logical_cpus || x->loadavg[0] > 1.0)
        hb_run_warn(run, "load average %.2f at start on %d CPUs: other processes competed for the CPU; "
                         "rerun on an idle machine", x->loadavg[0], x->logical_cpus);
    if (x->core_hz_start > 0 && x->core_hz_end > 0) {
        double change = x->core_hz_end / x->core_hz_start - 1;
        if (change > 0.05 || change < -0.05)
            hb_run_warn(run, "the measured core clock changed by %+.0f%% during the run (%.2f GHz at the end): "
                             "frequency scaling or load; cycles per byte assume the clock at the start",
                        100 * change, x->core_hz_end / 1e9);
    }
    for (s = 0; s < run->n_sizes; s++) {
        if (run->sizes[s] < MEMORY_CHECK_MIN_SIZE)
            continue;
        run->read_bw[s] = hb_read_bandwidth(run->sizes[s]);
        for (i = 0; i < run->n_cells; i++) {
            hb_cell *c = &run->cells[i];
            if (c->size != run->sizes[s] || run->read_bw[s] <= 0 || c->bytes_per_s <= 1.1 * run->read_bw[s])
                continue;
            c->warnings |= HB_WARN_MEMORY;
            hb_run_warn(run, "%s/%s at %zu bytes ran at %.1f GB/s, faster than this machine reads memory of that "
                             "size (%.1f GB/s): the figure is suspect", c->algo->id, c->impl->name, c->size,
                        c->bytes_per_s / 1e9, run->read_bw[s] / 1e9);
        }
    }
    for (i = 0; i < run->n_cells; i++)
        noisy += (run->cells[i].warnings & HB_WARN_SPREAD) != 0;
    if (noisy)
        hb_run_warn(run, "%u of %u measurements spread by more than 5%% (marked !): the machine is noisy; "
                         "compare only ratios measured in the same run, or use --pin and --repeat",
                    noisy, run->n_cells);
}

static int pin_cpu(long cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
        fprintf(stderr, "hashbench bench: --pin %ld: %s\n", cpu, strerror(errno));
        return HB_EXIT_USAGE;
    }
    return 0;
}

/* --threads all and --scale's default: the CPUs of the mask in force,
 * --pin's one CPU when it was given (so called after pin_cpu) */
static void resolve_cpu_counts(bench_opts *o)
{
    if (o->threads_all)
        o->threads = hb_usable_cpus();
    if (o->scale_all)
        o->scale = hb_usable_cpus();
}

/* Opens -o and --save as temporary files beside their targets (cli/
 * outfile.h): the targets are replaced only once the run is written out. */
static int open_outputs(const bench_opts *o, hb_outfile *out, hb_outfile *save)
{
    memset(out, 0, sizeof *out);
    memset(save, 0, sizeof *save);
    if (o->output && o->save && hb_same_output(o->output, o->save)) {
        fprintf(stderr, "hashbench bench: -o %s and --save %s are the same file: the JSON would replace "
                        "the %s output; give --save another file\n",
                hb_shown_name(o->output), hb_shown_name(o->save), o->format);
        return HB_EXIT_USAGE;
    }
    if (o->output && hb_outfile_open(out, o->output, "hashbench bench") != 0)
        return HB_EXIT_USAGE;
    if (o->save && hb_outfile_open(save, o->save, "hashbench bench") != 0) {
        hb_outfile_abort(out);
        return HB_EXIT_USAGE;
    }
    return 0;
}

/* --threads N: each cell of the group again as N copies at once.  The
 * copies are not pinned: on a shared machine the scheduler can move a copy
 * off a CPU another process took, as it would the user's own threads, and
 * pinning N copies to N CPUs would tie each to whatever else runs there;
 * the load check below says when the CPUs were not free. */
static int measure_copies(hb_cell *cells, unsigned n, const bench_opts *o, const hb_bench_settings *s)
{
    unsigned k;
    if (o->threads < 2)
        return 0;
    for (k = 0; k < n; k++)
        if (hb_measure_copies(&cells[k], o->threads, s) != 0)
            return -1;
    return 0;
}

/* The threads a group keeps busy: the copies, or the most an
 * implementation of it was told to use (its default: every CPU). */
static unsigned group_threads(const hb_cell *cells, unsigned n, const bench_opts *o, unsigned cpus)
{
    unsigned k, most = o->threads > 1 ? o->threads : 1;
    for (k = 0; k < n; k++) {
        unsigned t = cells[k].threads ? cells[k].threads :
                     hb_impl_threads(cells[k].algo, cells[k].impl) ? cpus : 1;
        if (t > most)
            most = t;
    }
    return most;
}

/* Other processes' share of this process's CPUs while the group ran
 * (bench/cpuload.h): more than the CPUs the group left free, plus a
 * quarter of one (the ticks are coarse), marks its cells. */
static void judge_load(hb_run *run, hb_cell *cells, unsigned n, const bench_opts *o, const hb_cpuload *start)
{
    double others = hb_cpuload_others(start);
    unsigned k, used = group_threads(cells, n, o, start->n_cpus);
    double spare = used < start->n_cpus ? (double)(start->n_cpus - used) : 0;
    for (k = 0; k < n; k++)
        cells[k].others_cpus = others;
    if (others < 0 || others <= spare + 0.25)
        return;
    for (k = 0; k < n; k++)
        cells[k].warnings |= HB_WARN_LOAD;
    run->load.loaded_groups++;
}

/* The Rust peers' loader says what went wrong through this: a run warning. */
static void warn_run(void *run, const char *message)
{
    hb_run_warn(run, "%s", message);
}

/* The options, sizes and algorithms.  Returns 0, -1 after --help, or an
 * exit status after a message. */
static int bench_parse(int argc, char **argv, bench_opts *o, hb_run *run, const hb_algo **algos, int *n_algos)
{
    static size_t sizes[MAX_SIZES];
    static double read_bw[MAX_SIZES];
    int rc = parse_opts(argc, argv, o);
    if (rc != 0)
        return rc;
    if ((rc = parse_sizes(o->sizes, sizes, &run->n_sizes)) != 0)
        return rc;
    run->sizes = sizes;
    run->read_bw = read_bw;
    *n_algos = hb_cli_algos(o->algos, algos, MAX_ALGOS);
    return *n_algos < 0 ? HB_EXIT_USAGE : 0;
}

/* The C peers first (the module: every run had them linked in before),
 * then the Rust crates, in the order their cells come. */
static void load_peers(hb_run *run, const bench_opts *o)
{
    const char *note = NULL;
    hb_c_peers_load(warn_run, run);
    if (hb_rust_peers_wanted(o->impl)) {
        hb_rust_peers_load(hb_as_cpu_level(), &run->rust, warn_run, run, &note);
        if (note && !o->quiet && isatty(STDERR_FILENO))
            fprintf(stderr, "hashbench bench: note: %s\n", note);
    }
}

/* Every message buffer must be allocatable before anything is measured. */
static int probe_messages(const hb_run *run, const bench_opts *o)
{
    unsigned i;
    for (i = 0; i < run->n_sizes; i++) {
        uint8_t *probe = hb_message_new(run->sizes[i], o->unaligned);
        if (!probe) {
            char s[32];
            hb_format_size(run->sizes[i], s, sizeof s);
            fprintf(stderr, "hashbench bench: --sizes: a message of %s cannot be allocated\n", s);
            return HB_EXIT_USAGE;
        }
        hb_message_free(probe, o->unaligned);
    }
    return 0;
}

/* Pins, loads the peers and the profile, lays out the cells.  Returns 0,
 * or an exit status after a message. */
static int bench_prepare(hb_run *run, bench_opts *o, const hb_algo **algos, int n_algos)
{
    int rc;
    /* --pin before anything counts CPUs or makes a thread: the picks (a
     * threaded `best` is none on one CPU, src/dispatch.c), the default
     * thread counts, BLAKE3 mt's pool and rayon's global pool (sized and
     * made at its first use) all follow the mask in force then; a thread
     * made before would keep the old mask, and run where --pin meant the
     * run not to */
    if (o->pin >= 0 && (rc = pin_cpu(o->pin)) != 0)
        return rc;
    resolve_cpu_counts(o);
    load_peers(run, o);
    /* loaded before anything is laid out: `best` and the peer comparisons
     * follow it, and the record names it (a refused one warns here, once) */
    hb_cli_profile();
    if ((rc = plan_cells(run, o, algos, n_algos)) != 0)
        return rc;
    run->impl_spec = o->impl;
    run->sort = !strcmp(o->sort, "speed") ? HB_SORT_SPEED : !strcmp(o->sort, "name") ? HB_SORT_NAME : HB_SORT_CATEGORY;
    run->view = !strcmp(o->view, "matrix") ? HB_VIEW_MATRIX : HB_VIEW_ROWS;
    return probe_messages(run, o);
}

/* --as-cpu: what it could not mask, only about the peers this run measures
 * (each line starts with the peer's name). */
static void warn_unmasked(hb_run *run)
{
    const char *const *u;
    unsigned i;
    if (!hb_as_cpu_level())
        return;
    for (u = hb_as_cpu_unmasked(); *u; u++)
        for (i = 0; i < run->n_cells; i++)
            if (strncmp(*u, run->cells[i].impl->name, strcspn(*u, " ")) == 0 &&
                run->cells[i].impl->name[strcspn(*u, " ")] == 0) {
                hb_run_warn(run, "--as-cpu %s: not masked on this CPU: %s", hb_as_cpu_level(), *u);
                break;
            }
}

/* The machine, the clock and the call overhead, and the run's settings. */
static void start_run(hb_run *run, const bench_opts *o)
{
    hb_context_collect(&run->ctx, 1);
    hb_context_warn_emulation(&run->ctx, "hashbench bench", NULL);
    run->ctx.pinned_cpu = (int)o->pin;
    run->settings.budget_ms = o->budget_ms;
    run->settings.repeat = (unsigned)o->repeat;
    run->settings.latency = o->latency;
    run->settings.unaligned = o->unaligned;
    run->settings.resolution_ns = run->ctx.clock.resolution_ns;
    run->ctx.call_overhead_ns = hb_measure_overhead(&run->settings);
    run->ctx.call_overhead_streamed_ns = hb_measure_overhead_streamed(&run->settings);
    run->threads = o->threads > 1 ? o->threads : 0;
    run->scale = o->scale;
}

/* Measures the cells group by group (one algorithm and size: interleaved),
 * with progress.  Returns 0, or -1 after a message (out of memory). */
static int measure_groups(hb_run *run, const bench_opts *o, unsigned n_groups)
{
    unsigned i, done = 0;
    double started = hb_now_ns();
    hb_cpuload group_load;
    for (i = 0; i < run->n_cells;) {
        unsigned j = i;
        while (j < run->n_cells && run->cells[j].algo == run->cells[i].algo && run->cells[j].size == run->cells[i].size)
            j++;
        progress(o, done, n_groups, &run->cells[i], started);
        hb_cpuload_start(&group_load);
        if (hb_measure_group(&run->cells[i], j - i, &run->settings) != 0 ||
            measure_copies(&run->cells[i], j - i, o, &run->settings) != 0) {
            progress(o, 0, 0, NULL, 0);
            /* a thread's stack is 8 MiB (the usual ulimit -s): a 32-bit
             * process has address space for a few hundred, not --threads 1024 */
            fprintf(stderr, "hashbench bench: out of memory measuring %s%s\n", run->cells[i].algo->id,
                    o->threads > 1 ? ", or not every one of its --threads copies could start (each needs a thread "
                                     "and its stack: a 32-bit process has room for a few hundred)"
                                   : "");
            return -1;
        }
        judge_load(run, &run->cells[i], j - i, o, &group_load);
        done++;
        i = j;
    }
    progress(o, 0, 0, NULL, 0);
    return 0;
}

/* Measures every cell, then judges the run as a whole (load, clock,
 * memory speed) and says its warnings.  Returns 0, or an exit status. */
static int bench_run(hb_run *run, const bench_opts *o)
{
    unsigned i, n_groups = 0;
    hb_cpuload run_load;
    warn_unmasked(run);
    start_run(run, o);
    for (i = 0; i < run->n_cells; i++)
        n_groups += i == 0 || run->cells[i].algo != run->cells[i - 1].algo || run->cells[i].size != run->cells[i - 1].size;
    hb_cpuload_start(&run_load);
    if (measure_groups(run, o, n_groups) != 0)
        return HB_EXIT_FAIL;
    run->load.others_cpus = hb_cpuload_others(&run_load);
    hb_cpuload_cpus_text(&run_load, run->load.cpus, sizeof run->load.cpus);
    run->load.n_cpus = run_load.n_cpus;
    if (run->load.loaded_groups > 0)
        hb_run_warn(run, "other processes used the CPUs this run ran on (%s) during %u of %u measurement groups "
                         "(%.2f CPUs' worth over the whole run; /proc/stat less hashbench's own CPU time): those "
                         "figures (marked !) are low%s", run->load.cpus, run->load.loaded_groups, n_groups,
                    run->load.others_cpus, o->threads > 1 || o->scale ? ", and the thread scaling understated" : "");
    run->ctx.core_hz_end = hb_core_clock_hz(50);
    check_run(run);
    for (i = 0; i < run->n_warnings; i++)
        fprintf(stderr, "hashbench: warning: %s\n", run->warnings[i]);
    return 0;
}

/* The run in its format to -o or standard output, and as JSON to --save.
 * Returns the exit status. */
static int bench_emit(const hb_run *run, const bench_opts *o, hb_outfile *out_file, hb_outfile *save_file)
{
    FILE *out = out_file->f ? out_file->f : stdout;
    int rc = HB_EXIT_OK;
    if (!strcmp(o->format, "json"))
        hb_report_json(out, run);
    else if (!strcmp(o->format, "csv"))
        hb_report_csv(out, run);
    else if (!strcmp(o->format, "md"))
        hb_report_md(out, run);
    else
        hb_report_table(out, run);
    /* standard output is checked by main(), once for every command */
    if (out_file->f && hb_outfile_commit(out_file, "hashbench bench") != 0)
        rc = HB_EXIT_FAIL;
    if (save_file->f) {
        hb_report_json(save_file->f, run);
        if (hb_outfile_commit(save_file, "hashbench bench") != 0)
            rc = HB_EXIT_FAIL;
    }
    return rc;
}

static void free_run(hb_run *run)
{
    unsigned i;
    for (i = 0; i < run->n_cells; i++)
        hb_cell_free(&run->cells[i]);
    free(run->cells);
    for (i = 0; i < run->n_warnings; i++)
        free(run->warnings[i]);
}

int hb_cmd_bench(int argc, char **argv)
{
    static hb_run run;
    const hb_algo *algos[MAX_ALGOS];
    bench_opts o;
    hb_outfile out_file, save_file;
    int n_algos, rc;

    rc = bench_parse(argc, argv, &o, &run, algos, &n_algos);
    if (rc != 0)
        return rc < 0 ? HB_EXIT_OK : rc;
    if ((rc = bench_prepare(&run, &o, algos, n_algos)) != 0)
        return rc;
    /* every option is checked before any output is opened: a bad one must
     * not cost the user the file a previous run wrote */
    if ((rc = open_outputs(&o, &out_file, &save_file)) != 0)
        return rc;
    if (!isatty(STDERR_FILENO))
        o.quiet = 1;
    if ((rc = bench_run(&run, &o)) != 0) {
        hb_outfile_abort(&out_file);
        hb_outfile_abort(&save_file);
        return rc;
    }
    rc = bench_emit(&run, &o, &out_file, &save_file);
    free_run(&run);
    return rc;
}
