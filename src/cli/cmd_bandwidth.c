/* hashbench bandwidth: the streaming-read bound of each cache level and of
 * memory on this machine (bench/stream_read.h), in bytes per cycle at the
 * dependent-add clock, beside which a hash kernel's cycles per byte can be
 * read (docs/measuring.md, "Memory bounds").  This file reads the options,
 * has src/bench measure and prints a table or JSON. */
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include "bench/stream_read.h"
#include "cli/commands.h"
#include "cli/util.h"
#include "text/units.h"

#define DEFAULT_SIZES "32K,256K,1M,4M,64M"
/* short samples, many rounds: on a CPU shared with other jobs a sample
 * that spans a time slice given to another process is cut, and with 20 ms
 * samples nearly all were (medians of half the bandwidth) */
#define DEFAULT_REPEAT 31
#define DEFAULT_SAMPLE_MS 0.5

typedef struct bw_opts {
    const char *sizes, *loads, *format;
    unsigned long repeat;
    long pin;
    double sample_ms;
} bw_opts;

static void bw_usage(FILE *f)
{
    fprintf(f,
        "usage: hashbench bandwidth [options]\n"
        "\n"
        "How fast one core reads a buffer with nothing but vector loads and adds (eight independent\n"
        "sums), by buffer size: the bound of the cache level or memory that size sits in, in bytes\n"
        "per cycle at the dependent-add clock (measured every round) and cycles per byte.\n"
        "\n"
        "  -s, --sizes LIST      buffer sizes, multiples of %u bytes (default " DEFAULT_SIZES ")\n"
        "  -r, --repeat N        rounds; every size once a round; median and spread (default %d)\n"
        "      --pin CPU         run on this CPU only (sched_setaffinity)\n"
        "      --loads NAME      load width: auto (default: the widest this CPU has), or one of",
        HB_STREAM_GRAIN, DEFAULT_REPEAT);
    {
        unsigned n, i;
        const hb_stream_loads *l = hb_stream_loads_list(&n);
        for (i = 0; i < n; i++)
            fprintf(f, " %s (%u B)%s", l[i].name, l[i].width, i + 1 < n ? "," : "\n");
    }
    fprintf(f,
        "      --sample-ms MS    each sample lasts at least MS milliseconds (default %g)\n"
        "      --format FMT      table (default) or json (this command's own object, not a results record)\n"
        "\n"
        "Exit status: 0 measured; 1 the measurement failed (memory); 2 a bad command line.\n",
        DEFAULT_SAMPLE_MS);
}

static int bad(const char *what, const char *why)
{
    fprintf(stderr, "hashbench bandwidth: %s: %s\n", what, why);
    return HB_EXIT_USAGE;
}

static int parse_opts(int argc, char **argv, bw_opts *o)
{
    static const struct option opts[] = {
        { "sizes", required_argument, 0, 's' },   { "repeat", required_argument, 0, 'r' },
        { "pin", required_argument, 0, 'p' },     { "loads", required_argument, 0, 'l' },
        { "sample-ms", required_argument, 0, 'm' }, { "format", required_argument, 0, 'f' },
        { "help", no_argument, 0, 'h' },          { 0, 0, 0, 0 },
    };
    char err[160];
    unsigned long v;
    int c;
    o->sizes = DEFAULT_SIZES;
    o->loads = "auto";
    o->format = "table";
    o->repeat = DEFAULT_REPEAT;
    o->pin = -1;
    o->sample_ms = DEFAULT_SAMPLE_MS;
    while ((c = getopt_long(argc, argv, "s:r:h", opts, NULL)) != -1) {
        switch (c) {
        case 's': o->sizes = optarg; break;
        case 'r':
            if (hb_parse_uint(optarg, 1, HB_STREAM_MAX_ROUNDS, &o->repeat, err, sizeof err) != 0)
                return bad("--repeat", err);
            break;
        case 'p':
            if (hb_parse_uint(optarg, 0, CPU_SETSIZE - 1, &v, err, sizeof err) != 0)
                return bad("--pin", err);
            o->pin = (long)v;
            break;
        case 'l': o->loads = optarg; break;
        case 'm':
            if (hb_parse_ms(optarg, &o->sample_ms, err, sizeof err) != 0 || o->sample_ms > 10000)
                return bad("--sample-ms", "expected milliseconds above 0, at most 10000");
            break;
        case 'f': o->format = optarg; break;
        case 'h': bw_usage(stdout); return -1;
        default: bw_usage(stderr); return HB_EXIT_USAGE;
        }
    }
    if (optind < argc)
        return bad("unexpected argument", argv[optind]);
    if (strcmp(o->format, "table") && strcmp(o->format, "json"))
        return bad("--format", "unknown format (valid: table, json)");
    return 0;
}

/* --loads: auto is the widest available; a named one must be available */
static int pick_loads(const char *name, hb_stream_run *run)
{
    unsigned n, i;
    const hb_stream_loads *l = hb_stream_loads_list(&n);
    for (i = 0; i < n; i++) {
        if (!strcmp(name, "auto") ? l[i].available() : !strcmp(name, l[i].name)) {
            if (!l[i].available()) {
                fprintf(stderr, "hashbench bandwidth: --loads %s: this CPU (or HB_X86_MASK) has no %s\n",
                        name, name);
                return HB_EXIT_USAGE;
            }
            run->loads = &l[i];
            return 0;
        }
    }
    fprintf(stderr, "hashbench bandwidth: --loads: unknown '%s' (valid: auto", name);
    for (i = 0; i < n; i++)
        fprintf(stderr, ", %s", l[i].name);
    fprintf(stderr, ")\n");
    return HB_EXIT_USAGE;
}

static int parse_sizes(const char *spec, hb_stream_run *run)
{
    size_t sizes[HB_STREAM_MAX_SIZES];
    char err[160];
    unsigned n, k;
    if (hb_parse_size_list(spec, sizes, HB_STREAM_MAX_SIZES, &n, err, sizeof err) != 0)
        return bad("--sizes", err);
    for (k = 0; k < n; k++) {
        if (sizes[k] % HB_STREAM_GRAIN) {
            fprintf(stderr, "hashbench bandwidth: --sizes: %zu is not a multiple of %u bytes\n", sizes[k],
                    HB_STREAM_GRAIN);
            return HB_EXIT_USAGE;
        }
        run->sizes[k].bytes = sizes[k];
    }
    run->n_sizes = n;
    return 0;
}

static void print_table(const hb_stream_run *run, long pin)
{
    unsigned k;
    char size[32], rate[32];
    printf("streaming read: %s loads (%u bytes), %d independent sums; %u rounds; core clock %.2f GHz "
           "(dependent adds, median of the rounds' [%.2f-%.2f])%s\n",
           run->loads->name, run->loads->width, HB_STREAM_UNROLL, run->rounds, run->clock_hz.median / 1e9,
           run->clock_hz.min / 1e9, run->clock_hz.max / 1e9, pin >= 0 ? "" : "; not pinned (--pin)");
    printf("%-10s %12s %12s %12s %8s   %s\n", "size", "bytes/cycle", "cycles/byte", "rate", "spread",
           "bytes/cycle min-max");
    for (k = 0; k < run->n_sizes; k++) {
        const hb_stream_size *s = &run->sizes[k];
        hb_format_size(s->bytes, size, sizeof size);
        hb_format_rate(s->bytes_per_ns.median * 1e9, rate, sizeof rate);
        printf("%-10s %12.2f %12.4f %12s %7.1f%%   %.2f-%.2f\n", size, s->bytes_per_cycle.median,
               1.0 / s->bytes_per_cycle.median, rate, 100.0 * s->bytes_per_cycle.spread,
               s->bytes_per_cycle.min, s->bytes_per_cycle.max);
    }
}

static void print_json(const hb_stream_run *run, long pin)
{
    unsigned k;
    printf("{\"command\": \"bandwidth\", \"loads\": \"%s\", \"load_bytes\": %u, \"sums\": %d, \"rounds\": %u, "
           "\"pin\": %ld, \"sample_ms\": %g,\n \"core_clock_hz\": {\"median\": %.0f, \"min\": %.0f, \"max\": %.0f},\n"
           " \"sizes\": [",
           run->loads->name, run->loads->width, HB_STREAM_UNROLL, run->rounds, pin, run->sample_ms,
           run->clock_hz.median, run->clock_hz.min, run->clock_hz.max);
    for (k = 0; k < run->n_sizes; k++) {
        const hb_stream_size *s = &run->sizes[k];
        printf("%s\n  {\"bytes\": %zu, \"bytes_per_cycle\": {\"median\": %.4f, \"min\": %.4f, \"max\": %.4f, "
               "\"spread\": %.4f}, \"cycles_per_byte\": %.5f, \"bytes_per_second\": %.0f}",
               k ? "," : "", s->bytes, s->bytes_per_cycle.median, s->bytes_per_cycle.min,
               s->bytes_per_cycle.max, s->bytes_per_cycle.spread, 1.0 / s->bytes_per_cycle.median,
               s->bytes_per_ns.median * 1e9);
    }
    printf("\n ]}\n");
}

int hb_cmd_bandwidth(int argc, char **argv)
{
    bw_opts o;
    hb_stream_run run;
    char err[160];
    int rc;
    memset(&run, 0, sizeof run);
    if ((rc = parse_opts(argc, argv, &o)) != 0)
        return rc < 0 ? HB_EXIT_OK : rc;
    if ((rc = parse_sizes(o.sizes, &run)) != 0 || (rc = pick_loads(o.loads, &run)) != 0)
        return rc;
    if (o.pin >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(o.pin, &set);
        if (sched_setaffinity(0, sizeof set, &set) != 0) {
            fprintf(stderr, "hashbench bandwidth: --pin %ld: %s\n", o.pin, strerror(errno));
            return HB_EXIT_USAGE;
        }
    }
    run.rounds = (unsigned)o.repeat;
    run.sample_ms = o.sample_ms;
    if (hb_stream_measure(&run, err, sizeof err) != 0) {
        fprintf(stderr, "hashbench bandwidth: %s\n", err);
        return HB_EXIT_FAIL;
    }
    if (!strcmp(o.format, "json"))
        print_json(&run, o.pin);
    else
        print_table(&run, o.pin);
    return HB_EXIT_OK;
}
