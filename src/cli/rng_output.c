/* hashbench rng's output: the table (MB/s, median and spread per source
 * and size; the checks beside) and the JSON record of kind "rng"
 * (docs/schema/results.schema.json), opened by src/record (hb_record_open)
 * as every record is. */
#include <string.h>
#include "cli/rng_run.h"
#include "text/units.h"
#include "cli/util.h"

/* MB/s (10^6 bytes) with three significant figures or whole numbers */
static void mbps(double bps, char *out, size_t len)
{
    double v = bps / 1e6;
    if (v >= 100)
        snprintf(out, len, "%.0f", v);
    else if (v >= 10)
        snprintf(out, len, "%.1f", v);
    else if (v >= 1)
        snprintf(out, len, "%.2f", v);
    else
        snprintf(out, len, "%.3g", v);
}

static void cell_text(const hb_rng_cell *c, char *out, size_t len)
{
    char m[24], lo[24], hi[24];
    if (c->status == HB_RNG_SKIPPED && !strcmp(c->why, "source failed")) {
        snprintf(out, len, "-");
        return;
    }
    if (c->status == HB_RNG_SKIPPED) {
        snprintf(out, len, "skipped");
        return;
    }
    if (c->status == HB_RNG_FAILED || c->n_samples == 0) {
        snprintf(out, len, "failed");
        return;
    }
    mbps(c->bps, m, sizeof m);
    mbps(c->bps_min, lo, sizeof lo);
    mbps(c->bps_max, hi, sizeof hi);
    snprintf(out, len, "%s (%s..%s)", m, lo, hi);
}

static const char *check_text(const hb_rng_result *r)
{
    if (r->status == HB_RNG_SKIPPED)
        return "-";
    return hb_rng_outcome_name(r->verdict.overall);
}

/* One row per source: its rate at each size and its check's outcome. */
static void table_rows(FILE *f, const hb_rng_run *run)
{
    unsigned i, k;
    char text[96];
    fprintf(f, "hashbench rng: MB/s (1 MB = 10^6 bytes), median (min..max) of %u samples per size, "
               "interleaved\n\n", run->job.repeat);
    fprintf(f, "%-28s", "source");
    for (k = 0; k < run->job.n_sizes; k++) {
        hb_format_size(run->job.sizes[k], text, sizeof text);
        fprintf(f, "  %-26s", text);
    }
    fprintf(f, "  check\n");
    for (i = 0; i < run->job.n_results; i++) {
        const hb_rng_result *r = &run->job.results[i];
        fprintf(f, "%-28s", r->src->label);
        if (r->status == HB_RNG_SKIPPED) {
            fprintf(f, "  skipped: %s\n", r->why);
            continue;
        }
        for (k = 0; k < run->job.n_sizes; k++) {
            cell_text(&r->cells[k], text, sizeof text);
            fprintf(f, "  %-26s", text);
        }
        fprintf(f, "  %s\n", check_text(r));
    }
}

/* The checks' figures of every source that ran. */
static void table_checks(FILE *f, const hb_rng_run *run)
{
    unsigned i, notes = 0;
    for (i = 0; i < run->job.n_results; i++) {
        const hb_rng_result *r = &run->job.results[i];
        const hb_rng_verdict *v = &r->verdict;
        if (r->status == HB_RNG_SKIPPED)
            continue;
        if (!notes++) {
            fprintf(f, "\nchecks (a test FAILs at p < %g; chi-square of the byte counts, 255 degrees of freedom, "
                       "both tails):\n", HB_RNG_P_FAIL);
            fprintf(f, "%-28s  %12s  %10s  %9s  %9s  %9s  %9s  %s\n", "source", "bytes", "chi-square", "p(high)",
                    "p(low)", "monobit z", "p", "verdict");
        }
        fprintf(f, "%-28s  %12llu  %10.*f  %9.3g  %9.3g  %9.2f  %9.3g  %s%s%s\n", r->src->label,
                (unsigned long long)v->bytes, v->chi_square < 1e6 ? 1 : 0, v->chi_square, v->chi_p_upper,
                v->chi_p_lower, v->monobit_z,
                v->monobit_p, check_text(r), v->chi == HB_RNG_FAIL ? " (chi-square)" : "",
                v->monobit == HB_RNG_FAIL ? " (monobit)" : "");
    }
}

/* What ran exactly, why a source failed and which sizes it skipped. */
static void table_notes(FILE *f, const hb_rng_run *run)
{
    unsigned i, k, notes = 0;
    char text[96];
    for (i = 0; i < run->job.n_results; i++) {
        const hb_rng_result *r = &run->job.results[i];
        if (r->status == HB_RNG_SKIPPED)
            continue;
        if (!notes++)
            fprintf(f, "\n");
        if (r->src->detail[0])
            fprintf(f, "%s: %s\n", r->src->label, r->src->detail);
        if (r->status == HB_RNG_FAILED)
            fprintf(f, "%s: FAILED: %s\n", r->src->label, r->why);
        for (k = 0; k < run->job.n_sizes; k++)
            if (r->cells[k].status == HB_RNG_SKIPPED && r->status == HB_RNG_MEASURED) {
                hb_format_size(r->cells[k].size, text, sizeof text);
                fprintf(f, "%s at %s: skipped: %s\n", r->src->label, text, r->cells[k].why);
            }
    }
}

void hb_rng_report_table(FILE *f, const hb_rng_run *run)
{
    table_rows(f, run);
    table_checks(f, run);
    table_notes(f, run);
}

static const char *status_name(hb_rng_status s)
{
    return s == HB_RNG_MEASURED ? "measured" : s == HB_RNG_SKIPPED ? "skipped" : "failed";
}

static void json_cell(FILE *f, const hb_rng_cell *c, int last)
{
    unsigned i;
    fprintf(f, "        {\"size\": %zu, \"status\": \"%s\"", c->size, status_name(c->status));
    if (c->status != HB_RNG_MEASURED || c->n_samples == 0) {
        fprintf(f, ", \"reason\": ");
        hb_json_string(f, c->why[0] ? c->why : "not measured");
        fprintf(f, "}%s\n", last ? "" : ",");
        return;
    }
    fprintf(f, ", \"bytes\": %zu, \"samples_ns\": [", c->bytes);
    for (i = 0; i < c->n_samples; i++) {
        fprintf(f, "%s", i ? ", " : "");
        hb_json_number(f, c->samples_ns[i]);
    }
    fprintf(f, "],\n         \"median_ns\": ");
    hb_json_number(f, c->ns.median);
    fprintf(f, ", \"min_ns\": ");
    hb_json_number(f, c->ns.min);
    fprintf(f, ", \"max_ns\": ");
    hb_json_number(f, c->ns.max);
    fprintf(f, ", \"spread\": ");
    hb_json_number(f, c->ns.spread);
    fprintf(f, ", \"bytes_per_second\": ");
    hb_json_number(f, c->bps);
    fprintf(f, ", \"min_bytes_per_second\": ");
    hb_json_number(f, c->bps_min);
    fprintf(f, ", \"max_bytes_per_second\": ");
    hb_json_number(f, c->bps_max);
    fprintf(f, "}%s\n", last ? "" : ",");
}

static void json_check(FILE *f, const hb_rng_verdict *v)
{
    fprintf(f, "      \"check\": {\"bytes\": %llu, \"chi_square\": ", (unsigned long long)v->bytes);
    hb_json_number(f, v->chi_square);
    fprintf(f, ", \"chi_square_p_high\": ");
    hb_json_number(f, v->chi_p_upper);
    fprintf(f, ", \"chi_square_p_low\": ");
    hb_json_number(f, v->chi_p_lower);
    fprintf(f, ", \"monobit_ones\": %llu, \"monobit_z\": ", (unsigned long long)v->ones);
    hb_json_number(f, v->monobit_z);
    fprintf(f, ", \"monobit_p\": ");
    hb_json_number(f, v->monobit_p);
    fprintf(f, ", \"p_fail\": %g,\n                \"chi_square_verdict\": \"%s\", \"monobit_verdict\": \"%s\", "
               "\"verdict\": \"%s\"},\n", HB_RNG_P_FAIL, hb_rng_outcome_name(v->chi),
            hb_rng_outcome_name(v->monobit), hb_rng_outcome_name(v->overall));
}

static void json_result(FILE *f, const hb_rng_run *run, const hb_rng_result *r, int last)
{
    unsigned k;
    fprintf(f, "    {\"source\": ");
    hb_json_string(f, r->src->id);
    fprintf(f, ", \"label\": ");
    hb_json_string(f, r->src->label);
    fprintf(f, ", \"kind\": \"%s\", \"status\": \"%s\"", r->src->kind, status_name(r->status));
    if (r->status != HB_RNG_MEASURED) {
        fprintf(f, ", \"reason\": ");
        hb_json_string(f, r->why);
    }
    if (r->src->detail[0]) {
        fprintf(f, ", \"detail\": ");
        hb_json_string(f, r->src->detail);
    }
    if (r->status == HB_RNG_SKIPPED) {
        fprintf(f, "}%s\n", last ? "" : ",");
        return;
    }
    fprintf(f, ",\n      \"retries\": %llu, \"probe_bytes_per_second\": ", r->src->retries);
    hb_json_number(f, r->probe_bps);
    fprintf(f, ",\n");
    json_check(f, &r->verdict);
    fprintf(f, "      \"sizes\": [\n");
    for (k = 0; k < run->job.n_sizes; k++)
        json_cell(f, &r->cells[k], k + 1 == run->job.n_sizes);
    fprintf(f, "      ]}%s\n", last ? "" : ",");
}

void hb_rng_report_json(FILE *f, const hb_rng_run *run)
{
    unsigned i;
    hb_record_open(f);
    fprintf(f, "  \"kind\": \"rng\",\n");
    hb_report_json_context(f, &run->base);
    fprintf(f, "  \"settings\": {\"sizes\": [");
    for (i = 0; i < run->job.n_sizes; i++)
        fprintf(f, "%s%zu", i ? ", " : "", run->job.sizes[i]);
    fprintf(f, "], \"repeat\": %u, \"mode\": \"throughput\", \"max_time_s\": %g, \"sources\": ", run->job.repeat,
            run->job.max_time_s);
    hb_json_string(f, run->sources_spec);
    fprintf(f, "},\n  \"warnings\": [");
    for (i = 0; i < run->n_warnings; i++) {
        fprintf(f, "%s", i ? ", " : "");
        hb_json_string(f, run->warnings[i]);
    }
    fprintf(f, "],\n  \"results\": [],\n  \"rng\": [\n");
    for (i = 0; i < run->job.n_results; i++)
        json_result(f, run, &run->job.results[i], i + 1 == run->job.n_results);
    fprintf(f, "  ]\n}\n");
}
