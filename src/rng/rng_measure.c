/* hashbench rng's measurement (rng_measure.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench/clock.h"
#include "text/units.h"      /* hb_format_size, hb_format_rate: the reasons' texts */
#include "rng/rng_measure.h"

int hb_rng_job_buffer(hb_rng_job *job)
{
    void *aligned;
    unsigned i;
    job->buf_len = HB_RNG_PROBE_SIZE;
    for (i = 0; i < job->n_sizes; i++)
        if (job->sizes[i] > job->buf_len)
            job->buf_len = job->sizes[i];
    /* page aligned, as sum's buffers: the kernel's copy into malloc's large
     * blocks (16 bytes past a page) ran at a third of the speed out of the
     * page cache on Zen 3 (docs/sum.md).  The RNG sources measured the same
     * either way (10 MiB, /dev/urandom 323 vs 320 MB/s): generating, not
     * copying, bounds them. */
    if (posix_memalign(&aligned, 4096, job->buf_len) != 0)
        aligned = NULL;
    job->buf = aligned;
    if (!job->buf)
        return -1;
    /* its pages are touched before anything is timed */
    memset(job->buf, 0, job->buf_len);
    return 0;
}

void hb_rng_job_free(hb_rng_job *job)
{
    free(job->buf);
    job->buf = NULL;
}

static void fail(hb_rng_result *r, const char *why)
{
    r->status = HB_RNG_FAILED;
    snprintf(r->why, sizeof r->why, "%s", why);
}

/* Opens every source and takes its first HB_RNG_PROBE_SIZE bytes (timed,
 * checked): a source that cannot be opened is skipped with the reason. */
static void open_and_probe(hb_rng_job *job)
{
    unsigned i;
    for (i = 0; i < job->n_results; i++) {
        hb_rng_result *r = &job->results[i];
        char why[HB_RNG_WHY];
        size_t got = 0, want;
        double t0, t;
        hb_rng_tally_init(&r->tally);
        r->src->fd = -1;
        r->src->retries = 0;
        r->src->detail[0] = 0;
        if (r->src->ops->open(r->src, why, sizeof why) != 0) {
            r->status = HB_RNG_SKIPPED;
            snprintf(r->why, sizeof r->why, "%s", why);
            continue;
        }
        /* a regular file shorter than the probe is probed whole */
        want = HB_RNG_PROBE_SIZE;
        if (r->src->is_regular_file && r->src->file_size < want)
            want = (size_t)r->src->file_size;
        t0 = hb_now_ns();
        if (r->src->ops->fill(r->src, job->buf, want, &got, why, sizeof why) != 0) {
            fail(r, why);
            continue;
        }
        t = hb_now_ns() - t0;
        r->probe_bps = r->best_bps = t > 0 ? got / (t * 1e-9) : 0;
        hb_rng_tally_add(&r->tally, job->buf, got);
    }
}

/* Which sizes each source will be asked for.  A regular file must hold
 * every size asked: one that ends first fails, before anything is timed,
 * rather than have a few bytes timed under a size's name. */
static void plan(hb_rng_job *job)
{
    unsigned i, k;
    for (i = 0; i < job->n_results; i++) {
        hb_rng_result *r = &job->results[i];
        for (k = 0; k < job->n_sizes && r->status == HB_RNG_MEASURED; k++)
            if (r->src->is_regular_file && job->sizes[k] > r->src->file_size) {
                char size[32];
                hb_format_size(job->sizes[k], size, sizeof size);
                r->status = HB_RNG_FAILED;
                snprintf(r->why, sizeof r->why, "%s: the file holds %llu bytes, fewer than the %s (%zu bytes) "
                         "asked by --sizes: give a longer file or smaller sizes", r->src->path,
                         r->src->file_size, size, job->sizes[k]);
            }
        for (k = 0; k < job->n_sizes; k++) {
            hb_rng_cell *c = &r->cells[k];
            c->size = c->bytes = job->sizes[k];
            if (r->status != HB_RNG_MEASURED) {
                c->status = HB_RNG_SKIPPED;
                snprintf(c->why, sizeof c->why, "%s", r->status == HB_RNG_SKIPPED ? "source skipped" : "source failed");
            }
        }
    }
}

/* Before a source's first sample of a size (round 0, smallest size first):
 * at the fastest rate it has shown so far (the probe, the smaller sizes),
 * would one sample take longer than max_time_s?  Then the size is skipped
 * with the estimate.  The smaller sizes matter for `openssl rand`, whose
 * probe is mostly the program's start. */
static int too_slow(const hb_rng_job *job, const hb_rng_result *r, hb_rng_cell *c)
{
    char rate[32];
    double estimate = r->best_bps > 0 ? c->bytes / r->best_bps : 0;
    if (estimate <= job->max_time_s)
        return 0;
    hb_format_rate(r->best_bps, rate, sizeof rate);
    c->status = HB_RNG_SKIPPED;
    snprintf(c->why, sizeof c->why, "about %.0f s per sample at %s (the fastest it has been so far), over "
             "--max-time %g s", estimate, rate, job->max_time_s);
    return 1;
}

/* Round `round`'s sample of source r at cell c: timed, and in round 0 its
 * bytes checked.  A source that fails is marked so, with the cell. */
static void take_sample(hb_rng_job *job, hb_rng_result *r, hb_rng_cell *c, unsigned round)
{
    char why[HB_RNG_WHY];
    size_t got = 0;
    double t0, t;
    why[0] = 0;
    t0 = hb_now_ns();
    if (r->src->ops->fill(r->src, job->buf, c->bytes, &got, why, sizeof why) != 0 || got != c->bytes) {
        if (got != c->bytes && !why[0])
            snprintf(why, sizeof why, "gave %zu bytes where it gave %zu before", got, c->bytes);
        fail(r, why);
        c->status = HB_RNG_FAILED;
        snprintf(c->why, sizeof c->why, "%s", why);
        return;
    }
    t = hb_now_ns() - t0;
    c->samples_ns[c->n_samples++] = t > 0 ? t : 1;
    if (got / (c->samples_ns[c->n_samples - 1] * 1e-9) > r->best_bps)
        r->best_bps = got / (c->samples_ns[c->n_samples - 1] * 1e-9);
    if (round == 0 && !r->src->is_regular_file) {
        hb_rng_tally_add(&r->tally, job->buf, got);
    } else if (round == 0 && got > r->tally.bytes) {
        /* a file gives the same bytes at every size: counting them twice
         * would double every deviation, so only its longest read is checked */
        hb_rng_tally_init(&r->tally);
        hb_rng_tally_add(&r->tally, job->buf, got);
    }
}

static void summarize(hb_rng_cell *c)
{
    if (c->status != HB_RNG_MEASURED || c->n_samples == 0)
        return;
    c->ns = hb_summarize(c->samples_ns, c->n_samples);
    c->bps = c->bytes / (c->ns.median * 1e-9);
    c->bps_min = c->bytes / (c->ns.max * 1e-9);
    c->bps_max = c->bytes / (c->ns.min * 1e-9);
}

/* Every source's figures summarised, its bytes judged, the source closed. */
static void finish(hb_rng_job *job)
{
    unsigned i, k;
    for (i = 0; i < job->n_results; i++) {
        hb_rng_result *r = &job->results[i];
        for (k = 0; k < job->n_sizes; k++) {
            hb_rng_cell *c = &r->cells[k];
            /* the sizes a source that failed never reached */
            if (c->status == HB_RNG_MEASURED && c->n_samples == 0) {
                c->status = HB_RNG_SKIPPED;
                snprintf(c->why, sizeof c->why, "source failed");
            }
            summarize(c);
        }
        if (r->status != HB_RNG_SKIPPED)
            r->verdict = hb_rng_judge(&r->tally);
        if (r->src->ops->close)
            r->src->ops->close(r->src);
    }
}

void hb_rng_measure(hb_rng_job *job)
{
    unsigned round, k, i;
    open_and_probe(job);
    plan(job);
    /* round k of every source and size before round k + 1 */
    for (round = 0; round < job->repeat; round++)
        for (k = 0; k < job->n_sizes; k++)
            for (i = 0; i < job->n_results; i++) {
                hb_rng_result *r = &job->results[i];
                hb_rng_cell *c = &r->cells[k];
                if (r->status != HB_RNG_MEASURED || c->status != HB_RNG_MEASURED)
                    continue;
                if (round == 0 && too_slow(job, r, c))
                    continue;
                if (job->progress)
                    job->progress(job->progress_arg, r, c->size, round, job->repeat);
                take_sample(job, r, c, round);
            }
    if (job->progress)
        job->progress(job->progress_arg, NULL, 0, 0, 0);
    finish(job);
}
