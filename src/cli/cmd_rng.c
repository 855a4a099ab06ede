/* hashbench rng: how fast each random source this machine has produces
 * bytes, and a cheap check that its bytes are not plainly broken
 * (docs/rng.md).  This file reads the options, lays out and runs the
 * measurements, interleaved (round k of every source and size before round
 * k + 1), and hands the run to a format (rng_output.c). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench/clock.h"
#include "cli/commands.h"
#include "cli/outfile.h"
#include "cli/rng_run.h"
#include "cli/units.h"
#include "cli/util.h"

#define DEFAULT_SIZES "1M,10M,50M"
#define DEFAULT_REPEAT 5
#define DEFAULT_MAX_TIME 10.0
/* the first bytes of every source: its rate decides which sizes fit --max-time */
#define PROBE_SIZE (64u << 10)
#define MAX_DEVICES 8

static void rng_usage(FILE *f)
{
    fprintf(f,
        "usage: hashbench rng [options]\n"
        "\n"
        "Throughput of the random sources this machine has (the kernel's devices and getrandom(),\n"
        "RDRAND/RDSEED or RNDR, OpenSSL and libsodium, `openssl rand` as a process), each with a\n"
        "byte-frequency chi-square and a monobit check of its output (docs/rng.md).\n"
        "\n"
        "  -s, --sizes LIST      bytes per sample (default " DEFAULT_SIZES "; K, M, G are binary)\n"
        "  -r, --repeat N        samples per source and size, median reported (default %d, at most %d)\n"
        "      --sources IDS     comma-separated: urandom, random, getrandom, hwrng, rdrand, rdseed, rndr,\n"
        "                        openssl, sodium, openssl-rand (default: all)\n"
        "      --device PATH     check and time this file or device instead (may be given %d times)\n"
        "      --max-time S      skip a size whose sample would take longer than S seconds at the\n"
        "                        rate of the source's first 64 KiB (default %g)\n"
        "      --format FMT      table (default) or json\n"
        "  -o, --output FILE     write the results to FILE instead of standard output\n"
        "      --save FILE       also write the run as JSON to FILE (for the results store)\n"
        "  -q, --quiet           no progress line on the terminal\n"
        "\n"
        "Exit status: 0 when every source that ran passed its checks; 1 when a check FAILed or a\n"
        "source failed while producing bytes (a source skipped for a reason is not a failure);\n"
        "2 for a bad command line.\n",
        DEFAULT_REPEAT, HB_RNG_MAX_REPEAT, MAX_DEVICES, DEFAULT_MAX_TIME);
}

typedef struct rng_opts {
    const char *sizes, *sources, *format, *output, *save;
    const char *devices[MAX_DEVICES];
    unsigned n_devices;
    unsigned long repeat;
    double max_time;
    int quiet;
} rng_opts;

static int bad(const char *what, const char *why)
{
    fprintf(stderr, "hashbench rng: %s: %s\n", what, why);
    return HB_EXIT_USAGE;
}

static int parse_seconds(const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v > 0) || v > 1e6)
        return bad("--max-time", "expected a number of seconds above 0");
    *out = v;
    return 0;
}

static int parse_opts(int argc, char **argv, rng_opts *o)
{
    static const struct option opts[] = {
        { "sizes", required_argument, 0, 's' },  { "repeat", required_argument, 0, 'r' },
        { "sources", required_argument, 0, 'S' }, { "device", required_argument, 0, 'D' },
        { "max-time", required_argument, 0, 'T' }, { "format", required_argument, 0, 'f' },
        { "output", required_argument, 0, 'o' }, { "save", required_argument, 0, 'J' },
        { "quiet", no_argument, 0, 'q' },        { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 },
    };
    char err[160];
    int c;
    memset(o, 0, sizeof *o);
    o->sizes = DEFAULT_SIZES;
    o->format = "table";
    o->repeat = DEFAULT_REPEAT;
    o->max_time = DEFAULT_MAX_TIME;
    while ((c = getopt_long(argc, argv, "s:r:o:qh", opts, NULL)) != -1) {
        switch (c) {
        case 's': o->sizes = optarg; break;
        case 'r':
            if (hb_parse_uint(optarg, 1, HB_RNG_MAX_REPEAT, &o->repeat, err, sizeof err) != 0)
                return bad("--repeat", err);
            break;
        case 'S': o->sources = optarg; break;
        case 'D':
            if (o->n_devices == MAX_DEVICES)
                return bad("--device", "given too many times");
            o->devices[o->n_devices++] = optarg;
            break;
        case 'T':
            if (parse_seconds(optarg, &o->max_time) != 0)
                return HB_EXIT_USAGE;
            break;
        case 'f': o->format = optarg; break;
        case 'o': o->output = optarg; break;
        case 'J': o->save = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'h': rng_usage(stdout); return -1;
        default: rng_usage(stderr); return HB_EXIT_USAGE;
        }
    }
    if (optind < argc)
        return bad("unexpected argument", argv[optind]);
    if (strcmp(o->format, "table") && strcmp(o->format, "json"))
        return bad("--format", "unknown format (valid: table, json)");
    if (o->sources && o->n_devices)
        return bad("--device", "cannot be combined with --sources (--device checks only the files named)");
    return 0;
}

/* The sources --sources names (all by default), in table order. */
static int pick_sources(const char *spec, hb_rng_run *run)
{
    unsigned n, i;
    hb_rng_source *all = hb_rng_sources(&n);
    char picked[HB_RNG_MAX_SOURCES] = { 0 };
    if (spec) {
        const char *p = spec;
        for (;;) {
            size_t len = strcspn(p, ",");
            for (i = 0; i < n; i++)
                if (strlen(all[i].id) == len && strncmp(all[i].id, p, len) == 0)
                    break;
            if (i == n || len == 0) {
                fprintf(stderr, "hashbench rng: --sources: unknown source '%.*s' (valid:", (int)len, p);
                for (i = 0; i < n; i++)
                    fprintf(stderr, " %s", all[i].id);
                fprintf(stderr, ")\n");
                return HB_EXIT_USAGE;
            }
            picked[i] = 1;
            if (!p[len])
                break;
            p += len + 1;
        }
    }
    for (i = 0; i < n; i++)
        if (!spec || picked[i])
            run->results[run->n_results++].src = &all[i];
    return 0;
}

static void progress(const rng_opts *o, const hb_rng_result *r, size_t size, unsigned round, unsigned rounds)
{
    char s[32];
    if (o->quiet)
        return;
    if (!r) {
        fprintf(stderr, "\r\033[K");
        return;
    }
    hb_format_size(size, s, sizeof s);
    fprintf(stderr, "\r\033[K[round %u/%u] %-26s %s", round + 1, rounds, r->src->label, s);
}

static void fail(hb_rng_result *r, const char *why)
{
    r->status = HB_RNG_FAILED;
    snprintf(r->why, sizeof r->why, "%s", why);
}

/* Opens every source and takes its first PROBE_SIZE bytes (timed, checked):
 * a source that cannot be opened is skipped with the reason. */
static void open_and_probe(hb_rng_run *run, uint8_t *buf)
{
    unsigned i;
    for (i = 0; i < run->n_results; i++) {
        hb_rng_result *r = &run->results[i];
        char why[HB_RNG_WHY];
        size_t got = 0, want;
        double t0, t;
        hb_rng_tally_init(&r->tally);
        r->src->fd = -1;
        r->src->retries = 0;
        r->src->detail[0] = 0;
        if (r->src->ops->open(r->src, why, sizeof why) != 0) {
            r->status = HB_RNG_SKIPPED;
            snprintf(r->why, sizeof r->why, "%s", why);
            continue;
        }
        /* a regular file shorter than the probe is probed whole */
        want = PROBE_SIZE;
        if (r->src->is_regular_file && r->src->file_size < want)
            want = (size_t)r->src->file_size;
        t0 = hb_now_ns();
        if (r->src->ops->fill(r->src, buf, want, &got, why, sizeof why) != 0) {
            fail(r, why);
            continue;
        }
        t = hb_now_ns() - t0;
        r->probe_bps = r->best_bps = t > 0 ? got / (t * 1e-9) : 0;
        hb_rng_tally_add(&r->tally, buf, got);
    }
}

/* Which sizes each source will be asked for.  A regular file must hold
 * every size asked: one that ends first fails, before anything is timed,
 * rather than have a few bytes timed under a size's name. */
static void plan(hb_rng_run *run)
{
    unsigned i, k;
    for (i = 0; i < run->n_results; i++) {
        hb_rng_result *r = &run->results[i];
        for (k = 0; k < run->n_sizes && r->status == HB_RNG_MEASURED; k++)
            if (r->src->is_regular_file && run->sizes[k] > r->src->file_size) {
                char size[32];
                hb_format_size(run->sizes[k], size, sizeof size);
                r->status = HB_RNG_FAILED;
                snprintf(r->why, sizeof r->why, "%s: the file holds %llu bytes, fewer than the %s (%zu bytes) "
                         "asked by --sizes: give a longer file or smaller sizes", r->src->path,
                         r->src->file_size, size, run->sizes[k]);
            }
        for (k = 0; k < run->n_sizes; k++) {
            hb_rng_cell *c = &r->cells[k];
            c->size = c->bytes = run->sizes[k];
            if (r->status != HB_RNG_MEASURED) {
                c->status = HB_RNG_SKIPPED;
                snprintf(c->why, sizeof c->why, "%s", r->status == HB_RNG_SKIPPED ? "source skipped" : "source failed");
            }
        }
    }
}

/* Before a source's first sample of a size (round 0, smallest size first):
 * at the fastest rate it has shown so far (the probe, the smaller sizes),
 * would one sample take longer than --max-time?  Then the size is skipped
 * with the estimate.  The smaller sizes matter for `openssl rand`, whose
 * probe is mostly the program's start. */
static int too_slow(const hb_rng_run *run, const hb_rng_result *r, hb_rng_cell *c)
{
    char rate[32];
    double estimate = r->best_bps > 0 ? c->bytes / r->best_bps : 0;
    if (estimate <= run->max_time_s)
        return 0;
    hb_format_rate(r->best_bps, rate, sizeof rate);
    c->status = HB_RNG_SKIPPED;
    snprintf(c->why, sizeof c->why, "about %.0f s per sample at %s (the fastest it has been so far), over "
             "--max-time %g s", estimate, rate, run->max_time_s);
    return 1;
}

static void summarize(hb_rng_cell *c)
{
    if (c->status != HB_RNG_MEASURED || c->n_samples == 0)
        return;
    c->ns = hb_summarize(c->samples_ns, c->n_samples);
    c->bps = c->bytes / (c->ns.median * 1e-9);
    c->bps_min = c->bytes / (c->ns.max * 1e-9);
    c->bps_max = c->bytes / (c->ns.min * 1e-9);
}

/* Round k of every source and size before round k + 1, so that a change in
 * the machine's load falls on every source alike. */
static void measure(hb_rng_run *run, uint8_t *buf, const rng_opts *o)
{
    unsigned round, k, i;
    for (round = 0; round < run->repeat; round++)
        for (k = 0; k < run->n_sizes; k++)
            for (i = 0; i < run->n_results; i++) {
                hb_rng_result *r = &run->results[i];
                hb_rng_cell *c = &r->cells[k];
                char why[HB_RNG_WHY];
                size_t got = 0;
                double t0, t;
                if (r->status != HB_RNG_MEASURED || c->status != HB_RNG_MEASURED)
                    continue;
                if (round == 0 && too_slow(run, r, c))
                    continue;
                progress(o, r, c->size, round, run->repeat);
                why[0] = 0;
                t0 = hb_now_ns();
                if (r->src->ops->fill(r->src, buf, c->bytes, &got, why, sizeof why) != 0 || got != c->bytes) {
                    if (got != c->bytes && !why[0])
                        snprintf(why, sizeof why, "gave %zu bytes where it gave %zu before", got, c->bytes);
                    fail(r, why);
                    c->status = HB_RNG_FAILED;
                    snprintf(c->why, sizeof c->why, "%s", why);
                    continue;
                }
                t = hb_now_ns() - t0;
                c->samples_ns[c->n_samples++] = t > 0 ? t : 1;
                if (got / (c->samples_ns[c->n_samples - 1] * 1e-9) > r->best_bps)
                    r->best_bps = got / (c->samples_ns[c->n_samples - 1] * 1e-9);
                if (round == 0 && !r->src->is_regular_file) {
                    hb_rng_tally_add(&r->tally, buf, got);
                } else if (round == 0 && got > r->tally.bytes) {
                    /* a file gives the same bytes at every size: counting
                     * them twice would double every deviation, so only its
                     * longest read is checked */
                    hb_rng_tally_init(&r->tally);
                    hb_rng_tally_add(&r->tally, buf, got);
                }
            }
    progress(o, NULL, 0, 0, 0);
    for (i = 0; i < run->n_results; i++) {
        hb_rng_result *r = &run->results[i];
        for (k = 0; k < run->n_sizes; k++) {
            hb_rng_cell *c = &r->cells[k];
            /* the sizes a source that failed never reached */
            if (c->status == HB_RNG_MEASURED && c->n_samples == 0) {
                c->status = HB_RNG_SKIPPED;
                snprintf(c->why, sizeof c->why, "source failed");
            }
            summarize(c);
        }
        if (r->status != HB_RNG_SKIPPED)
            r->verdict = hb_rng_judge(&r->tally);
        if (r->src->ops->close)
            r->src->ops->close(r->src);
    }
}

int hb_rng_result_bad(const hb_rng_run *run, const hb_rng_result *r)
{
    /* a file or device the user named must be read: skipping it is a failure */
    if (r->status == HB_RNG_SKIPPED)
        return !strcmp(run->sources_spec, "device");
    return r->status == HB_RNG_FAILED || r->verdict.overall == HB_RNG_FAIL;
}

/* On standard error too, so that a script sees why the status is 1. */
static void say_bad(const hb_rng_run *run, const hb_rng_result *r)
{
    const hb_rng_verdict *v = &r->verdict;
    if (r->status != HB_RNG_MEASURED)
        fprintf(stderr, "hashbench rng: %s: %s: %s\n", r->src->label,
                r->status == HB_RNG_SKIPPED ? "cannot be read" : "failed", r->why);
    if (r->status != HB_RNG_SKIPPED && v->overall == HB_RNG_FAIL)
        fprintf(stderr, "hashbench rng: %s: sanity check FAILED (%s%s%s) on %llu bytes: not random\n",
                r->src->label, v->chi == HB_RNG_FAIL ? "byte-frequency chi-square" : "",
                v->chi == HB_RNG_FAIL && v->monobit == HB_RNG_FAIL ? ", " : "",
                v->monobit == HB_RNG_FAIL ? "monobit" : "", (unsigned long long)v->bytes);
    (void)run;
}

static void warn(hb_rng_run *run, const char *text)
{
    if (run->n_warnings < HB_RNG_MAX_WARNINGS)
        snprintf(run->warnings[run->n_warnings++], sizeof run->warnings[0], "%s", text);
}

static int open_outputs(const rng_opts *o, hb_outfile *out, hb_outfile *save)
{
    memset(out, 0, sizeof *out);
    memset(save, 0, sizeof *save);
    if (o->output && o->save && hb_same_output(o->output, o->save))
        return bad("--save", "names the same file as -o; give --save another file");
    if (o->output && hb_outfile_open(out, o->output, "hashbench rng") != 0)
        return HB_EXIT_USAGE;
    if (o->save && hb_outfile_open(save, o->save, "hashbench rng") != 0) {
        hb_outfile_abort(out);
        return HB_EXIT_USAGE;
    }
    return 0;
}

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

int hb_cmd_rng(int argc, char **argv)
{
    static hb_rng_run run;
    static hb_rng_source devices[MAX_DEVICES];
    rng_opts o;
    hb_outfile out_file, save_file;
    uint8_t *buf;
    void *aligned;
    size_t biggest = PROBE_SIZE;
    char err[160];
    unsigned i;
    int rc;

    if ((rc = parse_opts(argc, argv, &o)) != 0)
        return rc < 0 ? HB_EXIT_OK : rc;
    if (hb_parse_size_list(o.sizes, run.sizes, HB_RNG_MAX_SIZES, &run.n_sizes, err, sizeof err) != 0)
        return bad("--sizes", err);
    /* smallest first: the smaller sizes' rates decide which larger ones fit --max-time */
    qsort(run.sizes, run.n_sizes, sizeof run.sizes[0], cmp_size);
    run.repeat = (unsigned)o.repeat;
    run.max_time_s = o.max_time;
    run.results = calloc(HB_RNG_MAX_SOURCES, sizeof *run.results);
    if (!run.results)
        return bad("memory", "cannot allocate the result table");
    if (o.n_devices) {
        for (i = 0; i < o.n_devices; i++) {
            hb_rng_file_source(&devices[i], o.devices[i]);
            run.results[run.n_results++].src = &devices[i];
        }
        run.sources_spec = "device";
    } else {
        if ((rc = pick_sources(o.sources, &run)) != 0)
            return rc;
        run.sources_spec = o.sources ? o.sources : "all";
    }
    for (i = 0; i < run.n_sizes; i++)
        if (run.sizes[i] > biggest)
            biggest = run.sizes[i];
    /* page aligned, as sum's buffers: the kernel's copy into malloc's large
     * blocks (16 bytes past a page) ran at a third of the speed out of the
     * page cache on Zen 3 (docs/sum.md).  The RNG sources measured the same
     * either way (10 MiB, /dev/urandom 323 vs 320 MB/s): generating, not
     * copying, bounds them. */
    if (posix_memalign(&aligned, 4096, biggest) != 0)
        aligned = NULL;
    buf = aligned;
    if (!buf) {
        hb_format_size(biggest, err, sizeof err);
        fprintf(stderr, "hashbench rng: --sizes: a buffer of %s cannot be allocated\n", err);
        return HB_EXIT_USAGE;
    }
    /* its pages are touched before anything is timed */
    memset(buf, 0, biggest);
    if ((rc = open_outputs(&o, &out_file, &save_file)) != 0) {
        free(buf);
        return rc;
    }
    if (!isatty(STDERR_FILENO))
        o.quiet = 1;

    hb_context_collect(&run.base.ctx, 1);
    hb_context_warn_emulation(&run.base.ctx, "hashbench rng", NULL);
    run.base.ctx.pinned_cpu = -1;
    if (run.base.ctx.loadavg[0] > 0.5 * run.base.ctx.logical_cpus || run.base.ctx.loadavg[0] > 1.0) {
        char text[256];
        snprintf(text, sizeof text, "load average %.2f at start on %d CPUs: other processes competed for the "
                 "CPU; rerun on an idle machine", run.base.ctx.loadavg[0], run.base.ctx.logical_cpus);
        warn(&run, text);
    }
    open_and_probe(&run, buf);
    plan(&run);
    measure(&run, buf, &o);
    run.base.ctx.core_hz_end = hb_core_clock_hz(50);
    free(buf);
    for (i = 0; i < run.n_results; i++) {
        const hb_rng_result *r = &run.results[i];
        if (r->status == HB_RNG_MEASURED && r->src->retries) {
            char text[256];
            snprintf(text, sizeof text, "%s: %llu tries gave no value and were retried", r->src->label,
                     r->src->retries);
            warn(&run, text);
        }
    }
    for (i = 0; i < run.n_warnings; i++)
        fprintf(stderr, "hashbench: warning: %s\n", run.warnings[i]);

    if (!strcmp(o.format, "json"))
        hb_rng_report_json(out_file.f ? out_file.f : stdout, &run);
    else
        hb_rng_report_table(out_file.f ? out_file.f : stdout, &run);

    rc = HB_EXIT_OK;
    for (i = 0; i < run.n_results; i++)
        if (hb_rng_result_bad(&run, &run.results[i])) {
            say_bad(&run, &run.results[i]);
            rc = HB_EXIT_FAIL;
        }
    if (out_file.f && hb_outfile_commit(&out_file, "hashbench rng") != 0)
        rc = HB_EXIT_FAIL;
    if (save_file.f) {
        hb_rng_report_json(save_file.f, &run);
        if (hb_outfile_commit(&save_file, "hashbench rng") != 0)
            rc = HB_EXIT_FAIL;
    }
    free(run.results);
    return rc;
}
