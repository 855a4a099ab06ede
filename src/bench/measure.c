/* The measurement protocol (see measure.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "bench/clock.h"
#include "bench/measure.h"
#include "impl_rows.h"

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
    free(c->copy_samples_ns);
    c->samples_ns = c->samples_ticks = c->copy_samples_ns = NULL;
}

/* The messages of one measurement.  Throughput mode cycles through several
 * copies of the workload whose first bytes differ, so every call hashes a
 * different message without a store into it just before the call: a wide
 * load that overlaps a fresh one-byte store cannot be forwarded and would
 * cost SIMD code and peers 20-30 ns per call.  The copies together stay
 * within 16 KiB (two copies at least), so they sit in L1 like one message. */
#define HB_MAX_COPIES 16

typedef struct messages {
    uint8_t *copy[HB_MAX_COPIES];
    unsigned n;
    size_t size;
} messages;

static void messages_free(messages *m, int unaligned)
{
    unsigned i;
    for (i = 0; i < m->n; i++)
        hb_message_free(m->copy[i], unaligned);
    m->n = 0;
}

static int messages_new(messages *m, size_t size, int unaligned)
{
    unsigned want = size == 0 ? 2 : (unsigned)(16384 / size), i;
    if (want < 2)
        want = 2;
    if (want > HB_MAX_COPIES)
        want = HB_MAX_COPIES;
    m->n = 0;
    m->size = size;
    for (i = 0; i < want; i++) {
        if (!(m->copy[i] = hb_message_new(size, unaligned))) {
            messages_free(m, unaligned);
            return -1;
        }
        m->n++;
        if (size)
            m->copy[i][0] ^= (uint8_t)i;    /* copy 0 is the canonical workload */
    }
    return 0;
}

/* How one message is hashed: the implementation's one-shot function when it
 * has one (hb_impl_oneshot: one indirect call per message, the protocol
 * the peers' one-shot functions get), otherwise init + update + final
 * through hb_ctx (three indirect calls). */
typedef void (*oneshot_fn)(const uint8_t *data, size_t len, uint8_t *digest);

static inline void hash_one(const hb_impl *impl, oneshot_fn fn, const uint8_t *msg, size_t size,
                            uint8_t *d)
{
    if (fn)
        fn(msg, size, d);
    else
        hb_hash(impl, msg, size, d);
}

/* Runs `iters` hash calls and returns the elapsed nanoseconds (and counter
 * ticks).  Throughput mode hashes the copies in turn: every message differs
 * but none waits for another.  Latency mode folds the previous digest into
 * the next message (of copy 0), so calls cannot overlap.  Always inlined
 * into time_calls twice, with fn known to be NULL in one copy, so neither
 * loop tests which protocol it runs. */
static inline __attribute__((always_inline)) double
time_loop(const hb_impl *impl, oneshot_fn fn, const messages *m, unsigned long long iters,
          int latency, double *ticks)
{
    uint8_t d[HB_MAX_DIGEST];
    unsigned long long i;
    unsigned acc = 0, k = 0;
    uint8_t *msg0 = m->copy[0];
    size_t size = m->size, j, chain = size < 8 ? size : 8;
    double t0, t1;
    uint64_t c0, c1;
    c0 = hb_counter();
    t0 = hb_now_ns();
    if (latency) {
        for (i = 0; i < iters; i++) {
            hash_one(impl, fn, msg0, size, d);
            for (j = 0; j < chain; j++)
                msg0[j] ^= d[j];
            acc += d[0];
        }
    } else {
        for (i = 0; i < iters; i++) {
            hash_one(impl, fn, m->copy[k], size, d);
            k = k + 1 == m->n ? 0 : k + 1;
            acc += d[0];
        }
    }
    t1 = hb_now_ns();
    c1 = hb_counter();
    hb_sink += acc;
    if (latency)
        hb_workload_fill(msg0, chain);  /* put the workload back for the next group */
    if (ticks)
        *ticks = (double)(c1 - c0);
    return t1 - t0;
}

static double time_calls(const hb_impl *impl, oneshot_fn fn, const messages *m,
                         unsigned long long iters, int latency, double *ticks)
{
    if (fn)
        return time_loop(impl, fn, m, iters, latency, ticks);
    return time_loop(impl, 0, m, iters, latency, ticks);
}

/* Iterations for one sample: about budget / repeat, and never less than
 * 1000 timer steps or 1 ms (with a margin, since the machine may speed up
 * once warm).  The growing search also warms caches and branch predictors,
 * and the result is confirmed by one more timed run: a cold first call must
 * not make the estimate too small. */
static unsigned long long calibrate(const hb_impl *impl, oneshot_fn fn, const messages *m,
                                    const hb_bench_settings *s)
{
    double floor_ns = 1000.0 * s->resolution_ns, target, t;
    unsigned long long iters = 1;
    int tries;
    if (floor_ns < 1e6)
        floor_ns = 1e6;
    for (;;) {
        t = time_calls(impl, fn, m, iters, s->latency, NULL);
        if (t >= floor_ns)
            break;
        iters = t < floor_ns / 16 ? iters * 8 : hb_calibrate_iters(iters, t, floor_ns * 1.5);
    }
    target = s->budget_ms * 1e6 / s->repeat;
    if (target < 1.5 * floor_ns)
        target = 1.5 * floor_ns;
    iters = hb_calibrate_iters(iters, t, target);
    for (tries = 0; tries < 8; tries++) {
        t = time_calls(impl, fn, m, iters, s->latency, NULL);
        if (t >= 1.2 * floor_ns)
            break;
        iters = hb_calibrate_iters(iters, t, target);
    }
    return iters;
}

/* hb_measure_group, with every cell's one-shot function: found through
 * hb_impl_oneshot, or `forced` for all cells (the empty implementation). */
static int measure_group(hb_cell *cells, unsigned n, const hb_bench_settings *s, oneshot_fn forced)
{
    messages m;
    unsigned i, r;
    int all;
    size_t size = cells[0].size;
    oneshot_fn *fns = calloc(n, sizeof *fns);
    if (!fns || messages_new(&m, size, s->unaligned) != 0) {
        free(fns);
        return -1;
    }
    /* one protocol for the whole group, so that its ratios compare like
     * with like: one-shot only when every cell of it has a one-shot */
    for (i = 0, all = 1; i < n; i++) {
        hb_oneshot_fn os = forced ? 0 : hb_impl_oneshot(cells[i].impl);
        fns[i] = forced ? forced : os;
        all = all && fns[i];
    }
    for (i = 0; i < n; i++) {
        if (!all)
            fns[i] = 0;
        cells[i].oneshot = all;
    }
    for (i = 0; i < n; i++) {
        hb_cell *c = &cells[i];
        c->n_samples = s->repeat;
        c->samples_ns = calloc(s->repeat, sizeof *c->samples_ns);
        c->samples_ticks = hb_counter() ? calloc(s->repeat, sizeof *c->samples_ticks) : NULL;
        if (!c->samples_ns) {
            messages_free(&m, s->unaligned);
            free(fns);
            return -1;
        }
        /* the canonical workload's digest, by the protocol that is timed */
        if (c->set_threads)
            c->set_threads(c->threads);
        hash_one(c->impl, fns[i], m.copy[0], size, c->digest);
        c->iters = calibrate(c->impl, fns[i], &m, s);
    }
    /* warm-up: one sample of each, thrown away */
    for (i = 0; i < n; i++) {
        if (cells[i].set_threads)
            cells[i].set_threads(cells[i].threads);
        time_calls(cells[i].impl, fns[i], &m, cells[i].iters, s->latency, NULL);
    }
    for (r = 0; r < s->repeat; r++)
        for (i = 0; i < n; i++) {
            hb_cell *c = &cells[i];
            if (c->set_threads)     /* cells of one group may ask for different counts */
                c->set_threads(c->threads);
            c->samples_ns[r] = time_calls(c->impl, fns[i], &m, c->iters, s->latency,
                                          c->samples_ticks ? &c->samples_ticks[r] : NULL);
        }
    for (i = 0; i < n; i++) {
        hb_cell *c = &cells[i];
        double *per_call = malloc(s->repeat * sizeof *per_call);
        if (!per_call) {
            messages_free(&m, s->unaligned);
            free(fns);
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
    for (i = 0; i < n; i++)
        if (cells[i].set_threads)
            cells[i].set_threads(0);    /* back to the default for whatever follows */
    messages_free(&m, s->unaligned);
    free(fns);
    return 0;
}

int hb_measure_group(hb_cell *cells, unsigned n, const hb_bench_settings *s)
{
    return measure_group(cells, n, s, 0);
}

/* The empty implementation, and its empty one-shot function: the compiler
 * cannot see through the function pointers, so each costs exactly the
 * harness's own work in its protocol. */
static void empty_init(void *c) { (void)c; }
static void empty_update(void *c, const uint8_t *p, size_t n) { (void)c; (void)p; (void)n; }
static void empty_final(void *c, uint8_t *d) { (void)c; d[0] = 0; }
static const hb_impl empty_impl = { "empty", 0, 0, empty_init, empty_update, empty_final, 0 };
static void empty_oneshot(const uint8_t *p, size_t n, uint8_t *d) { (void)p; (void)n; d[0] = 0; }

static double overhead(const hb_bench_settings *s, oneshot_fn fn)
{
    static const hb_algo empty_algo = { "empty", "empty", HB_TIER_CHECKSUM, 1, 1, 0, 0 };
    hb_cell c;
    hb_bench_settings quick = *s;
    double ns;
    const hb_impl *volatile impl = &empty_impl;
    oneshot_fn volatile f = fn;
    memset(&c, 0, sizeof c);
    c.algo = &empty_algo;
    c.impl = impl;
    c.size = 64;
    quick.budget_ms = 20;
    if (quick.repeat < 5)
        quick.repeat = 5;
    if (measure_group(&c, 1, &quick, f) != 0)
        return 0;
    ns = c.ns_per_call.median;
    hb_cell_free(&c);
    return ns;
}

double hb_measure_overhead(const hb_bench_settings *s)
{
    return overhead(s, empty_oneshot);
}

double hb_measure_overhead_streamed(const hb_bench_settings *s)
{
    return overhead(s, 0);
}

/* ---- N copies at once (bench --threads N) ---- */

/* The rounds' start line: every copy reports ready, and the calling thread
 * opens round r only when all of them are (a barrier it controls, so that
 * it can also call the rounds off when a thread failed to start). */
typedef struct copy_gate {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    unsigned ready;                 /* reports for the current round */
    int round;                      /* the round open to the copies; -1 none yet */
    int quit;
} copy_gate;

typedef struct copy_job {
    const hb_cell *cell;
    oneshot_fn fn;
    const hb_bench_settings *s;
    copy_gate *gate;
    double *samples;                /* this thread's row: n_samples */
    int failed;
} copy_job;

static void *copy_thread(void *arg)
{
    copy_job *j = (copy_job *)arg;
    const hb_cell *c = j->cell;
    messages m;
    int r, quit;
    int have = messages_new(&m, c->size, j->s->unaligned) == 0;

    j->failed = !have;
    /* round 0 is a warm-up, thrown away */
    for (r = 0; r <= (int)c->n_samples; r++) {
        double t = 0;
        pthread_mutex_lock(&j->gate->lock);
        j->gate->ready++;
        pthread_cond_broadcast(&j->gate->changed);
        while (j->gate->round < r && !j->gate->quit)
            pthread_cond_wait(&j->gate->changed, &j->gate->lock);
        quit = j->gate->quit;
        pthread_mutex_unlock(&j->gate->lock);
        if (quit)
            break;
        if (have)
            t = time_calls(c->impl, j->fn, &m, c->iters, j->s->latency, NULL);
        if (r > 0)
            j->samples[r - 1] = t;
    }
    if (have)
        messages_free(&m, j->s->unaligned);
    return 0;
}

int hb_measure_copies(hb_cell *c, unsigned copies, const hb_bench_settings *s)
{
    copy_gate gate;
    pthread_t *tid;
    copy_job *jobs;
    double *rate;
    hb_oneshot_fn os = c->oneshot ? hb_impl_oneshot(c->impl) : 0;
    unsigned t, r, started = 0;
    int rc = 0;

    if (copies == 0 || c->n_samples == 0 || c->iters == 0)
        return -1;
    c->copy_samples_ns = calloc((size_t)copies * c->n_samples, sizeof *c->copy_samples_ns);
    tid = calloc(copies, sizeof *tid);
    jobs = calloc(copies, sizeof *jobs);
    rate = calloc(c->n_samples, sizeof *rate);
    if (!c->copy_samples_ns || !tid || !jobs || !rate) {
        free(c->copy_samples_ns);
        c->copy_samples_ns = NULL;
        free(tid);
        free(jobs);
        free(rate);
        return -1;
    }
    pthread_mutex_init(&gate.lock, 0);
    pthread_cond_init(&gate.changed, 0);
    gate.ready = 0;
    gate.round = -1;
    gate.quit = 0;
    if (c->set_threads)
        c->set_threads(c->threads);
    for (t = 0; t < copies; t++) {
        jobs[t].cell = c;
        jobs[t].fn = os;
        jobs[t].s = s;
        jobs[t].gate = &gate;
        jobs[t].samples = c->copy_samples_ns + (size_t)t * c->n_samples;
        if (pthread_create(&tid[t], 0, copy_thread, &jobs[t]) != 0)
            break;
        started++;
    }
    pthread_mutex_lock(&gate.lock);
    if (started < copies) {
        gate.quit = 1;              /* fewer copies than asked: no figure at all */
        rc = -1;
    } else {
        for (r = 0; r <= c->n_samples; r++) {
            while (gate.ready < copies)
                pthread_cond_wait(&gate.changed, &gate.lock);
            gate.ready = 0;
            gate.round = (int)r;
            pthread_cond_broadcast(&gate.changed);
        }
    }
    pthread_cond_broadcast(&gate.changed);
    pthread_mutex_unlock(&gate.lock);
    for (t = 0; t < started; t++) {
        pthread_join(tid[t], 0);
        if (jobs[t].failed)
            rc = -1;
    }
    pthread_cond_destroy(&gate.changed);
    pthread_mutex_destroy(&gate.lock);
    if (c->set_threads)
        c->set_threads(0);
    if (rc == 0) {
        for (r = 0; r < c->n_samples; r++) {
            rate[r] = 0;
            for (t = 0; t < copies; t++) {
                double ns = c->copy_samples_ns[(size_t)t * c->n_samples + r];
                rate[r] += ns > 0 ? (double)c->size * (double)c->iters / (ns * 1e-9) : 0;
            }
        }
        c->copy_rate = hb_summarize(rate, c->n_samples);
        c->copies = copies;
    } else {
        free(c->copy_samples_ns);
        c->copy_samples_ns = NULL;
    }
    free(tid);
    free(jobs);
    free(rate);
    return rc;
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
