/* One `hashbench files` run as its outputs see it: the programs found, the
 * rows timed (one per algorithm, size, cache state and tool), warnings.
 * cmd_files.c fills it; files_output.c prints it as a table or JSON. */
#ifndef HB_CLI_FILES_RUN_H
#define HB_CLI_FILES_RUN_H

#include <limits.h>
#include <stdio.h>
#include "bench/context.h"
#include "bench/stats.h"
#include "cli/files_tools.h"

#define HB_FILES_MAX_PROGRAMS 16
#define HB_FILES_MAX_WARNINGS 64

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

typedef struct hb_files_run {
    hb_context ctx;
    size_t *sizes;
    unsigned n_sizes;
    unsigned repeat;
    int want_warm, want_cold;
    int cold_used;                  /* some size was measured cold */
    char fs_type[32];               /* of the temporary folder */
    char parent[PATH_MAX];          /* the folder the temporary folder was made in */
    hb_files_program programs[HB_FILES_MAX_PROGRAMS];
    unsigned n_programs;
    hb_files_row *rows;
    unsigned n_rows, cap_rows;
    char *warnings[HB_FILES_MAX_WARNINGS]; /* malloc'd; printed on stderr as they happen */
    unsigned n_warnings;
    unsigned n_errors;              /* rows that failed */
} hb_files_run;

/* Adds a run-wide warning (kept for the JSON). */
__attribute__((format(printf, 2, 3))) void hb_files_warn(hb_files_run *run, const char *fmt, ...);

void hb_files_table(FILE *f, const hb_files_run *run);
void hb_files_json(FILE *f, const hb_files_run *run);

#endif
