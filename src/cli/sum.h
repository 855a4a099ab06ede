/* hashbench sum's parts: cmd_sum.c (the command line), sum_file.c (one
 * file's pick, read and digest) and sum_check.c (-c, checking a list). */
#ifndef HB_CLI_SUM_H
#define HB_CLI_SUM_H

#include "hashbench.h"
#include "impl_rows.h"
#include "read/read_file.h"

typedef struct sum_opts {
    const hb_algo *algo;
    const hb_impl *impl;
    /* impl's threads interface when it splits large updates across
     * several threads, else NULL */
    const hb_threads_iface *threaded;
    int best;                       /* no --impl: the pick for each file's size */
    int from_profile;               /* impl is this machine's profile's pick */
    unsigned threads;               /* --threads */
    hb_io_mode io;
    int verbose;
    hb_progress progress;
    int quiet, status, strict, warn, ignore_missing;
} sum_opts;

/* "hashbench: NAME: MESSAGE" on stderr, NAME as every message shows a
 * user's file name (cli/names.h): a crafted name must not forge a message
 * line nor send the terminal an escape sequence (coreutils quotes such
 * names). */
__attribute__((format(printf, 2, 3))) void hb_sum_name_error(const char *name, const char *fmt, ...);

/* Hashes one file ("-" is stdin) into digest.  Returns 0; 1 when the file
 * does not exist and missing_ok (--ignore-missing: skipped silently); or
 * -1 after printing an error that names the file (no digest then: a file
 * that could not be read to its end, or changed meanwhile, has none). */
int hb_sum_digest_file(sum_opts *o, const char *name, uint8_t *digest, int missing_ok);

/* The threaded row for the default pick when more than one thread may be
 * used, and --threads told to a threaded pick (sum_file.c). */
void hb_sum_pick_threads(sum_opts *o);

/* Checks every file the list `listname` ("-": standard input) names:
 * HB_EXIT_OK when each one read gave its digest, else HB_EXIT_FAIL (and
 * with --strict, for a malformed line too) */
int hb_sum_check_list(sum_opts *o, const char *listname);

#endif
