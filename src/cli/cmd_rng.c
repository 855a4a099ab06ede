/* hashbench rng: how fast each random source this machine has produces
 * bytes, and a cheap check that its bytes are not plainly broken
 * (docs/rng.md).  This file reads the options and picks the sources, has
 * src/rng measure them (rng_measure.h: interleaved, round k of every
 * source and size before round k + 1), and hands the run to a format
 * (rng_output.c). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench/clock.h"
#include "cli/commands.h"
#include "cli/outfile.h"
#include "cli/rng_run.h"
#include "text/units.h"
#include "cli/util.h"

#define DEFAULT_SIZES "1M,10M,50M"
#define DEFAULT_REPEAT 5
#define DEFAULT_MAX_TIME 10.0
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
            run->job.results[run->job.n_results++].src = &all[i];
    return 0;
}

/* The progress line on the terminal (rng_measure.h's hb_rng_progress_fn;
 * r NULL: the samples are done, the line is cleared). */
static void progress(void *arg, const hb_rng_result *r, size_t size, unsigned round, unsigned rounds)
{
    const rng_opts *o = arg;
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

/* The job from the options: its sizes (smallest first: the smaller
 * sizes' rates decide which larger ones fit --max-time), the sources
 * (--device's files, or those --sources names) and its buffer. */
static int setup(const rng_opts *o, hb_rng_run *run, hb_rng_source *devices)
{
    hb_rng_job *job = &run->job;
    char err[160];
    unsigned i;
    int rc;
    if (hb_parse_size_list(o->sizes, job->sizes, HB_RNG_MAX_SIZES, &job->n_sizes, err, sizeof err) != 0)
        return bad("--sizes", err);
    qsort(job->sizes, job->n_sizes, sizeof job->sizes[0], cmp_size);
    job->repeat = (unsigned)o->repeat;
    job->max_time_s = o->max_time;
    job->results = calloc(HB_RNG_MAX_SOURCES, sizeof *job->results);
    if (!job->results)
        return bad("memory", "cannot allocate the result table");
    if (o->n_devices) {
        for (i = 0; i < o->n_devices; i++) {
            hb_rng_file_source(&devices[i], o->devices[i]);
            job->results[job->n_results++].src = &devices[i];
        }
        run->sources_spec = "device";
    } else {
        if ((rc = pick_sources(o->sources, run)) != 0)
            return rc;
        run->sources_spec = o->sources ? o->sources : "all";
    }
    if (hb_rng_job_buffer(job) != 0) {
        hb_format_size(job->buf_len, err, sizeof err);
        fprintf(stderr, "hashbench rng: --sizes: a buffer of %s cannot be allocated\n", err);
        return HB_EXIT_USAGE;
    }
    return 0;
}

/* The machine's context around the measurement, and the run's warnings
 * (printed on standard error, kept in the record). */
static void run_job(hb_rng_run *run, rng_opts *o)
{
    hb_context *ctx = &run->base.ctx;
    unsigned i;
    hb_context_collect(ctx, 1);
    hb_context_warn_emulation(ctx, "hashbench rng", NULL);
    ctx->pinned_cpu = -1;
    if (ctx->loadavg[0] > 0.5 * ctx->logical_cpus || ctx->loadavg[0] > 1.0) {
        char text[256];
        snprintf(text, sizeof text, "load average %.2f at start on %d CPUs: other processes competed for the "
                 "CPU; rerun on an idle machine", ctx->loadavg[0], ctx->logical_cpus);
        warn(run, text);
    }
    run->job.progress = progress;
    run->job.progress_arg = o;
    hb_rng_measure(&run->job);
    ctx->core_hz_end = hb_core_clock_hz(50);
    hb_rng_job_free(&run->job);
    for (i = 0; i < run->job.n_results; i++) {
        const hb_rng_result *r = &run->job.results[i];
        if (r->status == HB_RNG_MEASURED && r->src->retries) {
            char text[256];
            snprintf(text, sizeof text, "%s: %llu tries gave no value and were retried", r->src->label,
                     r->src->retries);
            warn(run, text);
        }
    }
    for (i = 0; i < run->n_warnings; i++)
        fprintf(stderr, "hashbench: warning: %s\n", run->warnings[i]);
}

/* The run in the format asked, the reasons for a status of 1 on standard
 * error, and the --save record.  Returns the exit status. */
static int emit(const hb_rng_run *run, const rng_opts *o, hb_outfile *out_file, hb_outfile *save_file)
{
    unsigned i;
    int rc = HB_EXIT_OK;
    if (!strcmp(o->format, "json"))
        hb_rng_report_json(out_file->f ? out_file->f : stdout, run);
    else
        hb_rng_report_table(out_file->f ? out_file->f : stdout, run);
    for (i = 0; i < run->job.n_results; i++)
        if (hb_rng_result_bad(run, &run->job.results[i])) {
            say_bad(run, &run->job.results[i]);
            rc = HB_EXIT_FAIL;
        }
    if (out_file->f && hb_outfile_commit(out_file, "hashbench rng") != 0)
        rc = HB_EXIT_FAIL;
    if (save_file->f) {
        hb_rng_report_json(save_file->f, run);
        if (hb_outfile_commit(save_file, "hashbench rng") != 0)
            rc = HB_EXIT_FAIL;
    }
    return rc;
}

int hb_cmd_rng(int argc, char **argv)
{
    static hb_rng_run run;
    static hb_rng_source devices[MAX_DEVICES];
    rng_opts o;
    hb_outfile out_file, save_file;
    int rc;

    if ((rc = parse_opts(argc, argv, &o)) != 0)
        return rc < 0 ? HB_EXIT_OK : rc;
    if ((rc = setup(&o, &run, devices)) == 0 && (rc = open_outputs(&o, &out_file, &save_file)) != 0)
        hb_rng_job_free(&run.job);
    if (rc == 0) {
        if (!isatty(STDERR_FILENO))
            o.quiet = 1;
        run_job(&run, &o);
        rc = emit(&run, &o, &out_file, &save_file);
    }
    free(run.job.results);
    run.job.results = NULL;
    return rc;
}
