/* The threaded parts of a bench run, for the table and the JSON record:
 * --threads N (N copies at once, their aggregate beside one copy's) and
 * --scale (an implementation at each thread count).  Kept out of
 * report_table.c and report_json.c, which call in here. */
#include <string.h>
#include "cli/bench_run.h"
#include "cli/report_threads.h"
#include "text/units.h"
#include "cli/util.h"

static double rate_of(const hb_cell *c, double ns)
{
    return ns > 0 ? (double)c->size / (ns * 1e-9) : 0;
}

static void print_copies(FILE *f, const hb_run *run, const hb_cell **cells)
{
    unsigned i;
    fprintf(f, "\n%u copies of each measurement at once, not pinned: aggregate throughput (the sum of the copies' "
               "rates in a round,\nas openssl speed -multi adds its processes'), median and min..max over the "
               "rounds, beside one copy alone\n", run->threads);
    fprintf(f, "  %-13s %-16s %8s %11s %11s %23s %7s\n", "ALGO", "IMPL", "SIZE", "1 COPY", "", "ALL COPIES", "RATIO");
    for (i = 0; i < run->n_cells; i++) {
        const hb_cell *c = cells[i];
        char size[32], one[32], agg[32], lo[32], hi[32], label[64], range[72];
        if (!c->copies)
            continue;
        hb_format_size(c->size, size, sizeof size);
        hb_format_rate(c->bytes_per_s, one, sizeof one);
        hb_format_rate(c->copy_rate.median, agg, sizeof agg);
        hb_format_rate(c->copy_rate.min, lo, sizeof lo);
        hb_format_rate(c->copy_rate.max, hi, sizeof hi);
        snprintf(range, sizeof range, "(%s..%s)", lo, hi);
        fprintf(f, "  %-13s %-16s %8s %11s %11s %23s %6.2fx%s\n", c->algo->id,
                hb_cell_impl_label(c, label, sizeof label), size, one, agg, range,
                c->bytes_per_s > 0 ? c->copy_rate.median / c->bytes_per_s : 0,
                c->warnings & HB_WARN_LOAD ? " !" : "");
    }
}

static void print_scaling(FILE *f, const hb_run *run, const hb_cell **cells)
{
    unsigned i, j;
    fprintf(f, "\nthread scaling, interleaved in one group per size: median throughput (min..max over the samples) "
               "and the speed-up over 1 thread\n");
    for (i = 0; i < run->n_cells; i++) {
        const hb_cell *c = cells[i], *one = NULL;
        char size[32];
        if (c->threads != 1)
            continue;
        one = c;
        hb_format_size(c->size, size, sizeof size);
        fprintf(f, "  %-13s %-18s %8s", c->algo->id, c->impl->name, size);
        for (j = 0; j < run->n_cells; j++) {
            const hb_cell *o = &run->cells[j];
            char med[32], lo[32], hi[32];
            if (o->algo != c->algo || o->impl != c->impl || o->size != c->size || !o->threads)
                continue;
            hb_format_rate(o->bytes_per_s, med, sizeof med);
            hb_format_rate(rate_of(o, o->ns_per_call.max), lo, sizeof lo);
            hb_format_rate(rate_of(o, o->ns_per_call.min), hi, sizeof hi);
            fprintf(f, "\n    %2u threads %11s (%s..%s) %5.2fx%s", o->threads, med, lo, hi,
                    one->bytes_per_s > 0 ? o->bytes_per_s / one->bytes_per_s : 0,
                    o->warnings & HB_WARN_LOAD ? " !" : "");
        }
        fprintf(f, "\n");
    }
}

void hb_report_threads_table(FILE *f, const hb_run *run, const hb_cell **cells)
{
    if (run->threads)
        print_copies(f, run, cells);
    if (run->scale)
        print_scaling(f, run, cells);
    if (run->load.others_cpus >= 0 && (run->threads || run->scale || run->load.loaded_groups))
        fprintf(f, "\nother processes on CPUs %s: %.2f CPUs' worth over the run (/proc/stat less hashbench's own "
                   "time)\n", run->load.cpus, run->load.others_cpus);
}

void hb_report_threads_json_context(FILE *f, const hb_run *run)
{
    fprintf(f, "    \"cpu_load\": {\"cpus\": ");
    hb_json_string(f, run->load.cpus);
    fprintf(f, ", \"n_cpus\": %u, \"others_cpus\": ", run->load.n_cpus);
    if (run->load.others_cpus >= 0)
        hb_json_number(f, run->load.others_cpus);
    else
        fprintf(f, "null");
    fprintf(f, ", \"loaded_groups\": %u, \"method\": \"/proc/stat busy ticks of these CPUs less getrusage\"},\n",
            run->load.loaded_groups);
}

void hb_report_threads_json_settings(FILE *f, const hb_run *run)
{
    if (run->threads)
        fprintf(f, ", \"threads\": %u, \"threads_pinned\": false", run->threads);
    if (run->scale)
        fprintf(f, ", \"scale\": %u", run->scale);
}

void hb_report_threads_json_cell(FILE *f, const hb_cell *c)
{
    unsigned t, r;
    if (c->threads)
        fprintf(f, ", \"threads\": %u", c->threads);
    if (c->others_cpus >= 0) {
        fprintf(f, ", \"others_cpus\": ");
        hb_json_number(f, c->others_cpus);
    }
    if (!c->copies || !c->copy_samples_ns)
        return;
    fprintf(f, ",\n     \"copies\": {\"count\": %u, \"pinned\": false, \"aggregate_bytes_per_second\": ", c->copies);
    hb_json_number(f, c->copy_rate.median);
    fprintf(f, ", \"aggregate_min_bytes_per_second\": ");
    hb_json_number(f, c->copy_rate.min);
    fprintf(f, ", \"aggregate_max_bytes_per_second\": ");
    hb_json_number(f, c->copy_rate.max);
    fprintf(f, ", \"single_bytes_per_second\": ");
    hb_json_number(f, c->bytes_per_s);
    fprintf(f, ", \"iterations_per_sample\": %llu,\n      \"samples_ns\": [", c->iters);
    for (t = 0; t < c->copies; t++) {
        fprintf(f, "%s[", t ? ", " : "");
        for (r = 0; r < c->n_samples; r++) {
            fprintf(f, "%s", r ? ", " : "");
            hb_json_number(f, c->copy_samples_ns[(size_t)t * c->n_samples + r]);
        }
        fprintf(f, "]");
    }
    fprintf(f, "]}");
}
