/* The quality battery's engine (engine.c): every test of the battery on
 * every subject, as jobs (one subject, one test) on a pool of threads,
 * the results gathered per subject and width in the battery's order
 * whatever the threads' timing, the verdict rule applied (verdict.h), and
 * optionally a state file that lets a stopped run resume (state.h). */
#ifndef HB_QUALITY_ENGINE_H
#define HB_QUALITY_ENGINE_H

#include "quality/quality.h"

/* The jobs' memory budget by default: two of the full battery's biggest
 * jobs (a keyset of 2^22 keys of a wide digest, about 235 MiB) at once. */
#define HB_Q_DEFAULT_MAX_BYTES ((size_t)512 << 20)

typedef struct hb_q_width_report {
    unsigned bits;
    unsigned tests;             /* results at this width: the verdict's m */
    unsigned failed;
    int worst;                  /* index of the lowest p (the first of equals), -1: none */
    hb_q_result *results;       /* battery order, then the order each test emitted them */
    unsigned char *fails;       /* per result: 1 when it fails the rule */
} hb_q_width_report;

typedef struct hb_q_subject_report {
    const hb_q_subject *subject;
    unsigned n_widths;          /* hb_q_widths: widest first */
    hb_q_width_report widths[3];
    unsigned tests_run;         /* battery tests run on it (seed tests only when keyed) */
    hb_q_config config;         /* the sizes it ran at: the run's, or fewer keys (scale) */
    unsigned scale;             /* 1, or the factor a very slow subject's keys were cut by */
    double seconds;             /* CPU seconds its jobs took (resumed ones: as recorded) */
} hb_q_subject_report;

/* Called about twice a second on the calling thread while jobs run. */
typedef void (*hb_q_progress_fn)(void *arg, unsigned done, unsigned total, double elapsed_s, double eta_s);

typedef struct hb_q_engine {
    /* what to run */
    hb_q_config config;
    unsigned threads;           /* 0: one per CPU this process may use */
    size_t max_bytes;           /* memory the running jobs may hold together (0: the default);
                                   a job bigger than that runs alone */
    const char *state_path;     /* NULL: no state file */
    const char *version;        /* the state file's header names it */
    const char *only_test;      /* NULL, or run this test alone (tests, calibration) */
    hb_q_progress_fn progress;
    void *progress_arg;
    /* what came out */
    hb_q_subject_report *reports;
    unsigned n_reports;
    unsigned jobs_total, jobs_resumed, threads_used;
    double wall_seconds;
    char error[512];
} hb_q_engine;

/* Runs the battery on subjects[0..n).  Returns 0; 2 when the state file
 * is another run's, not a state file or cannot be opened, or only_test
 * names no test; 1 when memory or a write to the state file failed.
 * error says why. */
int hb_q_engine_run(hb_q_engine *e, const hb_q_subject *const *subjects, unsigned n);
void hb_q_engine_free(hb_q_engine *e);

#endif
