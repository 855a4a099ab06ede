/* The battery's calibration (docs/quality.md, "Calibration").
 *
 * Runs every test of the battery on K random oracles and on the weak
 * functions of calib_subjects.c, then checks
 *   (a) each test's p-values are valid: for t in 0.001, 0.01, 0.05, 0.1 the
 *       count of oracle p-values <= t is no more than a Binomial(n, t)
 *       count would reach with probability delta (one-sided), and a test
 *       whose p-values are continuous (no value holds a tenth of them) is
 *       not wildly conservative: at t = 0.05 and 0.1 its count is not below what
 *       Binomial(n, t/2) reaches with probability delta;
 *   (b) the verdict rule (verdict.h) fails at most the stated share of
 *       oracle rows (oracle, width): failing rows against Binomial(rows,
 *       HB_Q_ALPHA), and, with more power, the same Bonferroni bound at
 *       the levels 0.01, 0.1 and 0.5 (rows whose smallest p-value times m
 *       is at most the level);
 *   (c) each weak function fails the tests its expectations name, and
 *       passes those it must pass; the failed tests are listed.
 * A keyset gives two kinds of result (collisions, buckets): they are
 * counted apart.  Before these, the binomial limits are checked at known
 * points, and every p-value must be in [0, 1], every test present.
 * delta is 0.001 divided by the number of binomial checks, so a valid
 * battery fails the run with probability below 0.001 when the p-values
 * counted are independent (docs/quality.md says where they are not).
 *
 *   calibrate [--oracles K] [--seed N] [--vary-seeds] [--jobs N] [--full]
 *             [--json FILE] [--scale-p F]
 *
 * --scale-p F multiplies every p-value by F before the checks: with F < 1
 * the p-values are invalid by design and the run must fail (how to see
 * that the checks can fail).
 * Ends with "N passed, N failed" over its checks; non-zero exit on any
 * failure. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "quality/quality.h"
#include "quality/verdict.h"
#include "calib_subjects.h"
#include "calib_stats.h"

/* 96 oracles: 138 CPU seconds at the quick size with SHA-NI (about a
 * minute on two idle cores), a few hundred p-values per test */
#define DEFAULT_ORACLES 96
#define DEFAULT_SEED 1
#define TOTAL_DELTA 0.001
#define N_LEVELS 4
#define CONTINUOUS_ATOM 0.1     /* the most p-values one value may hold: continuous */

static const double levels[N_LEVELS] = { 0.001, 0.01, 0.05, 0.1 };

typedef struct run {
    const hb_q_subject *s;
    int is_oracle;
    const calib_weak *weak;
    uint64_t seed;
    hb_q_result *r;
    size_t n, cap;
    int oom;
} run;

typedef struct opts {
    unsigned oracles, jobs;
    uint64_t seed;
    int vary, full;
    const char *json;
    double scale_p;             /* --scale-p: the calibration's own test */
} opts;

static run *runs;
static unsigned n_runs, next_run;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned passed, failed;
static const opts *cfg;

static void verdict(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void verdict(int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s ", ok ? "ok  " : "FAIL");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    if (ok)
        passed++;
    else
        failed++;
}

/* ------------------------------------------------------------ running */

static void emit(hb_q_sink *sink, const hb_q_result *r)
{
    run *u = sink->user;
    if (u->n == u->cap) {
        size_t cap = u->cap ? 2 * u->cap : 256;
        hb_q_result *p = realloc(u->r, cap * sizeof *p);
        if (!p) {
            u->oom = 1;
            return;
        }
        u->r = p;
        u->cap = cap;
    }
    u->r[u->n] = *r;
    /* --scale-p F < 1 makes every p-value too small: the run must fail */
    u->r[u->n++].p *= cfg->scale_p;
}

static void run_one(run *u)
{
    hb_q_config c;
    if (cfg->full)
        hb_q_config_full(&c, u->seed);
    else
        hb_q_config_quick(&c, u->seed);
    hb_q_sink sink = { emit, u };
    for (unsigned t = 0; t < hb_q_test_count(); t++) {
        const hb_q_test *test = hb_q_test_at(t);
        if (test->keyed_only && !u->s->seed_bytes)
            continue;
        test->run(u->s, &c, &sink);
    }
}

static void *worker(void *arg)
{
    (void)arg;
    for (;;) {
        pthread_mutex_lock(&lock);
        unsigned i = next_run < n_runs ? next_run++ : n_runs;
        pthread_mutex_unlock(&lock);
        if (i == n_runs)
            return NULL;
        run_one(&runs[i]);
    }
}

/* ------------------------------------------------------------ analysis */

/* results of run u at width w */
static unsigned results_at(const run *u, unsigned w)
{
    unsigned m = 0;
    for (size_t i = 0; i < u->n; i++)
        m += u->r[i].width == w;
    return m;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The p-values are counted per pool: a test's id, split by the kind of
 * result where one test gives two per keyset (score.c: "<variant>
 * collisions", a discrete count, and "<variant> buckets", a chi-square):
 * the kinds differ in how conservative they may be. */
static const char *const kinds[] = { "collisions", "buckets" };
#define N_KINDS 2
#define MAX_POOLS 256

typedef struct pool {
    const char *test;
    int kind;                   /* index in kinds[], or -1: the test's other results */
    char name[64];
} pool;

static int kind_of(const hb_q_result *r)
{
    size_t n = strlen(r->variant);
    for (int k = 0; k < N_KINDS; k++) {
        size_t m = strlen(kinds[k]);
        if (n > m && strcmp(r->variant + n - m, kinds[k]) == 0 && r->variant[n - m - 1] == ' ')
            return k;
    }
    return -1;
}

static int in_pool(const pool *pl, const hb_q_result *r)
{
    return strcmp(r->test, pl->test) == 0 && kind_of(r) == pl->kind;
}

/* the pools the oracles' results fall in, in the battery's order */
static unsigned pools_of(pool *pools, unsigned max)
{
    unsigned n = 0;
    for (unsigned t = 0; t < hb_q_test_count(); t++)
        for (int k = -1; k < N_KINDS && n < max; k++) {
            pool pl = { hb_q_test_at(t)->id, k, "" };
            int used = 0;
            for (unsigned u = 0; u < n_runs && !used; u++)
                for (size_t i = 0; runs[u].is_oracle && i < runs[u].n && !used; i++)
                    used = in_pool(&pl, &runs[u].r[i]);
            if (!used)
                continue;
            snprintf(pl.name, sizeof pl.name, "%s%s%s", pl.test, k < 0 ? "" : " ", k < 0 ? "" : kinds[k]);
            pools[n++] = pl;
        }
    return n;
}

typedef struct test_rates {
    const char *id;
    size_t n;
    size_t count[N_LEVELS];
    size_t limit[N_LEVELS], low_limit[N_LEVELS];
    size_t distinct, atom;      /* distinct p-values; the most equal to one value */
    int continuous;
} test_rates;

/* the oracle p-values of one pool, sorted; caller frees */
static double *oracle_ps(const pool *pl, size_t *n)
{
    size_t cap = 0, k = 0;
    for (unsigned u = 0; u < n_runs; u++)
        if (runs[u].is_oracle)
            cap += runs[u].n;
    double *p = malloc((cap ? cap : 1) * sizeof *p);
    if (!p)
        return NULL;
    for (unsigned u = 0; u < n_runs; u++)
        for (size_t i = 0; runs[u].is_oracle && i < runs[u].n; i++)
            if (in_pool(pl, &runs[u].r[i]) && runs[u].r[i].p >= 0 && runs[u].r[i].p <= 1)
                p[k++] = runs[u].r[i].p;    /* others: check_complete fails them */
    qsort(p, k, sizeof *p, cmp_double);
    *n = k;
    return p;
}

static void rates_of(test_rates *tr, const double *p, size_t n, double delta)
{
    size_t distinct = 0, same_run = 0, atom = 0;
    for (size_t i = 0; i < n; i++) {
        int same = i > 0 && p[i] == p[i - 1];
        distinct += !same;
        same_run = same ? same_run + 1 : 1;
        if (same_run > atom)
            atom = same_run;
    }
    tr->n = n;
    tr->distinct = distinct;
    tr->atom = atom;
    /* continuous enough that its p-values should be near uniform, not just
     * valid: no single value holds more than a tenth of them.  (A collision
     * count is mostly 0, p = 1; a Bonferroni-capped p is often 1; a worst
     * count over many cells repeats values across oracles but spreads
     * them thinly.) */
    tr->continuous = n >= 20 && atom <= CONTINUOUS_ATOM * (double)n;
    for (int l = 0; l < N_LEVELS; l++) {
        size_t c = 0;
        while (c < n && p[c] <= levels[l])
            c++;
        tr->count[l] = c;
        tr->limit[l] = calib_binom_upper_limit(n, levels[l], delta);
        tr->low_limit[l] = calib_binom_lower_limit(n, levels[l] / 2, delta);
    }
}

static unsigned check_rates(test_rates *tr, unsigned n_tests, double delta)
{
    unsigned checks = 0;
    printf("\n(a) p-values on %u oracles: share of p <= t (count/n, limit)\n", cfg->oracles);
    printf("  %-30s %6s %8s %5s", "test", "n", "distinct", "atom");
    for (int l = 0; l < N_LEVELS; l++)
        printf("   t=%-14g", levels[l]);
    printf("\n");
    for (unsigned t = 0; t < n_tests; t++) {
        printf("  %-30s %6zu %7.0f%% %4.0f%%", tr[t].id, tr[t].n, tr[t].n ? 100.0 * tr[t].distinct / tr[t].n : 0.0,
               tr[t].n ? 100.0 * tr[t].atom / tr[t].n : 0.0);
        for (int l = 0; l < N_LEVELS; l++)
            printf("   %7.4f (<=%-4zu)", tr[t].n ? (double)tr[t].count[l] / tr[t].n : 0.0, tr[t].limit[l]);
        printf("%s\n", tr[t].continuous ? "  continuous" : "");
    }
    for (unsigned t = 0; t < n_tests; t++) {
        if (tr[t].n == 0) {
            verdict(0, "(a) %s: no p-values from the oracles", tr[t].id);
            checks++;
            continue;
        }
        for (int l = 0; l < N_LEVELS; l++, checks++)
            verdict(tr[t].count[l] <= tr[t].limit[l], "(a) %s: %zu of %zu p-values <= %g, limit %zu (P(Binomial(%zu, %g) > limit) < %.1e)",
                    tr[t].id, tr[t].count[l], tr[t].n, levels[l], tr[t].limit[l], tr[t].n, levels[l], delta);
        for (int l = 2; tr[t].continuous && l < N_LEVELS; l++, checks++)
            verdict(tr[t].count[l] >= tr[t].low_limit[l], "(a) %s: continuous, %zu of %zu p-values <= %g, at least %zu (not below Binomial(%zu, %g) at %.1e)",
                    tr[t].id, tr[t].count[l], tr[t].n, levels[l], tr[t].low_limit[l], tr[t].n, levels[l] / 2, delta);
    }
    return checks;
}

/* The binomial limits at points scipy.stats.binom gives (sf and cdf, by
 * the definitions in calib_stats.h): the bounds the checks rest on. */
static void check_limits(void)
{
    static const struct { size_t n; double q, delta; size_t upper, lower; } k[] = {
        { 1000, 0.01, 1e-3, 21, 2 },
        { 5000, 0.1, 1e-5, 593, 412 },
        { 200, 0.001, 1e-5, 4, 0 },
    };
    int ok = 1;
    for (unsigned i = 0; i < sizeof k / sizeof k[0]; i++)
        ok &= calib_binom_upper_limit(k[i].n, k[i].q, k[i].delta) == k[i].upper &&
              calib_binom_lower_limit(k[i].n, k[i].q, k[i].delta) == k[i].lower;
    verdict(ok, "binomial limits agree with scipy.stats.binom at 3 points");
}

/* Every p-value a number in [0, 1], and every subject scored by every test
 * that applies to it at each of its widths. */
static unsigned check_complete(void)
{
    size_t bad = 0, missing = 0;
    for (unsigned u = 0; u < n_runs; u++) {
        const run *r = &runs[u];
        unsigned bits[3], nw = hb_q_widths(r->s, bits);
        for (size_t i = 0; i < r->n; i++)
            if (!(r->r[i].p >= 0 && r->r[i].p <= 1)) {
                if (bad++ < 5)
                    printf("  %s %s (%s) at %u bits: p = %g\n", r->s->name, r->r[i].test, r->r[i].variant,
                           r->r[i].width, r->r[i].p);
            }
        for (unsigned t = 0; t < hb_q_test_count(); t++) {
            const hb_q_test *test = hb_q_test_at(t);
            if (test->keyed_only && !r->s->seed_bytes)
                continue;
            for (unsigned w = 0; w < nw; w++) {
                int seen = 0;
                for (size_t i = 0; i < r->n && !seen; i++)
                    seen = r->r[i].width == bits[w] && strcmp(r->r[i].test, test->id) == 0;
                if (!seen && missing++ < 5)
                    printf("  %s: no %s result at %u bits\n", r->s->name, test->id, bits[w]);
            }
        }
    }
    verdict(bad == 0, "every p-value is a number in [0, 1] (%zu are not)", bad);
    verdict(missing == 0, "every subject has a result of every test that applies, at each width (%zu missing)",
            missing);
    return 2;
}

/* (b): the rule on the oracles' rows */
typedef struct rows_summary {
    size_t rows, fail_rule;
    size_t at_level[3];         /* rows with p_min * m <= 0.01, 0.1, 0.5 */
    size_t limit_rule, limit_level[3];
} rows_summary;

static const double bonf_levels[3] = { 0.01, 0.1, 0.5 };

static void rows_of(rows_summary *rs, double delta)
{
    memset(rs, 0, sizeof *rs);
    for (unsigned u = 0; u < n_runs; u++) {
        if (!runs[u].is_oracle)
            continue;
        unsigned bits[3], nw = hb_q_widths(runs[u].s, bits);
        for (unsigned w = 0; w < nw; w++) {
            unsigned m = results_at(&runs[u], bits[w]);
            double pmin = 1;
            int fails = 0;
            for (size_t i = 0; i < runs[u].n; i++) {
                if (runs[u].r[i].width != bits[w])
                    continue;
                fails |= hb_q_fails(runs[u].r[i].p, m);
                if (runs[u].r[i].p < pmin)
                    pmin = runs[u].r[i].p;
            }
            rs->rows++;
            rs->fail_rule += fails;
            for (int l = 0; l < 3; l++)
                rs->at_level[l] += pmin * m <= bonf_levels[l];
            if (fails)
                printf("  row failing the rule: %s at %u bits (smallest p %.3g, m %u)\n",
                       runs[u].s->name, bits[w], pmin, m);
        }
    }
    rs->limit_rule = calib_binom_upper_limit(rs->rows, HB_Q_ALPHA, delta);
    for (int l = 0; l < 3; l++)
        rs->limit_level[l] = calib_binom_upper_limit(rs->rows, bonf_levels[l], delta);
}

static unsigned check_rows(const rows_summary *rs, double delta)
{
    printf("\n(b) the rule on %zu oracle rows (oracle, width)\n", rs->rows);
    verdict(rs->fail_rule <= rs->limit_rule,
            "(b) %zu of %zu rows fail at alpha %g, limit %zu (P(Binomial(%zu, %g) > limit) < %.1e)",
            rs->fail_rule, rs->rows, HB_Q_ALPHA, rs->limit_rule, rs->rows, HB_Q_ALPHA, delta);
    for (int l = 0; l < 3; l++)
        verdict(rs->at_level[l] <= rs->limit_level[l],
                "(b) %zu of %zu rows have smallest p * m <= %g (Bonferroni at level %g), limit %zu",
                rs->at_level[l], rs->rows, bonf_levels[l], bonf_levels[l], rs->limit_level[l]);
    return 4;
}

/* (c): the weak functions */
static int failed_test(const run *u, const char *id, unsigned width)
{
    unsigned bits[3], nw = hb_q_widths(u->s, bits);
    int any = 0, seen = 0;
    for (unsigned w = 0; w < nw; w++) {
        if (width && bits[w] != width)
            continue;
        unsigned m = results_at(u, bits[w]);
        for (size_t i = 0; i < u->n; i++)
            if (u->r[i].width == bits[w] && strcmp(u->r[i].test, id) == 0) {
                seen = 1;
                any |= hb_q_fails(u->r[i].p, m);
            }
    }
    return seen ? any : -1;
}

static void list_failures(const run *u)
{
    unsigned bits[3], nw = hb_q_widths(u->s, bits);
    for (unsigned w = 0; w < nw; w++) {
        unsigned m = results_at(u, bits[w]), nf = 0;
        printf("  %s at %u bits: ", u->s->name, bits[w]);
        for (unsigned t = 0; t < hb_q_test_count(); t++) {
            const char *id = hb_q_test_at(t)->id;
            unsigned k = 0, of = 0;
            for (size_t i = 0; i < u->n; i++)
                if (u->r[i].width == bits[w] && strcmp(u->r[i].test, id) == 0) {
                    of++;
                    k += hb_q_fails(u->r[i].p, m);
                }
            if (k)
                printf("%s%s (%u/%u)", nf++ ? ", " : "", id, k, of);
        }
        printf("%s  [%u results]\n", nf ? "" : "nothing failed", m);
    }
}

static unsigned check_weak(void)
{
    unsigned checks = 0;
    printf("\n(c) weak functions: the tests each failed (results failed/run)\n");
    for (unsigned u = 0; u < n_runs; u++) {
        const calib_weak *w = runs[u].weak;
        if (!w)
            continue;
        printf("  %s: %s\n", w->subject->name, w->what);
        list_failures(&runs[u]);
        for (const calib_expect *e = w->must_fail; e->test; e++, checks++) {
            int f = failed_test(&runs[u], e->test, e->width);
            verdict(f == 1, "(c) %s fails %s%s%.0u: %s%s", w->subject->name, e->test,
                    e->width ? " at " : "", e->width, e->why, f < 0 ? " (the test gave no result)" : "");
        }
        for (const calib_expect *e = w->must_pass; e->test; e++, checks++) {
            int f = failed_test(&runs[u], e->test, e->width);
            verdict(f == 0, "(c) %s passes %s: %s%s", w->subject->name, e->test, e->why,
                    f < 0 ? " (the test gave no result)" : "");
        }
    }
    return checks;
}

/* ------------------------------------------------------------ output */

static void json_expect(FILE *f, const char *key, const calib_expect *e)
{
    fprintf(f, "\"%s\":[", key);
    for (unsigned i = 0; e[i].test; i++)
        fprintf(f, "%s{\"test\":\"%s\",\"width\":%u,\"why\":\"%s\"}", i ? "," : "", e[i].test, e[i].width,
                e[i].why);
    fprintf(f, "],");
}

static void write_json(const char *path, const test_rates *tr, unsigned n_tests,
                       const rows_summary *rs, double seconds)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "calibrate: cannot write %s: %s\n", path, strerror(errno));
        failed++;
        return;
    }
    fprintf(f, "{\"schema\":\"hashbench-quality-calibration/1\",\"mode\":\"%s\",\"seed\":%llu,"
            "\"vary_seeds\":%s,\"oracles\":%u,\"alpha\":%g,\"wall_seconds\":%.1f,\n \"tests\":[",
            cfg->full ? "full" : "quick", (unsigned long long)cfg->seed, cfg->vary ? "true" : "false",
            cfg->oracles, HB_Q_ALPHA, seconds);
    for (unsigned t = 0; t < n_tests; t++) {
        fprintf(f, "%s\n  {\"test\":\"%s\",\"n\":%zu,\"distinct\":%zu,\"atom\":%zu,\"continuous\":%s,"
                "\"counts\":{", t ? "," : "", tr[t].id, tr[t].n, tr[t].distinct, tr[t].atom,
                tr[t].continuous ? "true" : "false");
        for (int l = 0; l < N_LEVELS; l++)
            fprintf(f, "%s\"%g\":%zu", l ? "," : "", levels[l], tr[t].count[l]);
        fprintf(f, "}}");
    }
    fprintf(f, "],\n \"rows\":{\"rows\":%zu,\"failed\":%zu,\"limit\":%zu,\"bonferroni\":{", rs->rows,
            rs->fail_rule, rs->limit_rule);
    for (int l = 0; l < 3; l++)
        fprintf(f, "%s\"%g\":%zu", l ? "," : "", bonf_levels[l], rs->at_level[l]);
    fprintf(f, "}},\n \"weak\":[");
    unsigned k = 0;
    for (unsigned u = 0; u < n_runs; u++) {
        if (!runs[u].weak)
            continue;
        fprintf(f, "%s\n  {\"name\":\"%s\",\"what\":\"%s\",", k++ ? "," : "", runs[u].s->name,
                runs[u].weak->what);
        json_expect(f, "must_fail", runs[u].weak->must_fail);
        json_expect(f, "must_pass", runs[u].weak->must_pass);
        fprintf(f, "\"failed\":[");
        unsigned bits[3], nw = hb_q_widths(runs[u].s, bits), j = 0;
        for (unsigned w = 0; w < nw; w++)
            for (unsigned t = 0; t < hb_q_test_count(); t++) {
                const char *id = hb_q_test_at(t)->id;
                if (failed_test(&runs[u], id, bits[w]) == 1)
                    fprintf(f, "%s{\"test\":\"%s\",\"width\":%u}", j++ ? "," : "", id, bits[w]);
            }
        fprintf(f, "]}");
    }
    fprintf(f, "],\n \"checks\":{\"passed\":%u,\"failed\":%u}}\n", passed, failed);
    if (fclose(f) != 0) {
        fprintf(stderr, "calibrate: cannot write %s: %s\n", path, strerror(errno));
        failed++;
    }
}

/* ------------------------------------------------------------ main */

static int parse_uint(const char *s, unsigned long long min, unsigned long long max, unsigned long long *v)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-')
        return -1;
    *v = strtoull(s, &end, 0);
    return errno || *end || *v < min || *v > max ? -1 : 0;
}

static const char usage[] =
    "usage: calibrate [--oracles K (>= 4)] [--seed N] [--vary-seeds] [--jobs N] [--full] [--json FILE]\n"
    "                 [--scale-p F (0 < F <= 1)]\n";

/* an option's number: the next argument, within [min, max] */
static int number(int argc, char **argv, int *i, unsigned long long min, unsigned long long max,
                  unsigned long long *v)
{
    const char *opt = argv[*i];
    if (*i + 1 >= argc) {
        fprintf(stderr, "calibrate: %s needs a number\n%s", opt, usage);
        return -1;
    }
    if (parse_uint(argv[++*i], min, max, v) != 0) {
        fprintf(stderr, "calibrate: %s: '%s' is not a number from %llu to %llu\n%s", opt, argv[*i], min, max, usage);
        return -1;
    }
    return 0;
}

static int parse_args(int argc, char **argv, opts *o)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    o->oracles = DEFAULT_ORACLES;
    o->jobs = cpus > 0 ? (unsigned)cpus : 1;
    o->seed = DEFAULT_SEED;
    o->scale_p = 1;
    for (int i = 1; i < argc; i++) {
        unsigned long long v;
        const char *a = argv[i];
        if (strcmp(a, "--vary-seeds") == 0)
            o->vary = 1;
        else if (strcmp(a, "--full") == 0)
            o->full = 1;
        else if (strcmp(a, "--json") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "calibrate: --json needs a file name\n%s", usage);
                return -1;
            }
            o->json = argv[++i];
        } else if (strcmp(a, "--oracles") == 0) {
            if (number(argc, argv, &i, 4, 100000, &v) != 0)
                return -1;
            o->oracles = (unsigned)v;
        } else if (strcmp(a, "--jobs") == 0) {
            if (number(argc, argv, &i, 1, 1024, &v) != 0)
                return -1;
            o->jobs = (unsigned)v;
        } else if (strcmp(a, "--scale-p") == 0) {
            char *end = "";
            o->scale_p = i + 1 < argc ? strtod(argv[++i], &end) : 0;
            if (*end || !(o->scale_p > 0 && o->scale_p <= 1)) {
                fprintf(stderr, "calibrate: --scale-p needs a number in (0, 1]\n%s", usage);
                return -1;
            }
        } else if (strcmp(a, "--seed") == 0) {
            if (number(argc, argv, &i, 0, ~0ull, &v) != 0)
                return -1;
            o->seed = v;
        } else {
            fprintf(stderr, "calibrate: unknown argument '%s'\n%s", a, usage);
            return -1;
        }
    }
    return 0;
}

static int setup_runs(const opts *o)
{
    static calib_oracle *oracles;
    unsigned nw = calib_weak_count();
    oracles = calloc(o->oracles, sizeof *oracles);
    runs = calloc(o->oracles + nw, sizeof *runs);
    if (!oracles || !runs)
        return -1;
    for (unsigned i = 0; i < o->oracles; i++) {
        calib_oracle_init(&oracles[i], i, 0x0A11CA7Eu);
        runs[n_runs].s = &oracles[i].subject;
        runs[n_runs].is_oracle = 1;
        /* --vary-seeds: oracle i draws its keys from seed + i */
        runs[n_runs++].seed = o->seed + (o->vary ? i : 0);
    }
    for (unsigned i = 0; i < nw; i++) {
        runs[n_runs].weak = calib_weak_at(i);
        runs[n_runs].s = runs[n_runs].weak->subject;
        runs[n_runs++].seed = o->seed;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static opts o;
    if (parse_args(argc, argv, &o) != 0)
        return 2;
    cfg = &o;
    if (setup_runs(&o) != 0) {
        fprintf(stderr, "calibrate: out of memory\n");
        return 1;
    }
    printf("calibration: %u oracles and %u weak functions, %s size, seed %llu%s, %u threads\n",
           o.oracles, calib_weak_count(), o.full ? "full" : "quick", (unsigned long long)o.seed,
           o.vary ? " + oracle index" : " (every oracle)", o.jobs);
    if (o.scale_p != 1)
        printf("every p-value times %g: invalid p-values, this run must fail\n", o.scale_p);
    fflush(stdout);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pthread_t th[1024];
    unsigned started = 0;
    for (; started < o.jobs; started++)
        if (pthread_create(&th[started], NULL, worker, NULL) != 0)
            break;
    if (started == 0)
        worker(NULL);
    for (unsigned i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    for (unsigned u = 0; u < n_runs; u++)
        if (runs[u].oom) {
            fprintf(stderr, "calibrate: out of memory keeping %s's results\n", runs[u].s->name);
            return 1;
        }

    static pool pools[MAX_POOLS];
    unsigned n_tests = pools_of(pools, MAX_POOLS);
    /* the binomial checks: up to 6 per pool, 4 for the rows */
    double delta = TOTAL_DELTA / (6.0 * n_tests + 4);
    test_rates *tr = calloc(n_tests ? n_tests : 1, sizeof *tr);
    if (!tr)
        return 1;
    for (unsigned t = 0; t < n_tests; t++) {
        size_t n;
        double *p = oracle_ps(&pools[t], &n);
        if (!p)
            return 1;
        tr[t].id = pools[t].name;
        rates_of(&tr[t], p, n, delta);
        free(p);
    }
    check_limits();
    check_complete();
    check_rates(tr, n_tests, delta);
    rows_summary rs;
    rows_of(&rs, delta);
    check_rows(&rs, delta);
    check_weak();
    printf("\nbattery run in %.1f s\n", seconds);
    if (o.json)
        write_json(o.json, tr, n_tests, &rs, seconds);
    for (unsigned u = 0; u < n_runs; u++)
        free(runs[u].r);
    free(tr);
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
