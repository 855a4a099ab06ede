/* The terminal table, in the spirit of the original suite's screen:
 *
 *   . crc32      checksum   fast   1024 B   ITER  US/IT  THROUGHPUT ...  H0 H1 H2 H3
 *
 * A leading tier marker (. checksum, * non-crypto, # crypto, as the
 * original), '<' after the fastest of each tier at each size, and the first
 * four digest bytes of the canonical workload so a reader can cross-check a
 * row against any other platform.  The matrix view puts one throughput
 * column per size side by side (the original's size sweep). */
#include <stdlib.h>
#include <string.h>
#include "cli/as_cpu.h"
#include "cli/bench_run.h"
#include "cli/report_threads.h"
#include "text/units.h"

static char tier_mark(hb_tier t)
{
    return t == HB_TIER_CHECKSUM ? '.' : t == HB_TIER_NONCRYPTO ? '*' : '#';
}

static void digest_head(const hb_cell *c, char *out)
{
    unsigned i;
    out[0] = 0;
    for (i = 0; i < 4; i++) {
        char b[4];
        if (i < c->algo->digest_size)
            sprintf(b, "%02X", c->digest[i]);
        else
            strcpy(b, "..");
        strcat(out, i ? " " : "");
        strcat(out, b);
    }
}

static void print_context_header(FILE *f, const hb_run *run)
{
    const hb_context *x = &run->ctx;
    fprintf(f, "hashbench %s  %s (%d CPUs)  %s\n", x->version, x->cpu_model, x->logical_cpus, x->kernel);
    fprintf(f, "%s mode, %s data, %u samples of ~%.0f ms per cell; harness overhead %.1f ns/call"
               " (%.1f for init+update+final)",
            run->settings.latency ? "latency" : "throughput", run->settings.unaligned ? "unaligned" : "aligned",
            run->settings.repeat, run->settings.budget_ms / run->settings.repeat, x->call_overhead_ns,
            x->call_overhead_streamed_ns);
    if (x->core_hz_start > 0)
        fprintf(f, "; CYC/B in core cycles at the measured %.2f GHz", x->core_hz_start / 1e9);
    fprintf(f, "\n");
    if (hb_as_cpu_level()) {
        char what[512];
        hb_as_cpu_describe(what, sizeof what);
        fprintf(f, "AS CPU %s: AVX-512 masked for hashbench and the peers (docs/peers-avx2.md)\n", what);
    }
}

/* The IMPL column: as wide as the longest name in the run (the Rust
 * crates' names are longer than hashbench's own). */
static int impl_width(const hb_run *run)
{
    unsigned i;
    int w = 9;
    char label[64];
    for (i = 0; i < run->n_cells; i++)
        if ((int)strlen(hb_cell_impl_label(&run->cells[i], label, sizeof label)) > w)
            w = (int)strlen(label);
    return w;
}

/* "1.23x openssl" on the row of hashbench's best when a peer shares its
 * group; empty otherwise. */
static void vs_peer(const hb_run *run, const hb_cell *c, char *out, size_t n)
{
    hb_peer_comparison pc;
    out[0] = 0;
    if (hb_peer_compare(run, c, &pc) && pc.ours == c)
        snprintf(out, n, "%.2fx %s", pc.ratio, pc.peer->impl->name);
}

static void print_rows(FILE *f, const hb_run *run, const hb_cell **cells)
{
    unsigned i;
    size_t last_size = 0;
    int peers = hb_run_has_peer_comparison(run), iw = impl_width(run);
    for (i = 0; i < run->n_cells; i++) {
        const hb_cell *c = cells[i];
        char rate[32], size[32], dh[16], cpb[16], vs[48], label[64];
        double cycles = hb_cell_cycles_per_byte(run, c);
        if (c->size != last_size) {
            hb_format_size(c->size, size, sizeof size);
            fprintf(f, "\n%-15s %-10s %-*s %12s %10s %11s %6s %8s  %s   %s%s[%s]\n", "  ALGO", "TIER", iw, "IMPL", "ITER",
                    "US/IT", "THROUGHPUT", "SPREAD", "CYC/B", "H0 H1 H2 H3", peers ? "  VS PEER" : "",
                    peers ? "              " : "", size);
            last_size = c->size;
        }
        hb_format_rate(c->bytes_per_s, rate, sizeof rate);
        digest_head(c, dh);
        if (cycles > 0)
            snprintf(cpb, sizeof cpb, "%.2f", cycles);
        else
            strcpy(cpb, "-");
        vs_peer(run, c, vs, sizeof vs);
        fprintf(f, "%c %-13s %-10s %-*s %12llu %10.3f %11s %5.1f%% %8s  %s %s%s", tier_mark(c->algo->tier),
                c->algo->id, hb_tier_name(c->algo->tier), iw, hb_cell_impl_label(c, label, sizeof label),
                c->iters * c->n_samples,
                c->ns_per_call.median / 1e3, rate, 100 * c->ns_per_call.spread, cpb, dh,
                hb_cell_fastest_in_tier(run, c) ? "<" : " ", c->warnings ? " !" : peers && vs[0] ? "  " : "");
        fprintf(f, "%s%s\n", vs[0] ? " " : "", vs);
    }
}

/* One line per algorithm: hashbench's best against the best peer at each
 * size, the figures the two were measured at in the same interleaved group. */
static void print_peer_summary(FILE *f, const hb_run *run, const hb_cell **cells)
{
    unsigned i, j, k;
    int w = 24;
    for (i = 0; i < run->n_cells; i++) {
        hb_peer_comparison pc;
        if (hb_peer_compare(run, &run->cells[i], &pc) && pc.ours == &run->cells[i]) {
            int len = (int)(strlen(pc.ours->impl->name) + strlen(pc.peer->impl->name)) + 8;
            w = len > w ? len : w;
        }
    }
    fprintf(f, "\nhashbench's best vs the best peer, same run, interleaved (throughput ratio, median over the rounds; "
               "above 1: hashbench is faster)\n");
    fprintf(f, "%-15s", "");     /* (not "ALGO": that word heads the measurement tables) */
    for (k = 0; k < run->n_sizes; k++) {
        char size[32];
        hb_format_size(run->sizes[k], size, sizeof size);
        fprintf(f, " %-*s", w, size);
    }
    fprintf(f, "\n");
    for (i = 0; i < run->n_cells; i++) {
        const hb_cell *c = cells[i];
        hb_peer_comparison pc;
        for (j = 0; j < i && cells[j]->algo != c->algo; j++)
            ;
        if (j < i || !hb_peer_compare(run, c, &pc))
            continue;               /* one line per algorithm, in display order */
        fprintf(f, "  %-13s", c->algo->id);     /* no tier mark: these are not measurement rows */
        for (k = 0; k < run->n_sizes; k++) {
            hb_cell like = *c;
            char item[64];
            like.size = run->sizes[k];
            if (hb_peer_compare(run, &like, &pc))
                snprintf(item, sizeof item, "%.2fx %s/%s", pc.ratio, pc.ours->impl->name, pc.peer->impl->name);
            else
                strcpy(item, "-");
            fprintf(f, " %-*s", w, item);
        }
        fprintf(f, "\n");
    }
}

static void print_matrix(FILE *f, const hb_run *run, const hb_cell **cells)
{
    size_t largest = run->sizes[run->n_sizes - 1];
    unsigned i, k;
    int iw = impl_width(run);
    for (k = 0; k < run->n_sizes; k++)
        if (run->sizes[k] > largest)
            largest = run->sizes[k];
    fprintf(f, "\n%-15s %-10s %-*s", "  ALGO", "TIER", iw, "IMPL");
    for (k = 0; k < run->n_sizes; k++) {
        char size[32], head[40];
        hb_format_size(run->sizes[k], size, sizeof size);
        snprintf(head, sizeof head, "@%s", size);
        fprintf(f, " %11s ", head);
    }
    fprintf(f, "  H0 H1 H2 H3 (at %zu B)\n", largest);
    for (i = 0; i < run->n_cells; i++) {
        const hb_cell *c = cells[i];
        char dh[16];
        if (c->size != largest)
            continue;
        char label[64];
        fprintf(f, "%c %-13s %-10s %-*s", tier_mark(c->algo->tier), c->algo->id, hb_tier_name(c->algo->tier), iw,
                hb_cell_impl_label(c, label, sizeof label));
        for (k = 0; k < run->n_sizes; k++) {
            const hb_cell *o = hb_run_find_cell(run, c, run->sizes[k]);
            char rate[32];
            hb_format_rate(o ? o->bytes_per_s : 0, rate, sizeof rate);
            fprintf(f, " %11s%c", o ? rate : "-", o && hb_cell_fastest_in_tier(run, o) ? '<' : ' ');
        }
        digest_head(c, dh);
        fprintf(f, "  %s\n", dh);
    }
}

void hb_report_table(FILE *f, const hb_run *run)
{
    const hb_cell **cells = hb_run_sorted(run);
    unsigned i, flagged = 0;
    if (!cells)
        return;
    print_context_header(f, run);
    if (run->view == HB_VIEW_MATRIX)
        print_matrix(f, run, cells);
    else
        print_rows(f, run, cells);
    if (hb_run_has_peer_comparison(run))
        print_peer_summary(f, run, cells);
    hb_report_threads_table(f, run, cells);
    fprintf(f, "\nmarkers: . checksum  * non-crypto  # crypto  < fastest of its tier at that size");
    for (i = 0; i < run->n_cells; i++)
        flagged += run->cells[i].warnings != 0;
    if (flagged && run->view == HB_VIEW_ROWS)
        fprintf(f, "  ! suspect (see warnings)");
    fprintf(f, "\n");
    if (run->rust.library[0])
        fprintf(f, "rust-*: the Rust crates (peers/rust, %s), loaded from %s and measured\n"
                   "        in the same interleaved rounds as hashbench's cells\n", run->rust.compiler, run->rust.library);
    free(cells);
}
