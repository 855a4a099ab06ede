/* One `hashbench rng` run as its output formats see it (rng_output.c):
 * the machine context, the measurement (src/rng/rng_measure.h: the
 * settings, per source its throughput at each size and the sanity checks
 * of its bytes) and the run's warnings. */
#ifndef HB_CLI_RNG_RUN_H
#define HB_CLI_RNG_RUN_H

#include <stdio.h>
#include "cli/bench_run.h"
#include "rng/rng_measure.h"

#define HB_RNG_MAX_WARNINGS 8

typedef struct hb_rng_run {
    hb_run base;                    /* its ctx: the context block every record shares */
    hb_rng_job job;                 /* the sizes, the settings and per source its figures */
    const char *sources_spec;       /* --sources, or "all"; "device" with --device */
    char warnings[HB_RNG_MAX_WARNINGS][256];
    unsigned n_warnings;
} hb_rng_run;

/* 1 when a source's checks failed, it failed while producing, or it is a
 * --device that could not be read: the exit status is then 1 */
int hb_rng_result_bad(const hb_rng_run *run, const hb_rng_result *r);

void hb_rng_report_table(FILE *f, const hb_rng_run *run);
void hb_rng_report_json(FILE *f, const hb_rng_run *run);

#endif
