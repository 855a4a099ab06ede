/* One `hashbench files` run: the programs found, the rows timed (one per
 * algorithm, size, cache state and tool), warnings, and the harness that
 * fills it (files_run.c).  The command (src/cli/cmd_files.c) parses the
 * options, words what the harness tells it through the hooks below, and
 * prints the run (src/cli/files_output.c); the harness words nothing a
 * person reads on the terminal. */
#ifndef HB_FILES_RUN_H
#define HB_FILES_RUN_H

#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include "bench/context.h"
#include "bench/stats.h"
#include "files/files_tools.h"

#define HB_FILES_MAX_PROGRAMS 16
#define HB_FILES_MAX_WARNINGS 64
/* algorithms in one run */
#define HB_FILES_MAX_ALGOS 32

typedef struct hb_files_program {
    const char *name;               /* "sha256sum"; NULL for hashbench itself */
    char path[PATH_MAX];
    char version[160];              /* first line of its --version, "" when it printed none */
    int found;
} hb_files_program;

typedef struct hb_files_row {
    const hb_algo *algo;
    const hb_file_tool *tool;
    const hb_files_program *program;
    size_t size;
    int cold;                       /* 0: page cache warm; 1: the file's pages dropped before each run */
    double *samples_ns;             /* wall time of each measured run, in round order */
    unsigned n;
    hb_summary ns;                  /* of samples_ns, once all are in */
    int failed;                     /* the tool failed or disagreed: an error, not a timing */
    int skipped;                    /* cold, where the file's pages could not be dropped (said once) */
    int ours_row;                   /* index of the hashbench sum row it is compared with, -1: none */
    double ratio;                   /* hashbench sum's median MB/s over this tool's, 0: none */
    unsigned not_cold;              /* cold runs that started with pages of the file still cached */
    char digest[2 * HB_MAX_DIGEST + 1];
} hb_files_row;

/* Why a file's pages could not be dropped from the page cache. */
typedef enum hb_files_no_cold {
    HB_FILES_COLD_FAILED = 1,       /* posix_fadvise or mincore failed: errno in err */
    HB_FILES_COLD_IN_MEMORY,        /* tmpfs or ramfs: pages stay whatever is asked */
    HB_FILES_COLD_STAYED            /* another file system kept some pages */
} hb_files_no_cold;

struct hb_files_run;

/* What the harness tells as it happens; the command words it on standard
 * error and, where the record keeps it, adds a warning (hb_files_warn).
 * Every hook is called with the run; none may be NULL. */
typedef struct hb_files_hooks {
    /* round (0: the warm-up) of rounds of row r is about to run */
    void (*progress)(struct hb_files_run *run, const hb_files_row *r, unsigned round, unsigned rounds);
    /* tool's program is not on PATH: its rows are left out */
    void (*missing)(struct hb_files_run *run, const hb_file_tool *tool);
    /* this hashbench sum does not take tool's thread option: algo's pair is left out */
    void (*no_threads)(struct hb_files_run *run, const hb_file_tool *tool, const hb_algo *algo);
    /* r failed or printed another digest (why: what happened); it is marked failed and counted */
    void (*row_failed)(struct hb_files_run *run, const hb_files_row *r, const char *why);
    /* a new file's pages could not be dropped: its cold rows are skipped */
    void (*no_cold)(struct hb_files_run *run, hb_files_no_cold kind, size_t resident, size_t pages, int err);
} hb_files_hooks;

/* A test file that could not be written (HB_FILES_WRITE_FAILED). */
typedef struct hb_files_write_error {
    size_t size, written;
    int err;                        /* errno: ENOSPC, EDQUOT, EFBIG ... */
} hb_files_write_error;

/* The harness's answers besides 0. */
#define HB_FILES_STOPPED (-1)       /* *stop turned non-zero: a signal */
#define HB_FILES_NO_MEMORY (-2)
#define HB_FILES_TOO_MANY_PROGRAMS (-3)
#define HB_FILES_WRITE_FAILED (-4)  /* see write_error */

typedef struct hb_files_run {
    hb_context ctx;
    size_t *sizes;
    unsigned n_sizes;
    unsigned repeat;
    int want_warm, want_cold;
    int cold_used;                  /* some size was measured cold */
    char fs_type[32];               /* of the temporary folder */
    char parent[PATH_MAX];          /* the folder the temporary folder was made in */
    char self[PATH_MAX];            /* the running hashbench, timed as `hashbench sum` */
    const hb_files_hooks *hooks;
    volatile sig_atomic_t *stop;    /* non-zero: end the run (the tool running is ended) */
    hb_files_program programs[HB_FILES_MAX_PROGRAMS];
    unsigned n_programs;
    hb_files_row *rows;
    unsigned n_rows, cap_rows;
    char *warnings[HB_FILES_MAX_WARNINGS]; /* malloc'd; printed on stderr as they happen */
    unsigned n_warnings;
    unsigned n_errors;              /* rows that failed */
    hb_files_write_error write_error;
} hb_files_run;

/* Adds a run-wide warning (kept for the JSON). */
__attribute__((format(printf, 2, 3))) void hb_files_warn(hb_files_run *run, const char *fmt, ...);

/* Finds every program the tools of algos[0..n) need (once each, with its
 * version), and lays out the rows: by size, algorithm, cache state, then
 * tool (the order they are run in).  run's sizes, repeat, want_*, self and
 * hooks are set.  Returns 0, HB_FILES_NO_MEMORY or HB_FILES_TOO_MANY_PROGRAMS. */
int hb_files_plan(hb_files_run *run, const hb_algo *const *algos, unsigned n_algos);

/* The run's context (bench/context.h) as the record shows it: the clock
 * is the wall clock around each process; a loaded machine is warned of. */
void hb_files_begin(hb_files_run *run);

/* Measures every row, size by size, each on a file written for it in dir
 * (a folder of the run's own: files_temp.h) and removed after; then the
 * core clock at the end.  Returns 0, HB_FILES_STOPPED or
 * HB_FILES_WRITE_FAILED (the rows measured so far are kept). */
int hb_files_measure(hb_files_run *run, const char *dir);

/* The rows' statistics, and each tool paired with the hashbench sum row
 * of its group and thread count (ratio, ours_row). */
void hb_files_summarize(hb_files_run *run);

/* Frees the rows and warnings. */
void hb_files_free(hb_files_run *run);

#endif
