/* What every output format needs to know about a run (see bench_run.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli/bench_run.h"
#include "cli/profile_use.h"
#include "bench/stats.h"

void hb_run_warn(hb_run *run, const char *fmt, ...)
{
    char buf[600];
    va_list ap;
    unsigned i;
    if (run->n_warnings >= HB_MAX_WARNINGS)
        return;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    for (i = 0; i < run->n_warnings; i++)
        if (run->warnings[i] && strcmp(run->warnings[i], buf) == 0)
            return;                 /* said once is enough (a group-by-group source repeats itself) */
    run->warnings[run->n_warnings++] = strdup(buf);
}

unsigned hb_cell_warnings(const hb_run *run, const hb_cell *c, const char **out, unsigned max)
{
    unsigned n = 0;
    (void)run;
    if ((c->warnings & HB_WARN_SPREAD) && n < max)
        out[n++] = "spread above 5%: the machine was busy or the clock changed; rerun, or use --repeat and --pin";
    if ((c->warnings & HB_WARN_MEMORY) && n < max)
        out[n++] = "faster than this machine reads memory of this size: the figure is suspect";
    if ((c->warnings & HB_WARN_LOAD) && n < max)
        out[n++] = "other processes used the CPUs this measurement ran on (/proc/stat): the figure is low";
    return n;
}

double hb_cell_cycles_per_byte(const hb_run *run, const hb_cell *c)
{
    if (run->ctx.core_hz_start <= 0 || c->size == 0)
        return 0;
    return c->ns_per_call.median * 1e-9 * run->ctx.core_hz_start / (double)c->size;
}

static const hb_run *sort_run;

static unsigned algo_index(const hb_algo *a)
{
    unsigned i;
    for (i = 0; i < hb_algo_count(); i++)
        if (hb_algo_at(i) == a)
            return i;
    return 0;
}

static int cmp_cells(const void *pa, const void *pb)
{
    const hb_cell *a = *(const hb_cell *const *)pa, *b = *(const hb_cell *const *)pb;
    int d;
    if (sort_run->view == HB_VIEW_ROWS && a->size != b->size)
        return a->size < b->size ? -1 : 1;
    switch (sort_run->sort) {
    case HB_SORT_SPEED:
        if (a->bytes_per_s != b->bytes_per_s)
            return a->bytes_per_s > b->bytes_per_s ? -1 : 1;
        break;
    case HB_SORT_NAME:
        d = strcmp(a->algo->id, b->algo->id);
        if (d)
            return d;
        break;
    case HB_SORT_CATEGORY:
        if (a->algo->tier != b->algo->tier)
            return a->algo->tier < b->algo->tier ? -1 : 1;
        break;
    }
    if (a->algo != b->algo)
        return algo_index(a->algo) < algo_index(b->algo) ? -1 : 1;
    /* stable: keep measurement order */
    return a < b ? -1 : a > b;
}

const hb_cell **hb_run_sorted(const hb_run *run)
{
    const hb_cell **v = malloc((run->n_cells + 1) * sizeof *v);
    unsigned i;
    if (!v)
        return NULL;
    for (i = 0; i < run->n_cells; i++)
        v[i] = &run->cells[i];
    sort_run = run;
    qsort(v, run->n_cells, sizeof *v, cmp_cells);
    return v;
}

const hb_cell *hb_run_find_cell(const hb_run *run, const hb_cell *like, size_t size)
{
    unsigned i;
    for (i = 0; i < run->n_cells; i++)
        if (run->cells[i].algo == like->algo && run->cells[i].impl == like->impl && run->cells[i].size == size &&
            run->cells[i].threads == like->threads)
            return &run->cells[i];
    return NULL;
}

const char *hb_cell_impl_label(const hb_cell *c, char *buf, size_t n)
{
    if (!c->threads)
        return c->impl->name;
    snprintf(buf, n, "%s/%ut", c->impl->name, c->threads);
    return buf;
}

int hb_cell_fastest_in_tier(const hb_run *run, const hb_cell *c)
{
    unsigned i;
    for (i = 0; i < run->n_cells; i++) {
        const hb_cell *o = &run->cells[i];
        if (o->size == c->size && o->algo->tier == c->algo->tier && o->bytes_per_s > c->bytes_per_s)
            return 0;
    }
    return 1;
}

int hb_cell_is_peer(const hb_cell *c)
{
    return hb_impl_rank(c->algo, c->impl) < 0;
}

/* The ratio of an interleaved pair: the median of the per-round ratios
 * (hb_paired_ratio: on this shared VM one cell's time can move by 20 %
 * from one round to the next, and the two medians then come from
 * different rounds).  The ratio of the medians when the rounds do not
 * pair up. */
static double paired_ratio(const hb_cell *ours, const hb_cell *peer)
{
    double medians = ours->bytes_per_s / peer->bytes_per_s, *t, r;
    unsigned k, n = ours->n_samples;
    if (n == 0 || n != peer->n_samples || !ours->samples_ns || !peer->samples_ns || ours->iters == 0 ||
        peer->iters == 0 || (t = malloc(2 * (size_t)n * sizeof *t)) == NULL)
        return medians;
    for (k = 0; k < n; k++) {
        t[k] = ours->samples_ns[k] / (double)ours->iters;
        t[n + k] = peer->samples_ns[k] / (double)peer->iters;
    }
    r = hb_paired_ratio(t, t + n, n);
    free(t);
    return r > 0 ? r : medians;
}

int hb_peer_compare(const hb_run *run, const hb_cell *c, hb_peer_comparison *out)
{
    const hb_impl *best;
    const hb_cell *ours = NULL, *peer = NULL;
    unsigned i;
    /* a group's cells are adjacent (cmd_bench.c lays them out so) */
    for (i = 0; i < run->n_cells && (run->cells[i].algo != c->algo || run->cells[i].size != c->size); i++)
        ;
    best = i < run->n_cells ? hb_impl_pick(c->algo, c->size) : NULL;
    for (; i < run->n_cells && run->cells[i].algo == c->algo && run->cells[i].size == c->size; i++) {
        const hb_cell *o = &run->cells[i];
        if (o->threads)
            continue;               /* --scale's thread counts are compared in their own table */
        if (hb_cell_is_peer(o)) {
            if (!peer || o->bytes_per_s > peer->bytes_per_s)
                peer = o;
        } else if (!ours || (ours->impl != best && (o->impl == best || o->bytes_per_s > ours->bytes_per_s))) {
            ours = o;
        }
    }
    if (!ours || !peer || peer->bytes_per_s <= 0)
        return 0;
    out->ours = ours;
    out->peer = peer;
    out->ratio = paired_ratio(ours, peer);
    return 1;
}

int hb_run_has_peer_comparison(const hb_run *run)
{
    hb_peer_comparison pc;
    unsigned i;
    for (i = 0; i < run->n_cells; i++)
        if (hb_cell_is_peer(&run->cells[i]) && hb_peer_compare(run, &run->cells[i], &pc))
            return 1;
    return 0;
}
