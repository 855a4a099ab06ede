/* CSV results: one row per algorithm, implementation and size; raw samples
 * in one column, separated by semicolons.  RFC 4180 quoting. */
#include <string.h>
#include "cli/bench_run.h"
#include "cli/util.h"

static void field(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

void hb_report_csv(FILE *f, const hb_run *run)
{
    unsigned i, k;
    fprintf(f, "algorithm,tier,implementation,size,mode,iterations_per_sample,median_ns,min_ns,max_ns,spread,"
               "bytes_per_second,cycles_per_byte,digest,samples_ns,warnings,peer,best_peer,vs_best_peer\n");
    for (i = 0; i < run->n_cells; i++) {
        const hb_cell *c = &run->cells[i];
        hb_peer_comparison pc;
        char hex[2 * HB_MAX_DIGEST + 1];
        const char *warn[4];
        unsigned nw = hb_cell_warnings(run, c, warn, 4);
        double cpb = hb_cell_cycles_per_byte(run, c);
        char label[64];
        hb_hex(c->digest, c->algo->digest_size, hex);
        fprintf(f, "%s,%s,%s,%zu,%s,%llu,%.3f,%.3f,%.3f,%.5f,%.0f,", c->algo->id, hb_tier_name(c->algo->tier),
                hb_cell_impl_label(c, label, sizeof label), c->size, run->settings.latency ? "latency" : "throughput", c->iters,
                c->ns_per_call.median, c->ns_per_call.min, c->ns_per_call.max, c->ns_per_call.spread,
                c->bytes_per_s);
        if (cpb > 0)
            fprintf(f, "%.4f", cpb);
        fprintf(f, ",%s,", hex);
        for (k = 0; k < c->n_samples; k++)
            fprintf(f, "%s%.0f", k ? ";" : "", c->samples_ns[k]);
        fputc(',', f);
        if (nw) {
            char buf[512] = "";
            for (k = 0; k < nw; k++)
                snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", k ? "; " : "", warn[k]);
            field(f, buf);
        }
        /* peer: 1 for a peer library's row; on hashbench's best row, the
         * best peer of its group and the ratio of their throughputs */
        fprintf(f, ",%d,", hb_cell_is_peer(c));
        if (hb_peer_compare(run, c, &pc) && pc.ours == c)
            fprintf(f, "%s,%.4f", pc.peer->impl->name, pc.ratio);
        else
            fputc(',', f);
        fputc('\n', f);
    }
}
