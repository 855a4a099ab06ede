/* hashbench quality: the hash-quality battery (src/quality, docs/quality.md)
 * on the roster's algorithms.  This file reads the options, makes the
 * subjects, has the engine run them and hands the run to a format
 * (quality_output.c).
 *
 * The default seed is fixed (HB_Q_DEFAULT_SEED), not drawn: the battery
 * is a measurement of the functions, not of the keys, and a fixed seed
 * makes every machine, implementation and rerun judge the same keys, so
 * two platforms' verdicts (the report's speed against quality) and a run
 * against the documented table compare exactly.  --seed N sets another,
 * --seed random draws one from the OS; the seed is always printed and
 * recorded, so any run can be repeated. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include "bench/context.h"
#include "cli/commands.h"
#include "cli/outfile.h"
#include "cli/quality_run.h"
#include "cli/util.h"
#include "os/usable_cpus.h"
#include "peers/loader/c_peers.h"
#include "quality/verdict.h"
#include "text/units.h"

#define HB_Q_DEFAULT_SEED 1u
#define MAX_JOBS 1024

static void quality_usage(FILE *f)
{
    fprintf(f,
        "usage: hashbench quality [options]\n"
        "\n"
        "The hash-quality battery (docs/quality.md): sanity, avalanche, keysets scored by collisions\n"
        "and bucket distribution, and for keyed algorithms seed avalanche and independence, at the\n"
        "full width and, for digests over 64 bits, the low 64 and 32 bits.  Every test gives a\n"
        "p-value; a test fails at p < %g/m, m the tests of that algorithm at that width.\n"
        "\n"
        "  -a, --algorithms IDS  comma-separated ids (default: all; `hashbench list` names them)\n"
        "      --quick           the small battery: 2^16 keys per keyset (all algorithms in about a\n"
        "                        minute on 2 cores); default: the full one, 2^22 keys\n"
        "      --seed N|random   the keys' seed (default %u, so every run judges the same keys);\n"
        "                        random: one from the OS.  Printed and recorded either way\n"
        "  -j, --jobs N          threads (default: every CPU this process may use)\n"
        "      --max-memory MIB  memory the running jobs may hold together (default %u); a job that\n"
        "                        needs more runs alone\n"
        "      --format FMT      table (default), json, csv or md\n"
        "      --save FILE       also write the run as JSON to FILE (docs/schema/quality.schema.json)\n"
        "      --state FILE      resumable: each finished (algorithm, test) is appended to FILE and a\n"
        "                        rerun with the same seed and size skips it; another run's file is refused\n"
        "      --no-peers        leave the peer libraries out of the implementations cross-checked\n"
        "      --list-tests      list the battery's tests and exit\n"
        "      --test ID         run this test of the battery alone\n"
        "  -q, --quiet           no progress line on the terminal\n"
        "\n"
        "Exit status: 0 when the battery ran (failed tests are its findings, not errors); 1 when it\n"
        "could not finish (memory, a write); 2 for a bad command line or a state file of another run.\n",
        HB_Q_ALPHA, HB_Q_DEFAULT_SEED, (unsigned)(HB_Q_DEFAULT_MAX_BYTES >> 20));
}

typedef struct q_opts {
    const char *algos, *format, *save, *state, *test;
    uint64_t seed;
    int seed_random, quick, quiet, list_tests, no_peers;
    unsigned jobs;
    unsigned long max_mib;
} q_opts;

static int bad(const char *what, const char *why)
{
    fprintf(stderr, "hashbench quality: %s: %s\n", what, why);
    return HB_EXIT_USAGE;
}

/* N in decimal or 0x-hexadecimal, below 2^64; or "random": from the OS. */
static int parse_seed(const char *s, q_opts *o)
{
    char *end;
    unsigned long long v;
    if (strcmp(s, "random") == 0) {
        o->seed_random = 1;
        if (getrandom(&o->seed, sizeof o->seed, 0) != (ssize_t)sizeof o->seed)
            return bad("--seed random", "the OS gave no random bytes");
        return 0;
    }
    errno = 0;
    v = strtoull(s, &end, 0);
    if (!*s || *s == '-' || *s == '+' || *end || errno == ERANGE)
        return bad("--seed", "expected a whole number from 0 to 2^64-1 (decimal or 0x...) or 'random'");
    o->seed = v;
    return 0;
}

static int check_opts(const q_opts *o)
{
    if (strcmp(o->format, "table") && strcmp(o->format, "json") && strcmp(o->format, "csv") &&
        strcmp(o->format, "md"))
        return bad("--format", "unknown format (valid: table, json, csv, md)");
    if (o->test && !hb_q_test_find(o->test))
        return bad("--test", "no such test in the battery (hashbench quality --list-tests names them)");
    if (o->save && o->state && hb_same_output(o->save, o->state))
        return bad("--save", "names the same file as --state; give --save another file");
    return 0;
}

static int parse_opts(int argc, char **argv, q_opts *o)
{
    static const struct option opts[] = {
        { "algorithms", required_argument, 0, 'a' }, { "quick", no_argument, 0, 'Q' },
        { "seed", required_argument, 0, 'S' },       { "jobs", required_argument, 0, 'j' },
        { "format", required_argument, 0, 'f' },     { "save", required_argument, 0, 'J' },
        { "state", required_argument, 0, 'T' },      { "no-peers", no_argument, 0, 'P' },
        { "list-tests", no_argument, 0, 'L' },       { "quiet", no_argument, 0, 'q' },
        { "test", required_argument, 0, 'X' },       { "max-memory", required_argument, 0, 'M' },
        { "help", no_argument, 0, 'h' },             { 0, 0, 0, 0 },
    };
    char err[160];
    unsigned long n;
    int c;
    memset(o, 0, sizeof *o);
    o->format = "table";
    o->seed = HB_Q_DEFAULT_SEED;
    while ((c = getopt_long(argc, argv, "a:j:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'a': o->algos = optarg; break;
        case 'Q': o->quick = 1; break;
        case 'S':
            if (parse_seed(optarg, o) != 0)
                return HB_EXIT_USAGE;
            break;
        case 'j':
            if (hb_parse_uint(optarg, 1, MAX_JOBS, &n, err, sizeof err) != 0)
                return bad("--jobs", err);
            o->jobs = (unsigned)n;
            break;
        case 'f': o->format = optarg; break;
        case 'J': o->save = optarg; break;
        case 'T': o->state = optarg; break;
        case 'P': o->no_peers = 1; break;
        case 'L': o->list_tests = 1; break;
        case 'X': o->test = optarg; break;
        case 'M':
            if (hb_parse_uint(optarg, 16, 1u << 20, &o->max_mib, err, sizeof err) != 0)
                return bad("--max-memory", err);
            break;
        case 'q': o->quiet = 1; break;
        case 'h': quality_usage(stdout); return -1;
        default: quality_usage(stderr); return HB_EXIT_USAGE;
        }
    }
    if (optind < argc)
        return bad("unexpected argument", argv[optind]);
    return check_opts(o);
}

static int list_tests(void)
{
    unsigned i;
    printf("%-24s %-10s %s\n", "test", "runs on", "what it detects");
    for (i = 0; i < hb_q_test_count(); i++) {
        const hb_q_test *t = hb_q_test_at(i);
        printf("%-24s %-10s %s\n", t->id, t->keyed_only ? "keyed" : "all", t->what);
    }
    return HB_EXIT_OK;
}

/* The algorithms -a names (all by default) as subjects, in roster order
 * as given. */
static int make_subjects(const q_opts *o, hb_q_run *run)
{
    const hb_algo *algos[64];
    char why[160];
    int n = hb_cli_algos(o->algos, algos, 64), i;
    if (n < 0)
        return HB_EXIT_USAGE;
    if (!o->no_peers)
        hb_c_peers_load(NULL, NULL);
    run->subjects = calloc((size_t)n, sizeof *run->subjects);
    if (!run->subjects)
        return bad("memory", "cannot allocate the subjects");
    for (i = 0; i < n; i++) {
        if (hb_q_roster_subject_init(&run->subjects[run->n_subjects], algos[i], why, sizeof why) != 0) {
            fprintf(stderr, "hashbench quality: warning: %s: left out\n", why);
            continue;
        }
        run->n_subjects++;
    }
    return run->n_subjects ? 0 : bad("-a", "no algorithm to judge here");
}

static void progress(void *arg, unsigned done, unsigned total, double elapsed, double eta)
{
    (void)arg;
    fprintf(stderr, "\r\033[K[quality] %u/%u jobs, %u:%02u", done, total, (unsigned)elapsed / 60,
            (unsigned)elapsed % 60);
    if (eta >= 0)
        fprintf(stderr, ", about %u:%02u left", (unsigned)eta / 60, (unsigned)eta % 60);
}

/* The run's settings and the machine, then the engine. */
static int run_battery(const q_opts *o, hb_q_run *run)
{
    hb_q_engine *e = &run->engine;
    hb_context ctx;
    struct rusage ru;
    time_t t = time(NULL);
    const hb_q_subject **subjects = malloc((run->n_subjects + 1) * sizeof *subjects);
    unsigned i;
    int rc;
    if (!subjects)
        return bad("memory", "cannot allocate the subjects");
    if (o->quick)
        hb_q_config_quick(&e->config, o->seed);
    else
        hb_q_config_full(&e->config, o->seed);
    e->threads = o->jobs;
    e->max_bytes = (size_t)o->max_mib << 20;
    e->state_path = o->state;
    e->only_test = o->test;
    e->version = HB_VERSION;
    if (!o->quiet && isatty(STDERR_FILENO))
        e->progress = progress;
    run->seed_random = o->seed_random;
    strftime(run->started, sizeof run->started, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
    hb_context_collect(&ctx, 0);
    snprintf(run->cpu, sizeof run->cpu, "%s", ctx.cpu_model);
    snprintf(run->build, sizeof run->build, "%s", ctx.build);
    run->cores = (int)hb_usable_cpus();
    fprintf(stderr, "hashbench quality: %s battery, seed %llu (--seed %llu repeats it), %u algorithms\n",
            o->quick ? "quick" : "full", (unsigned long long)o->seed, (unsigned long long)o->seed, run->n_subjects);
    for (i = 0; i < run->n_subjects; i++)
        subjects[i] = &run->subjects[i].s;
    rc = hb_q_engine_run(e, subjects, run->n_subjects);
    run->peak_rss_kib = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
    if (e->progress)
        fprintf(stderr, "\r\033[K");
    free(subjects);
    if (rc != 0)
        fprintf(stderr, "hashbench quality: %s\n", e->error);
    return rc == 2 ? HB_EXIT_USAGE : rc ? HB_EXIT_FAIL : 0;
}

static int emit(const q_opts *o, const hb_q_run *run, hb_outfile *save)
{
    if (!strcmp(o->format, "json"))
        hb_q_report_json(stdout, run);
    else if (!strcmp(o->format, "csv"))
        hb_q_report_csv(stdout, run);
    else if (!strcmp(o->format, "md"))
        hb_q_report_md(stdout, run);
    else
        hb_q_report_table(stdout, run);
    if (save->f) {
        hb_q_report_json(save->f, run);
        if (hb_outfile_commit(save, "hashbench quality") != 0)
            return HB_EXIT_FAIL;
    }
    return HB_EXIT_OK;
}

int hb_cmd_quality(int argc, char **argv)
{
    static hb_q_run run;
    hb_outfile save;
    q_opts o;
    int rc;

    if ((rc = parse_opts(argc, argv, &o)) != 0)
        return rc < 0 ? HB_EXIT_OK : rc;
    if (o.list_tests)
        return list_tests();
    memset(&save, 0, sizeof save);
    if ((rc = make_subjects(&o, &run)) == 0 && o.save && hb_outfile_open(&save, o.save, "hashbench quality") != 0)
        rc = HB_EXIT_USAGE;
    if (rc == 0 && (rc = run_battery(&o, &run)) == 0)
        rc = emit(&o, &run, &save);
    if (rc != 0)
        hb_outfile_abort(&save);
    hb_q_engine_free(&run.engine);
    free(run.subjects);
    return rc;
}
