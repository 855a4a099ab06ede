/* hashbench files' outputs: the table a person reads and the JSON record
 * the results store ingests (docs/schema/results.schema.json, kind
 * "files"), opened through src/record like every record.  Both only read
 * the run. */
#include "cli/bench_run.h"
#include "cli/files_output.h"
#include "text/units.h"
#include "cli/util.h"

static double mb_per_s(size_t size, double ns)
{
    return ns > 0 ? (double)size / ns * 1e3 : 0;
}

void hb_files_table(FILE *f, const hb_files_run *run)
{
    unsigned i;
    fprintf(f, "Hashing files: the whole process timed (start to exit, CLOCK_MONOTONIC), median of %u runs "
               "after a discarded warm-up, tools interleaved run by run.\n"
               "MB/s = 10^6 bytes/s over the median time. x ours: hashbench sum's MB/s over the tool's, "
               "both as shown (above 1: hashbench sum is faster).\n\n", run->repeat);
    fprintf(f, "%-10s %-8s %-5s %-28s %10s  %-21s %8s\n", "algorithm", "size", "cache", "tool", "MB/s",
            "(min..max)", "x ours");
    for (i = 0; i < run->n_rows; i++) {
        const hb_files_row *r = &run->rows[i];
        char size[32], spread[48], ratio[16];
        if (r->skipped)
            continue;
        hb_format_size(r->size, size, sizeof size);
        if (r->failed || r->n == 0) {
            fprintf(f, "%-10s %-8s %-5s %-28s %10s\n", r->algo->id, size, r->cold ? "cold" : "warm",
                    r->tool->label, "error");
            continue;
        }
        snprintf(spread, sizeof spread, "(%.1f..%.1f)", mb_per_s(r->size, r->ns.max), mb_per_s(r->size, r->ns.min));
        if (r->ratio > 0)
            snprintf(ratio, sizeof ratio, "%.2f", r->ratio);
        else
            ratio[0] = 0;
        fprintf(f, "%-10s %-8s %-5s %-28s %10.1f  %-21s %8s%s\n", r->algo->id, size, r->cold ? "cold" : "warm",
                r->tool->label, mb_per_s(r->size, r->ns.median), spread, ratio,
                r->not_cold ? "  (not all cold)" : "");
    }
}

static void number(FILE *f, double v)
{
    if (v != v || v > 1e300 || v < -1e300)
        fprintf(f, "null");
    else
        fprintf(f, "%.9g", v);
}

static void print_row(FILE *f, const hb_files_run *run, const hb_files_row *r, int last)
{
    unsigned k;
    const hb_files_row *ours = r->ours_row >= 0 ? &run->rows[r->ours_row] : NULL;
    fprintf(f, "    {\"algorithm\": ");
    hb_json_string(f, r->algo->id);
    fprintf(f, ", \"tier\": \"%s\", \"tool\": ", hb_tier_name(r->algo->tier));
    hb_json_string(f, r->tool->label);
    fprintf(f, ", \"ours\": %s, \"program\": ", r->tool->program ? "false" : "true");
    hb_json_string(f, r->program->path);
    fprintf(f, ", \"version\": ");
    hb_json_string(f, r->program->version);
    if (r->tool->threads)
        fprintf(f, ", \"threads\": %d", r->tool->threads);
    fprintf(f, ",\n     \"size\": %zu, \"cache\": \"%s\", \"timing_fidelity\": \"measured\", \"samples_ns\": [",
            r->size, r->cold ? "cold" : "warm");
    for (k = 0; k < r->n; k++) {
        fprintf(f, "%s", k ? ", " : "");
        number(f, r->samples_ns[k]);
    }
    fprintf(f, "],\n     \"median_ns\": ");
    number(f, r->ns.median);
    fprintf(f, ", \"min_ns\": ");
    number(f, r->ns.min);
    fprintf(f, ", \"max_ns\": ");
    number(f, r->ns.max);
    fprintf(f, ", \"spread\": ");
    number(f, r->ns.spread);
    fprintf(f, ", \"bytes_per_second\": ");
    number(f, (double)r->size / r->ns.median * 1e9);
    if (ours && r->ratio > 0) {
        fprintf(f, ",\n     \"compared_with\": ");
        hb_json_string(f, ours->tool->label);
        fprintf(f, ", \"ours_ratio\": ");
        number(f, r->ratio);
    }
    fprintf(f, ",\n     \"digest\": \"%s\", \"warnings\": [", r->digest);
    if (r->not_cold)
        fprintf(f, "\"%u of %u cold runs started with pages of the file still in the page cache\"", r->not_cold, r->n);
    fprintf(f, "]}%s\n", last ? "" : ",");
}

void hb_files_json(FILE *f, const hb_files_run *run)
{
    static hb_run ctx_run;
    unsigned i, last = 0;
    ctx_run.ctx = run->ctx;
    hb_record_open(f);
    fprintf(f, "  \"kind\": \"files\",\n");
    hb_report_json_context(f, &ctx_run);
    fprintf(f, "  \"settings\": {\"sizes\": [");
    for (i = 0; i < run->n_sizes; i++)
        fprintf(f, "%s%zu", i ? ", " : "", run->sizes[i]);
    fprintf(f, "], \"mode\": \"throughput\", \"repeat\": %u, \"cache\": [%s%s%s], \"filesystem\": ", run->repeat,
            run->want_warm ? "\"warm\"" : "", run->want_warm && run->cold_used ? ", " : "",
            run->cold_used ? "\"cold\"" : "");
    hb_json_string(f, run->fs_type);
    fprintf(f, ", \"dir\": ");
    hb_json_string(f, run->parent);
    fprintf(f, "},\n  \"warnings\": [");
    for (i = 0; i < run->n_warnings; i++) {
        fprintf(f, "%s", i ? ", " : "");
        hb_json_string(f, run->warnings[i]);
    }
    /* no kernel measurements: the figures are whole processes, kept apart */
    fprintf(f, "],\n  \"results\": [],\n  \"files\": [\n");
    for (i = 0; i < run->n_rows; i++)
        if (!run->rows[i].failed && !run->rows[i].skipped && run->rows[i].n > 0)
            last = i;
    for (i = 0; i < run->n_rows; i++)
        if (!run->rows[i].failed && !run->rows[i].skipped && run->rows[i].n > 0) {
            print_row(f, run, &run->rows[i], i == last);
        }
    fprintf(f, "  ]\n}\n");
}
