/* One `hashbench quality` run as its output formats see it
 * (quality_output.c): the settings, the machine, the roster's subjects
 * and the engine's report per algorithm and width (src/quality). */
#ifndef HB_CLI_QUALITY_RUN_H
#define HB_CLI_QUALITY_RUN_H

#include <stdio.h>
#include "quality/engine.h"
#include "quality/subjects.h"

#define HB_Q_SCHEMA "hashbench-quality/1"

typedef struct hb_q_run {
    hb_q_engine engine;             /* its config: the seed and sizes; its reports */
    hb_q_roster_subject *subjects;  /* engine.reports[i] is subjects[i]'s */
    unsigned n_subjects;
    int seed_random;                /* 1: --seed random drew the seed */
    char started[32];               /* UTC, ISO 8601 */
    char cpu[128];
    char build[64];                 /* the git revision hashbench was built from */
    int cores;                      /* CPUs this process may use */
    long peak_rss_kib;              /* the process's peak resident memory after the run */
} hb_q_run;

void hb_q_report_table(FILE *f, const hb_q_run *run);
void hb_q_report_json(FILE *f, const hb_q_run *run);
void hb_q_report_csv(FILE *f, const hb_q_run *run);
void hb_q_report_md(FILE *f, const hb_q_run *run);

#endif
