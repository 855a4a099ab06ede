/* hashbench quality's output: the table (one row per algorithm and width:
 * tests run, tests failed, the worst test and its p-value), CSV and
 * Markdown of the same rows, and the JSON record
 * (docs/schema/quality.schema.json) with every result. */
#include <string.h>
#include "cli/quality_run.h"
#include "cli/util.h"
#include "quality/verdict.h"

static const char *mode_name(const hb_q_run *run)
{
    return run->engine.config.quick ? "quick" : "full";
}

/* "keyset.sparse len=16 bits<=3", or "-" where no test ran */
static const char *worst_text(const hb_q_width_report *w, char *buf, size_t len)
{
    const hb_q_result *r;
    if (w->worst < 0)
        return "-";
    r = &w->results[w->worst];
    snprintf(buf, len, "%s%s%s", r->test, r->variant[0] ? " " : "", r->variant);
    return buf;
}

static const char *p_text(const hb_q_width_report *w, char *buf, size_t len)
{
    if (w->worst < 0)
        return "-";
    snprintf(buf, len, "%.3g", w->results[w->worst].p);
    return buf;
}

static void table_head(FILE *f, const hb_q_run *run)
{
    const hb_q_engine *e = &run->engine;
    fprintf(f, "hashbench quality: %s battery (2^%u keys per keyset, %u avalanche keys, %u seeds), seed %llu%s\n",
            mode_name(run), e->config.log2_keys, e->config.avalanche_keys, e->config.seed_keys,
            (unsigned long long)e->config.seed, run->seed_random ? " (drawn at random)" : "");
    fprintf(f, "%u jobs on %u threads%s, %.1f s; a test fails at p < %g/m (m: the tests at that algorithm "
               "and width, Bonferroni)\n\n", e->jobs_total, e->threads_used, e->jobs_resumed ? " (some resumed)" : "",
            e->wall_seconds, HB_Q_ALPHA);
    fprintf(f, "%-14s %5s  %-13s %5s %6s  %-48s %9s\n", "algorithm", "width", "keyed", "tests", "failed",
            "worst test", "p-value");
}

/* Which subjects ran fewer keys, and how many. */
static void table_scaled(FILE *f, const hb_q_run *run)
{
    unsigned s;
    for (s = 0; s < run->n_subjects; s++) {
        const hb_q_subject_report *r = &run->engine.reports[s];
        if (r->scale > 1)
            fprintf(f, "%s: %u times fewer keys (2^%u per keyset, %u avalanche keys, %u seeds): one hash costs "
                       "about %.0f fast ones\n", r->subject->name, r->scale, r->config.log2_keys,
                    r->config.avalanche_keys, r->config.seed_keys, r->subject->cost);
    }
}

void hb_q_report_table(FILE *f, const hb_q_run *run)
{
    unsigned s, w;
    char keying[32], worst[112], p[32];
    table_head(f, run);
    for (s = 0; s < run->n_subjects; s++) {
        const hb_q_subject_report *r = &run->engine.reports[s];
        for (w = 0; w < r->n_widths; w++) {
            const hb_q_width_report *wr = &r->widths[w];
            fprintf(f, "%-14s %5u  %-13s %5u %6u  %-48.48s %9s\n", w ? "" : r->subject->name, wr->bits,
                    w ? "" : hb_q_roster_keying(&run->subjects[s], keying, sizeof keying), wr->tests, wr->failed,
                    worst_text(wr, worst, sizeof worst), p_text(wr, p, sizeof p));
        }
    }
    fprintf(f, "\n\"not keyed\": the algorithm takes no seed here, so the seed tests did not run (not a pass).\n");
    table_scaled(f, run);
}

static const char *csv_field(const char *s, char *buf, size_t len)
{
    size_t n = 0;
    if (!strpbrk(s, ",\"\n"))
        return s;
    buf[n++] = '"';
    for (; *s && n + 3 < len; s++) {
        if (*s == '"')
            buf[n++] = '"';
        buf[n++] = *s;
    }
    buf[n++] = '"';
    buf[n] = 0;
    return buf;
}

void hb_q_report_csv(FILE *f, const hb_q_run *run)
{
    unsigned s, w;
    char keying[32], a[224];
    fprintf(f, "algorithm,width,keyed,tests,failed,worst_test,worst_variant,p_value,seed,mode\n");
    for (s = 0; s < run->n_subjects; s++) {
        const hb_q_subject_report *r = &run->engine.reports[s];
        for (w = 0; w < r->n_widths; w++) {
            const hb_q_width_report *wr = &r->widths[w];
            const hb_q_result *x = wr->worst >= 0 ? &wr->results[wr->worst] : NULL;
            fprintf(f, "%s,%u,%s,%u,%u,%s,%s,", r->subject->name, wr->bits,
                    hb_q_roster_keying(&run->subjects[s], keying, sizeof keying), wr->tests, wr->failed,
                    x ? x->test : "", csv_field(x ? x->variant : "", a, sizeof a));
            if (x)
                fprintf(f, "%.6g", x->p);
            fprintf(f, ",%llu,%s\n", (unsigned long long)run->engine.config.seed, mode_name(run));
        }
    }
}

static const char *md_cell(const char *s, char *buf, size_t len)
{
    size_t n = 0;
    for (; *s && n + 3 < len; s++) {
        if (*s == '|')
            buf[n++] = '\\';
        buf[n++] = *s;
    }
    buf[n] = 0;
    return buf;
}

void hb_q_report_md(FILE *f, const hb_q_run *run)
{
    unsigned s, w;
    char keying[32], worst[112], cell[240], p[32];
    fprintf(f, "hashbench quality, %s battery, seed %llu: a test fails at p < %g/m (Bonferroni over the m "
               "tests of an algorithm at a width).\n\n", mode_name(run),
            (unsigned long long)run->engine.config.seed, HB_Q_ALPHA);
    fprintf(f, "| algorithm | width | keyed | tests | failed | worst test | p-value |\n");
    fprintf(f, "|---|---:|---|---:|---:|---|---:|\n");
    for (s = 0; s < run->n_subjects; s++) {
        const hb_q_subject_report *r = &run->engine.reports[s];
        for (w = 0; w < r->n_widths; w++) {
            const hb_q_width_report *wr = &r->widths[w];
            fprintf(f, "| %s | %u | %s | %u | %u | %s | %s |\n", r->subject->name, wr->bits,
                    hb_q_roster_keying(&run->subjects[s], keying, sizeof keying), wr->tests, wr->failed,
                    md_cell(worst_text(wr, worst, sizeof worst), cell, sizeof cell), p_text(wr, p, sizeof p));
        }
    }
}

static void json_result(FILE *f, const hb_q_result *r, int failed, int last)
{
    fprintf(f, "          {\"test\": ");
    hb_json_string(f, r->test);
    fprintf(f, ", \"variant\": ");
    hb_json_string(f, r->variant);
    fprintf(f, ", \"statistic\": ");
    hb_json_number(f, r->statistic);
    fprintf(f, ", \"p\": ");
    hb_json_number(f, r->p);
    fprintf(f, ", \"failed\": %s, \"detail\": ", failed ? "true" : "false");
    hb_json_string(f, r->detail);
    fprintf(f, "}%s\n", last ? "" : ",");
}

static void json_width(FILE *f, const hb_q_width_report *w, int last)
{
    unsigned i;
    fprintf(f, "        {\"bits\": %u, \"tests\": %u, \"failed\": %u, \"worst\": ", w->bits, w->tests, w->failed);
    if (w->worst < 0) {
        fprintf(f, "null");
    } else {
        const hb_q_result *r = &w->results[w->worst];
        fprintf(f, "{\"test\": ");
        hb_json_string(f, r->test);
        fprintf(f, ", \"variant\": ");
        hb_json_string(f, r->variant);
        fprintf(f, ", \"p\": ");
        hb_json_number(f, r->p);
        fprintf(f, "}");
    }
    fprintf(f, ",\n         \"results\": [\n");
    for (i = 0; i < w->tests; i++)
        json_result(f, &w->results[i], w->fails[i], i + 1 == w->tests);
    fprintf(f, "        ]}%s\n", last ? "" : ",");
}

static void json_algorithm(FILE *f, const hb_q_roster_subject *rs, const hb_q_subject_report *r, int last)
{
    unsigned i;
    char keying[32];
    fprintf(f, "    {\"id\": ");
    hb_json_string(f, rs->algo->id);
    fprintf(f, ", \"name\": ");
    hb_json_string(f, rs->algo->name);
    fprintf(f, ", \"tier\": \"%s\", \"keyed\": %s, \"keying\": ", hb_tier_name(rs->algo->tier),
            rs->s.seed_bytes ? "true" : "false");
    hb_json_string(f, hb_q_roster_keying(rs, keying, sizeof keying));
    fprintf(f, ",\n     \"pick\": ");
    hb_json_string(f, rs->pick->name);
    fprintf(f, ", \"impls\": [");
    for (i = 0; i < rs->s.n_impls; i++) {
        fprintf(f, "%s", i ? ", " : "");
        hb_json_string(f, rs->impls[i]->name);
    }
    fprintf(f, "], \"tests_run\": %u, \"scale\": %u,", r->tests_run, r->scale);
    if (r->scale > 1)
        fprintf(f, " \"config\": {\"log2_keys\": %u, \"avalanche_keys\": %u, \"seed_keys\": %u},",
                r->config.log2_keys, r->config.avalanche_keys, r->config.seed_keys);
    fprintf(f, " \"seconds\": ");
    hb_json_number(f, r->seconds);
    fprintf(f, ",\n      \"widths\": [\n");
    for (i = 0; i < r->n_widths; i++)
        json_width(f, &r->widths[i], i + 1 == r->n_widths);
    fprintf(f, "      ]}%s\n", last ? "" : ",");
}

void hb_q_report_json(FILE *f, const hb_q_run *run)
{
    const hb_q_engine *e = &run->engine;
    unsigned s;
    fprintf(f, "{\n  \"schema\": \"" HB_Q_SCHEMA "\",\n  \"version\": \"%s\",\n  \"seed\": %llu,\n"
               "  \"mode\": \"%s\",\n", HB_VERSION, (unsigned long long)e->config.seed, mode_name(run));
    fprintf(f, "  \"config\": {\"log2_keys\": %u, \"avalanche_keys\": %u, \"seed_keys\": %u},\n",
            e->config.log2_keys, e->config.avalanche_keys, e->config.seed_keys);
    fprintf(f, "  \"build\": ");
    hb_json_string(f, run->build);
    fprintf(f, ",\n  \"host\": {\"cpu\": ");
    hb_json_string(f, run->cpu);
    fprintf(f, ", \"cores\": %d},\n  \"started\": \"%s\",\n  \"wall_seconds\": ", run->cores, run->started);
    hb_json_number(f, e->wall_seconds);
    fprintf(f, ",\n  \"peak_rss_kib\": %ld,\n", run->peak_rss_kib);
    fprintf(f, "  \"threads\": %u, \"jobs\": %u, \"jobs_resumed\": %u,\n", e->threads_used, e->jobs_total,
            e->jobs_resumed);
    fprintf(f, "  \"rule\": {\"alpha\": %g, \"correction\": \"bonferroni\"},\n  \"algorithms\": [\n", HB_Q_ALPHA);
    for (s = 0; s < run->n_subjects; s++)
        json_algorithm(f, &run->subjects[s], &e->reports[s], s + 1 == run->n_subjects);
    fprintf(f, "  ]\n}\n");
}
