/* hashbench rng's measurement (docs/rng.md): every source opened and its
 * first 64 KiB timed and checked, the sizes planned, then the samples
 * taken interleaved (round k of every source and size before round
 * k + 1, so that a change in the machine's load falls on every source
 * alike), each source's bytes judged (rng_checks.h) and the source closed.
 * No output: the command line (src/cli/cmd_rng.c) picks the sources,
 * shows the progress it is told of and prints the job (rng_output.c). */
#ifndef HB_RNG_RNG_MEASURE_H
#define HB_RNG_RNG_MEASURE_H

#include <stddef.h>
#include <stdint.h>
#include "bench/stats.h"
#include "rng/rng_checks.h"
#include "rng/rng_source.h"

#define HB_RNG_MAX_SIZES 16
#define HB_RNG_MAX_REPEAT 100
#define HB_RNG_MAX_SOURCES 32
/* the first bytes of every source: its rate decides which sizes fit max_time_s */
#define HB_RNG_PROBE_SIZE (64u << 10)

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
    double best_bps;                /* the fastest so far: decides the sizes too slow to take (max_time_s) */
    hb_rng_tally tally;             /* every byte checked: the probe and one sample of each size */
    hb_rng_verdict verdict;
    hb_rng_cell cells[HB_RNG_MAX_SIZES];
} hb_rng_result;

/* Told before each sample (r, its size, the round of rounds), and once
 * with r NULL when the samples are done. */
typedef void (*hb_rng_progress_fn)(void *arg, const hb_rng_result *r, size_t size, unsigned round,
                                   unsigned rounds);

typedef struct hb_rng_job {
    size_t sizes[HB_RNG_MAX_SIZES]; /* smallest first: the smaller sizes' rates decide which larger ones fit */
    unsigned n_sizes;
    unsigned repeat;                /* samples per source and size */
    double max_time_s;              /* a size whose sample would take longer is skipped */
    hb_rng_result *results;         /* the sources to measure: src set, the rest zero */
    unsigned n_results;
    uint8_t *buf;                   /* hb_rng_job_buffer's */
    size_t buf_len;
    hb_rng_progress_fn progress;    /* may be NULL */
    void *progress_arg;
} hb_rng_job;

/* Allocates the job's buffer: the largest size or the probe, page aligned
 * and touched before anything is timed.  0, or -1 (buf_len says how much
 * could not be had). */
int hb_rng_job_buffer(hb_rng_job *job);
void hb_rng_job_free(hb_rng_job *job);

/* Measures every source of the job and closes it (see the top). */
void hb_rng_measure(hb_rng_job *job);

#endif
