/* One `hashbench rng` run as its output formats see it (rng_output.c):
 * the settings, the machine context, per source its throughput at each
 * size and the sanity checks of its bytes. */
#ifndef HB_CLI_RNG_RUN_H
#define HB_CLI_RNG_RUN_H

#include <stdio.h>
#include "bench/rng_checks.h"
#include "bench/stats.h"
#include "cli/bench_run.h"
#include "cli/rng_source.h"

#define HB_RNG_MAX_SIZES 16
#define HB_RNG_MAX_REPEAT 100
#define HB_RNG_MAX_SOURCES 32
#define HB_RNG_MAX_WARNINGS 8

typedef enum { HB_RNG_MEASURED, HB_RNG_SKIPPED, HB_RNG_FAILED } hb_rng_status;

typedef struct hb_rng_cell {
    size_t size;                    /* asked for */
    size_t bytes;                   /* produced per sample: the size (a file must hold it) */
    hb_rng_status status;
    char why[HB_RNG_WHY];           /* skipped or failed: the reason */
    double samples_ns[HB_RNG_MAX_REPEAT];
    unsigned n_samples;
    hb_summary ns;                  /* of samples_ns */
    double bps, bps_min, bps_max;   /* bytes per second: at the median, slowest and fastest sample */
} hb_rng_cell;

typedef struct hb_rng_result {
    hb_rng_source *src;
    hb_rng_status status;           /* skipped: could not be opened; failed: an error while producing */
    char why[HB_RNG_WHY];
    double probe_bps;               /* the first 64 KiB's rate */
    double best_bps;                /* the fastest so far: decides the sizes too slow to take (--max-time) */
    hb_rng_tally tally;             /* every byte checked: the probe and one sample of each size */
    hb_rng_verdict verdict;
    hb_rng_cell cells[HB_RNG_MAX_SIZES];
} hb_rng_result;

typedef struct hb_rng_run {
    hb_run base;                    /* its ctx: the context block every record shares */
    size_t sizes[HB_RNG_MAX_SIZES];
    unsigned n_sizes;
    unsigned repeat;
    double max_time_s;
    const char *sources_spec;       /* --sources, or "all"; "device" with --device */
    hb_rng_result *results;
    unsigned n_results;
    char warnings[HB_RNG_MAX_WARNINGS][256];
    unsigned n_warnings;
} hb_rng_run;

/* 1 when a source's checks failed, it failed while producing, or it is a
 * --device that could not be read: the exit status is then 1 */
int hb_rng_result_bad(const hb_rng_run *run, const hb_rng_result *r);

void hb_rng_report_table(FILE *f, const hb_rng_run *run);
void hb_rng_report_json(FILE *f, const hb_rng_run *run);

#endif
