/* The quality battery's engine (engine.h).
 *
 * A job is one test on one subject; every job writes only its own result
 * list, so the threads share nothing but the queue, the count of jobs
 * done and the state file, all under one lock.  The report is assembled
 * after the last job in the jobs' own order (subjects as given, tests in
 * the battery's order), which is why the output never depends on which
 * thread ran what, or on whether a job was resumed from the state file.
 * The queue runs the costliest subjects' jobs first (hb_q_subject.cost),
 * so that a slow subject does not start last and leave the other CPUs
 * idle at the end. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "os/usable_cpus.h"
#include "quality/config.h"
#include "quality/engine.h"
#include "quality/state.h"
#include "quality/verdict.h"

typedef struct job {
    unsigned subject;
    const hb_q_test *test;
    size_t bytes;                       /* its memory at the peak, about (config.h) */
    hb_q_result *results;
    unsigned n, cap;
    double seconds;
    int done, nomem;
} job;

typedef struct pool {
    hb_q_engine *e;
    const hb_q_subject *const *subjects;
    unsigned n_subjects;
    hb_q_config *configs;               /* per subject: the run's, or scaled down (config.h) */
    job *jobs;
    unsigned n_jobs;
    unsigned *order, n_order, next;     /* the jobs still to run, in the order they start */
    unsigned char *taken;               /* per place in order: started (a small job may pass a big one) */
    unsigned done;                      /* jobs finished, resumed ones included */
    size_t budget, held;                /* memory the running jobs may hold, and hold */
    unsigned running;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    hb_q_state state;
    int write_failed;
} pool;

typedef struct job_sink {
    hb_q_sink sink;
    job *j;
} job_sink;

static double clock_s(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static double now_s(void)
{
    return clock_s(CLOCK_MONOTONIC);
}

static void emit(hb_q_sink *sink, const hb_q_result *r)
{
    job *j = ((job_sink *)sink)->j;
    if (j->n == j->cap) {
        unsigned cap = j->cap ? 2 * j->cap : 16;
        hb_q_result *grown = realloc(j->results, cap * sizeof *grown);
        if (!grown) {
            j->nomem = 1;
            return;
        }
        j->results = grown;
        j->cap = cap;
    }
    j->results[j->n++] = *r;
}

/* The jobs: every subject (in the order given) by every test that
 * applies to it (the battery's order).  Returns 0, or -1 without memory. */
static int make_jobs(pool *p)
{
    const hb_q_engine *e = p->e;
    unsigned s, t, n = 0;
    p->jobs = calloc((size_t)p->n_subjects * (hb_q_test_count() + 1), sizeof *p->jobs);
    p->configs = calloc(p->n_subjects + 1, sizeof *p->configs);
    if (!p->jobs || !p->configs)
        return -1;
    for (s = 0; s < p->n_subjects; s++)
        hb_q_config_scaled(&p->configs[s], &e->config, hb_q_config_scale(p->subjects[s]->cost));
    for (s = 0; s < p->n_subjects; s++)
        for (t = 0; t < hb_q_test_count(); t++) {
            const hb_q_test *test = hb_q_test_at(t);
            if (test->keyed_only && !p->subjects[s]->seed_bytes)
                continue;
            if (e->only_test && strcmp(e->only_test, test->id) != 0)
                continue;
            p->jobs[n].subject = s;
            p->jobs[n].bytes = hb_q_job_bytes(test, p->subjects[s], &p->configs[s]);
            p->jobs[n++].test = test;
        }
    p->n_jobs = n;
    return 0;
}

/* A job the state file holds: taken as it is, never run again. */
static void resumed(void *arg, const char *subject, const hb_q_test *test, const hb_q_result *results,
                    unsigned n, double seconds)
{
    pool *p = arg;
    unsigned i;
    for (i = 0; i < p->n_jobs; i++) {
        job *j = &p->jobs[i];
        if (j->done || j->test != test || strcmp(p->subjects[j->subject]->name, subject) != 0)
            continue;
        j->results = n ? malloc(n * sizeof *results) : NULL;
        if (n && !j->results) {
            j->nomem = 1;
            return;
        }
        if (n)
            memcpy(j->results, results, n * sizeof *results);
        j->n = j->cap = n;
        j->seconds = seconds;
        j->done = 1;
        p->done++;
        p->e->jobs_resumed++;
        return;
    }
}

typedef struct queued {
    double cost;
    unsigned job;
} queued;

/* costliest first; among equals the jobs' own order */
static int by_cost(const void *a, const void *b)
{
    const queued *x = a, *y = b;
    if (x->cost != y->cost)
        return x->cost < y->cost ? 1 : -1;
    return x->job < y->job ? -1 : x->job > y->job;
}

static int make_order(pool *p)
{
    queued *q = malloc((p->n_jobs + 1) * sizeof *q);
    unsigned i, n = 0;
    p->order = malloc((p->n_jobs + 1) * sizeof *p->order);
    p->taken = calloc(p->n_jobs + 1, 1);
    if (!q || !p->order || !p->taken) {
        free(q);
        return -1;
    }
    for (i = 0; i < p->n_jobs; i++)
        if (!p->jobs[i].done) {
            q[n].cost = p->subjects[p->jobs[i].subject]->cost;
            q[n++].job = i;
        }
    qsort(q, n, sizeof *q, by_cost);
    for (i = 0; i < n; i++)
        p->order[i] = q[i].job;
    p->n_order = n;
    free(q);
    return 0;
}

/* The next job to start (under the lock): the first in the queue whose
 * memory fits beside the running jobs', waiting for one to finish when
 * none fits; a job runs alone whatever its size.  NULL: none left. */
static job *take(pool *p)
{
    for (;;) {
        unsigned k;
        while (p->next < p->n_order && p->taken[p->next])
            p->next++;
        if (p->next == p->n_order)
            return NULL;
        for (k = p->next; k < p->n_order; k++) {
            job *j = &p->jobs[p->order[k]];
            if (p->taken[k] || (p->running && p->held + j->bytes > p->budget))
                continue;
            p->taken[k] = 1;
            p->held += j->bytes;
            p->running++;
            return j;
        }
        pthread_cond_wait(&p->cond, &p->lock);
    }
}

static void *worker(void *arg)
{
    pool *p = arg;
    job *j;
    pthread_mutex_lock(&p->lock);
    while ((j = take(p)) != NULL) {
        job_sink sink;
        double t0;
        pthread_mutex_unlock(&p->lock);
        sink.sink.emit = emit;
        sink.sink.user = NULL;
        sink.j = j;
        /* CPU time, not wall: on a shared machine a job's wall time is the neighbours' too */
        t0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
        j->test->run(p->subjects[j->subject], &p->configs[j->subject], &sink.sink);
        j->seconds = clock_s(CLOCK_THREAD_CPUTIME_ID) - t0;
        pthread_mutex_lock(&p->lock);
        j->done = 1;
        p->done++;
        p->held -= j->bytes;
        p->running--;
        if (p->state.f && !j->nomem &&
            hb_q_state_append(&p->state, p->subjects[j->subject]->name, j->test->id, j->results, j->n,
                              j->seconds) != 0)
            p->write_failed = errno ? errno : EIO;
        pthread_cond_broadcast(&p->cond);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* The calling thread waits for the workers, reporting progress. */
static void wait_progress(pool *p, double t0)
{
    hb_q_engine *e = p->e;
    unsigned start;
    double shown = 0;
    pthread_mutex_lock(&p->lock);
    start = p->done;
    while (p->done < p->n_jobs) {
        struct timespec until;
        double el;
        unsigned ran;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 500000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&p->cond, &p->lock, &until);
        el = now_s() - t0;
        if (!e->progress || el - shown < 0.25)     /* a few lines a second at most */
            continue;
        shown = el;
        ran = p->done - start;
        e->progress(e->progress_arg, p->done, p->n_jobs, el, ran ? el * (p->n_jobs - p->done) / ran : -1);
    }
    pthread_mutex_unlock(&p->lock);
}

static void run_pool(pool *p)
{
    hb_q_engine *e = p->e;
    pthread_t *tids;
    unsigned want = e->threads ? e->threads : hb_usable_cpus(), i, started = 0;
    double t0 = now_s();
    if (want > p->n_order)
        want = p->n_order;
    tids = want ? malloc(want * sizeof *tids) : NULL;
    for (i = 0; tids && i < want; i++)
        if (pthread_create(&tids[started], NULL, worker, p) == 0)
            started++;
    e->threads_used = started ? started : 1;
    if (!started)
        worker(p);      /* no thread could start: this one does the work */
    else
        wait_progress(p, t0);
    for (i = 0; i < started; i++)
        pthread_join(tids[i], NULL);
    free(tids);
}

/* One width's results in the jobs' order, the rule applied. */
static int gather_width(const pool *p, unsigned s, hb_q_width_report *w)
{
    unsigned i, k, n = 0;
    for (i = 0; i < p->n_jobs; i++)
        if (p->jobs[i].subject == s)
            for (k = 0; k < p->jobs[i].n; k++)
                n += p->jobs[i].results[k].width == w->bits;
    w->results = malloc((n + 1) * sizeof *w->results);
    w->fails = calloc(n + 1, 1);
    if (!w->results || !w->fails)
        return -1;
    for (i = 0; i < p->n_jobs; i++)
        if (p->jobs[i].subject == s)
            for (k = 0; k < p->jobs[i].n; k++)
                if (p->jobs[i].results[k].width == w->bits)
                    w->results[w->tests++] = p->jobs[i].results[k];
    w->worst = -1;
    for (i = 0; i < w->tests; i++) {
        w->fails[i] = (unsigned char)hb_q_fails(w->results[i].p, w->tests);
        w->failed += w->fails[i];
        if (w->worst < 0 || w->results[i].p < w->results[w->worst].p)
            w->worst = (int)i;
    }
    return 0;
}

static int assemble(pool *p)
{
    hb_q_engine *e = p->e;
    unsigned s, i, bits[3];
    e->reports = calloc(p->n_subjects + 1, sizeof *e->reports);
    if (!e->reports)
        return -1;
    e->n_reports = p->n_subjects;
    for (s = 0; s < p->n_subjects; s++) {
        hb_q_subject_report *r = &e->reports[s];
        r->subject = p->subjects[s];
        r->config = p->configs[s];
        r->scale = hb_q_config_scale(r->subject->cost);
        r->n_widths = hb_q_widths(r->subject, bits);
        for (i = 0; i < p->n_jobs; i++)
            if (p->jobs[i].subject == s) {
                r->tests_run++;
                r->seconds += p->jobs[i].seconds;
            }
        for (i = 0; i < r->n_widths; i++) {
            r->widths[i].bits = bits[i];
            if (gather_width(p, s, &r->widths[i]) != 0)
                return -1;
        }
    }
    return 0;
}

static int open_state(pool *p)
{
    hb_q_engine *e = p->e;
    if (!e->state_path)
        return 0;
    return hb_q_state_open(&p->state, e->state_path, &e->config, e->version ? e->version : "unknown", resumed, p,
                           e->error, sizeof e->error);
}

static int finish(pool *p, int rc)
{
    unsigned i;
    hb_q_engine *e = p->e;
    if ((hb_q_state_close(&p->state) != 0 || p->write_failed) && rc == 0) {
        snprintf(e->error, sizeof e->error, "--state %s: a write failed: %s", e->state_path,
                 strerror(p->write_failed ? p->write_failed : EIO));
        rc = 1;
    }
    for (i = 0; i < p->n_jobs; i++)
        free(p->jobs[i].results);
    free(p->jobs);
    free(p->configs);
    free(p->order);
    free(p->taken);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->cond);
    return rc;
}

int hb_q_engine_run(hb_q_engine *e, const hb_q_subject *const *subjects, unsigned n)
{
    pool p;
    unsigned i;
    int rc;
    double t0 = now_s();
    memset(&p, 0, sizeof p);
    p.e = e;
    p.subjects = subjects;
    p.n_subjects = n;
    p.budget = e->max_bytes ? e->max_bytes : HB_Q_DEFAULT_MAX_BYTES;
    e->error[0] = 0;
    e->jobs_resumed = 0;
    pthread_mutex_init(&p.lock, NULL);
    pthread_cond_init(&p.cond, NULL);
    if (e->only_test && !hb_q_test_find(e->only_test)) {
        snprintf(e->error, sizeof e->error, "no test '%s' in the battery", e->only_test);
        return finish(&p, 2);
    }
    if (make_jobs(&p) != 0)
        return finish(&p, (snprintf(e->error, sizeof e->error, "out of memory"), 1));
    e->jobs_total = p.n_jobs;
    if ((rc = open_state(&p)) != 0)
        return finish(&p, rc);
    if (make_order(&p) != 0)
        return finish(&p, (snprintf(e->error, sizeof e->error, "out of memory"), 1));
    run_pool(&p);
    for (i = 0; i < p.n_jobs; i++)
        if (p.jobs[i].nomem)
            return finish(&p, (snprintf(e->error, sizeof e->error, "out of memory for the results"), 1));
    if (assemble(&p) != 0)
        return finish(&p, (snprintf(e->error, sizeof e->error, "out of memory"), 1));
    e->wall_seconds = now_s() - t0;
    return finish(&p, 0);
}

void hb_q_engine_free(hb_q_engine *e)
{
    unsigned s, w;
    for (s = 0; s < e->n_reports; s++)
        for (w = 0; w < e->reports[s].n_widths; w++) {
            free(e->reports[s].widths[w].results);
            free(e->reports[s].widths[w].fails);
        }
    free(e->reports);
    e->reports = NULL;
    e->n_reports = 0;
}
