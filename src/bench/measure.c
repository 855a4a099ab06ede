/* The measurement protocol (see measure.h). */
#include <stdlib.h>
#include <string.h>
#include "bench/clock.h"
#include "bench/measure.h"

/* Where results go so that no call can be proven useless. */
static volatile unsigned hb_sink;

uint8_t *hb_message_new(size_t size, int unaligned)
{
    void *p = NULL;
    uint8_t *msg;
    if (size > SIZE_MAX - 128 || posix_memalign(&p, 64, size + 128) != 0)
        return NULL;
    msg = (uint8_t *)p + (unaligned ? 1 : 0);
    hb_workload_fill(msg, size);
    return msg;
}

void hb_message_free(uint8_t *msg, int unaligned)
{
    if (msg)
        free(msg - (unaligned ? 1 : 0));
}

void hb_cell_free(hb_cell *c)
{
    free(c->samples_ns);
    free(c->samples_ticks);
    c->samples_ns = c->samples_ticks = NULL;
}

/* Runs `iters` hash calls and returns the elapsed nanoseconds (and counter
 * ticks).  Throughput mode changes the first byte by the loop counter, so
 * every message differs but none waits for another; latency mode folds the
 * previous digest into the next message, so calls cannot overlap. */
static double time_calls(const hb_impl *impl, uint8_t *msg, size_t size, unsigned long long iters,
                         int latency, double *ticks)
{
    uint8_t d[HB_MAX_DIGEST];
    unsigned long long i;
    unsigned acc = 0;
    uint8_t first = size ? msg[0] : 0;
    double t0, t1;
    uint64_t c0, c1;
    size_t k, chain = size < 8 ? size : 8;
    c0 = hb_counter();
    t0 = hb_now_ns();
    for (i = 0; i < iters; i++) {
        hb_hash(impl, msg, size, d);
        if (latency) {
            for (k = 0; k < chain; k++)
                msg[k] ^= d[k];
        } else if (size) {
            msg[0] = (uint8_t)i;
        }
        acc += d[0];
    }
    t1 = hb_now_ns();
    c1 = hb_counter();
    hb_sink += acc;
    if (size) {
        /* put the workload back for the next group */
        if (latency)
            hb_workload_fill(msg, chain);
        else
            msg[0] = first;
    }
    if (ticks)
        *ticks = (double)(c1 - c0);
    return t1 - t0;
}

/* Iterations for one sample: about budget / repeat, and never less than
 * 1000 timer steps or 1 ms (with a margin, since the machine may speed up
 * once warm).  The growing search also warms caches and branch predictors,
 * and the result is confirmed by one more timed run: a cold first call must
 * not make the estimate too small. */
static unsigned long long calibrate(const hb_impl *impl, uint8_t *msg, size_t size,
                                    const hb_bench_settings *s)
{
    double floor_ns = 1000.0 * s->resolution_ns, target, t;
    unsigned long long iters = 1;
    int tries;
    if (floor_ns < 1e6)
        floor_ns = 1e6;
    for (;;) {
        t = time_calls(impl, msg, size, iters, s->latency, NULL);
        if (t >= floor_ns)
            break;
        iters = t < floor_ns / 16 ? iters * 8 : hb_calibrate_iters(iters, t, floor_ns * 1.5);
    }
    target = s->budget_ms * 1e6 / s->repeat;
    if (target < 1.5 * floor_ns)
        target = 1.5 * floor_ns;
    iters = hb_calibrate_iters(iters, t, target);
    for (tries = 0; tries < 8; tries++) {
        t = time_calls(impl, msg, size, iters, s->latency, NULL);
        if (t >= 1.2 * floor_ns)
            break;
        iters = hb_calibrate_iters(iters, t, target);
    }
    return iters;
}

int hb_measure_group(hb_cell *cells, unsigned n, const hb_bench_settings *s)
{
    uint8_t *msg;
    unsigned i, r;
    size_t size = cells[0].size;
    msg = hb_message_new(size, s->unaligned);
    if (!msg)
        return -1;
    for (i = 0; i < n; i++) {
        hb_cell *c = &cells[i];
        c->n_samples = s->repeat;
        c->samples_ns = calloc(s->repeat, sizeof *c->samples_ns);
        c->samples_ticks = hb_counter() ? calloc(s->repeat, sizeof *c->samples_ticks) : NULL;
        if (!c->samples_ns) {
            hb_message_free(msg, s->unaligned);
            return -1;
        }
        hb_hash(c->impl, msg, size, c->digest);   /* the canonical workload's digest */
        c->iters = calibrate(c->impl, msg, size, s);
    }
    /* warm-up: one sample of each, thrown away */
    for (i = 0; i < n; i++)
        time_calls(cells[i].impl, msg, size, cells[i].iters, s->latency, NULL);
    for (r = 0; r < s->repeat; r++)
        for (i = 0; i < n; i++) {
            hb_cell *c = &cells[i];
            c->samples_ns[r] = time_calls(c->impl, msg, size, c->iters, s->latency,
                                          c->samples_ticks ? &c->samples_ticks[r] : NULL);
        }
    for (i = 0; i < n; i++) {
        hb_cell *c = &cells[i];
        double *per_call = malloc(s->repeat * sizeof *per_call);
        if (!per_call) {
            hb_message_free(msg, s->unaligned);
            return -1;
        }
        for (r = 0; r < s->repeat; r++)
            per_call[r] = c->samples_ns[r] / (double)c->iters;
        c->ns_per_call = hb_summarize(per_call, s->repeat);
        c->bytes_per_s = c->ns_per_call.median > 0 ? (double)size / (c->ns_per_call.median * 1e-9) : 0;
        if (c->samples_ticks) {
            for (r = 0; r < s->repeat; r++)
                per_call[r] = c->samples_ticks[r] / (double)c->iters;
            c->ticks_per_call = hb_summarize(per_call, s->repeat).median;
        }
        if (c->ns_per_call.spread > 0.05)
            c->warnings |= HB_WARN_SPREAD;
        free(per_call);
    }
    hb_message_free(msg, s->unaligned);
    return 0;
}

/* The empty implementation: the compiler cannot see through the registry's
 * function pointers, so this costs exactly the harness's own work. */
static void empty_init(void *c) { (void)c; }
static void empty_update(void *c, const uint8_t *p, size_t n) { (void)c; (void)p; (void)n; }
static void empty_final(void *c, uint8_t *d) { (void)c; d[0] = 0; }
static const hb_impl empty_impl = { "empty", 0, 0, empty_init, empty_update, empty_final, 0 };

double hb_measure_overhead(const hb_bench_settings *s)
{
    static const hb_algo empty_algo = { "empty", "empty", HB_TIER_CHECKSUM, 1, 1, 0, 0 };
    hb_cell c;
    hb_bench_settings quick = *s;
    double ns;
    const hb_impl *volatile impl = &empty_impl;
    memset(&c, 0, sizeof c);
    c.algo = &empty_algo;
    c.impl = impl;
    c.size = 64;
    quick.budget_ms = 20;
    if (quick.repeat < 5)
        quick.repeat = 5;
    if (hb_measure_group(&c, 1, &quick) != 0)
        return 0;
    ns = c.ns_per_call.median;
    hb_cell_free(&c);
    return ns;
}

double hb_read_bandwidth(size_t size)
{
    uint8_t *buf = hb_message_new(size, 0);
    double best = 0, t0, t1;
    unsigned long long iters = 1, i;
    int round;
    if (!buf)
        return 0;
    memset(buf, 1, size);
    for (round = 0; round < 12; round++) {
        t0 = hb_now_ns();
        for (i = 0; i < iters; i++)
            hb_sink += memchr(buf, 0, size) != NULL;
        t1 = hb_now_ns();
        if (t1 - t0 < 2e6) {
            iters *= 4;
            continue;
        }
        if ((double)size * (double)iters / ((t1 - t0) * 1e-9) > best)
            best = (double)size * (double)iters / ((t1 - t0) * 1e-9);
    }
    hb_message_free(buf, 0);
    return best;
}
