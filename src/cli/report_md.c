/* Markdown results, ready to paste into a README: the matrix of throughput
 * by size (or the row view), with the machine it was measured on. */
#include <stdlib.h>
#include <string.h>
#include "cli/as_cpu.h"
#include "cli/bench_run.h"
#include "text/units.h"

/* hashbench's best against the best peer: one row per algorithm, one
 * column per size. */
static void print_peer_table(FILE *f, const hb_run *run, const hb_cell **cells)
{
    unsigned i, j, k;
    fprintf(f, "\nhashbench's best against the best peer library, measured interleaved in the same run "
                   "(ratio of throughput; above 1, hashbench is faster):\n\n| algorithm |");
    for (k = 0; k < run->n_sizes; k++) {
        char s[32];
        hb_format_size(run->sizes[k], s, sizeof s);
        fprintf(f, " %s |", s);
    }
    fprintf(f, "\n|---|");
    for (k = 0; k < run->n_sizes; k++)
        fprintf(f, "---:|");
    fprintf(f, "\n");
    for (i = 0; i < run->n_cells; i++) {
        hb_peer_comparison pc;
        for (j = 0; j < i && cells[j]->algo != cells[i]->algo; j++)
            ;
        if (j < i || !hb_peer_compare(run, cells[i], &pc))
            continue;
        fprintf(f, "| %s |", cells[i]->algo->id);
        for (k = 0; k < run->n_sizes; k++) {
            hb_cell like = *cells[i];
            like.size = run->sizes[k];
            if (hb_peer_compare(run, &like, &pc))
                fprintf(f, " %.2fx %s/%s |", pc.ratio, pc.ours->impl->name, pc.peer->impl->name);
            else
                fprintf(f, " - |");
        }
        fprintf(f, "\n");
    }
}

/* The sentence above the table: what measured it, how, where. */
static void print_intro(FILE *f, const hb_run *run)
{
    fprintf(f, "Measured with hashbench %s on %s, %s mode, median of %u samples", run->ctx.version,
            run->ctx.cpu_model, run->settings.latency ? "latency" : "throughput", run->settings.repeat);
    if (run->ctx.core_hz_start > 0)
        fprintf(f, "; cycles per byte at the measured core clock of %.2f GHz", run->ctx.core_hz_start / 1e9);
    if (hb_as_cpu_level()) {
        char what[512];
        hb_as_cpu_describe(what, sizeof what);
        fprintf(f, "; **as an AVX2-class core**, `--as-cpu %s`", what);
    }
    fprintf(f, ".\n\n");
}

/* The matrix view: one row per algorithm and implementation (in the order
 * of the largest size's cells), one column of throughput per size. */
static void print_matrix(FILE *f, const hb_run *run, const hb_cell **cells)
{
    size_t largest = 0;
    unsigned i, k;
    for (k = 0; k < run->n_sizes; k++)
        if (run->sizes[k] > largest)
            largest = run->sizes[k];
    fprintf(f, "| algorithm | tier | implementation |");
    for (k = 0; k < run->n_sizes; k++) {
        char s[32];
        hb_format_size(run->sizes[k], s, sizeof s);
        fprintf(f, " %s |", s);
    }
    fprintf(f, "\n|---|---|---|");
    for (k = 0; k < run->n_sizes; k++)
        fprintf(f, "---:|");
    fprintf(f, "\n");
    for (i = 0; i < run->n_cells; i++) {
        const hb_cell *c = cells[i];
        if (c->size != largest)
            continue;
        char label[64];
        fprintf(f, "| %s | %s | %s |", c->algo->id, hb_tier_name(c->algo->tier),
                hb_cell_impl_label(c, label, sizeof label));
        for (k = 0; k < run->n_sizes; k++) {
            const hb_cell *o = hb_run_find_cell(run, c, run->sizes[k]);
            char rate[32];
            hb_format_rate(o ? o->bytes_per_s : 0, rate, sizeof rate);
            fprintf(f, " %s |", o ? rate : "-");
        }
        fprintf(f, "\n");
    }
}

/* One row of the row view: a cell's figures, its digest's first bytes and,
 * with peers in the run, how it compares with the best of them. */
static void print_row(FILE *f, const hb_run *run, const hb_cell *c, int peers)
{
    char rate[32], size[32], cpb[16], label[64];
    double cycles = hb_cell_cycles_per_byte(run, c);
    unsigned k;
    hb_format_rate(c->bytes_per_s, rate, sizeof rate);
    hb_format_size(c->size, size, sizeof size);
    if (cycles > 0)
        snprintf(cpb, sizeof cpb, "%.2f", cycles);
    else
        strcpy(cpb, "-");
    fprintf(f, "| %s | %s | %s | %s | %s | %.1f%% | %s | `", c->algo->id, hb_tier_name(c->algo->tier),
            hb_cell_impl_label(c, label, sizeof label), size, rate, 100 * c->ns_per_call.spread, cpb);
    for (k = 0; k < 4 && k < c->algo->digest_size; k++)
        fprintf(f, "%02x", c->digest[k]);
    fprintf(f, "` |");
    if (peers) {
        hb_peer_comparison pc;
        if (hb_peer_compare(run, c, &pc) && pc.ours == c)
            fprintf(f, " %.2fx %s |", pc.ratio, pc.peer->impl->name);
        else
            fprintf(f, " |");
    }
    fprintf(f, "\n");
}

void hb_report_md(FILE *f, const hb_run *run)
{
    const hb_cell **cells = hb_run_sorted(run);
    unsigned i;
    int peers = hb_run_has_peer_comparison(run);
    if (!cells)
        return;
    print_intro(f, run);
    if (run->view == HB_VIEW_MATRIX) {
        print_matrix(f, run, cells);
    } else {
        fprintf(f, "| algorithm | tier | implementation | size | throughput | spread | cycles/byte | digest (first 4 bytes) |%s\n",
                peers ? " vs best peer |" : "");
        fprintf(f, "|---|---|---|---:|---:|---:|---:|---|%s\n", peers ? "---:|" : "");
        for (i = 0; i < run->n_cells; i++)
            print_row(f, run, cells[i], peers);
    }
    if (peers)
        print_peer_table(f, run, cells);
    free(cells);
}
