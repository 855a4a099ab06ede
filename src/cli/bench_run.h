/* One `hashbench bench` run as the output formats see it: settings,
 * machine context, the measured cells and the run's warnings.  Each format
 * (report_*.c) only reads this. */
#ifndef HB_CLI_BENCH_RUN_H
#define HB_CLI_BENCH_RUN_H

#include <stdio.h>
#include "bench/context.h"
#include "bench/measure.h"
#include "peers/loader/rust_peers.h"

typedef enum { HB_SORT_CATEGORY, HB_SORT_SPEED, HB_SORT_NAME } hb_sort;
typedef enum { HB_VIEW_ROWS, HB_VIEW_MATRIX } hb_view;

#define HB_MAX_WARNINGS 32

typedef struct hb_run {
    hb_context ctx;
    hb_bench_settings settings;
    const char *impl_spec;
    size_t *sizes;
    unsigned n_sizes;
    hb_cell *cells;                 /* grouped by algorithm, then size, then implementation */
    unsigned n_cells;
    double *read_bw;                /* per size: memory read bandwidth, 0 when not measured */
    char *warnings[HB_MAX_WARNINGS]; /* run-wide warnings, malloc'd */
    unsigned n_warnings;
    hb_sort sort;
    hb_view view;
    unsigned threads;               /* bench --threads N: N copies at once; 0: not asked */
    unsigned scale;                 /* bench --scale: the largest thread count; 0: not asked */
    struct {                        /* other processes on this process's CPUs (bench/cpuload.h) */
        char cpus[64];              /* "0-1" */
        unsigned n_cpus;
        double others_cpus;         /* over the whole run, CPUs' worth; -1 unknown */
        unsigned loaded_groups;     /* groups whose cells got HB_WARN_LOAD */
    } load;
    hb_rust_peers_about rust;       /* the Rust peers' library; library empty when not loaded */
} hb_run;

/* Adds a run-wide warning (printed on standard error, kept in the JSON). */
__attribute__((format(printf, 2, 3))) void hb_run_warn(hb_run *run, const char *fmt, ...);

/* Short texts of a cell's warning bits, for every format alike.  Returns
 * how many were written to out (at most max). */
unsigned hb_cell_warnings(const hb_run *run, const hb_cell *c, const char **out, unsigned max);

/* Core cycles per byte at the measured clock, or 0 when unknown. */
double hb_cell_cycles_per_byte(const hb_run *run, const hb_cell *c);

/* Cells in display order: an array of pointers (malloc'd) sorted as
 * run->sort asks; speed sorts within each size, fastest first. */
const hb_cell **hb_run_sorted(const hb_run *run);

/* The cell of the same algorithm and implementation as `like` at `size`,
 * or NULL (the matrix views). */
const hb_cell *hb_run_find_cell(const hb_run *run, const hb_cell *like, size_t size);

/* The implementation's name as the formats print it: "mt" or, measured
 * at a set thread count (--scale), "mt/2t" (the results store keys on
 * algorithm, implementation and size; "@" would name a console build). */
const char *hb_cell_impl_label(const hb_cell *c, char *buf, size_t n);

/* Is c the fastest of its tier at its size? */
int hb_cell_fastest_in_tier(const hb_run *run, const hb_cell *c);

/* Peers are the implementations ranked below 0 (src/peers/: OpenSSL, zlib,
 * ISA-L, xxHash, libsodium) and the Rust crates (peers/loader/rust_peers.h).  Every
 * cell of one algorithm and size is measured in one interleaved group, so
 * the ratio of hashbench's best to the best peer there is a same-run,
 * same-conditions figure. */
int hb_cell_is_peer(const hb_cell *c);

/* Does the run hold a peer cell and a hashbench cell of one algorithm and size? */
int hb_run_has_peer_comparison(const hb_run *run);

typedef struct hb_peer_comparison {
    const hb_cell *ours;            /* the dispatcher's pick if measured, else our fastest cell */
    const hb_cell *peer;            /* the fastest peer cell */
    double ratio;                   /* ours / peer throughput, above 1: hashbench is faster:
                                       the median of the per-round ratios */
} hb_peer_comparison;

/* The comparison for c's algorithm and size; 0 when the group lacks a
 * peer or a hashbench cell, 1 and *out filled otherwise. */
int hb_peer_compare(const hb_run *run, const hb_cell *c, hb_peer_comparison *out);

void hb_report_table(FILE *f, const hb_run *run);
void hb_report_json(FILE *f, const hb_run *run);
/* The record's "context" member (with its trailing comma): shared by the
 * other commands' JSON records (hashbench rng, hashbench files). */
void hb_report_json_context(FILE *f, const hb_run *run);
void hb_report_csv(FILE *f, const hb_run *run);
void hb_report_md(FILE *f, const hb_run *run);

#endif
