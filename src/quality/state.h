/* The resumable run's state file (hashbench quality --state FILE).
 *
 * JSON lines: a header naming the run (the state format, hashbench's
 * version, the seed and the sizes), then one line per finished job (one
 * subject, one test): its results exactly (17 significant digits, so a
 * resumed run prints what an uninterrupted one would) and its seconds.  A
 * rerun with the same header skips the jobs the file holds; any other
 * header is refused, since results of different seeds or sizes must never
 * be mixed in one report.  A line cut short by a kill is dropped. */
#ifndef HB_QUALITY_STATE_H
#define HB_QUALITY_STATE_H

#include <stdio.h>
#include "quality/quality.h"

typedef struct hb_q_state {
    FILE *f;
    const char *path;
} hb_q_state;

/* A finished job read back: results[0..n) of test on the subject named. */
typedef void (*hb_q_state_job_fn)(void *arg, const char *subject, const hb_q_test *test,
                                  const hb_q_result *results, unsigned n, double seconds);

/* Opens (or creates) the state file at path for the run c of this version,
 * hands every finished job it holds to fn, and leaves it open for
 * appending.  Returns 0; 2 when the file belongs to another run or is not
 * a state file (why says which); 1 when it cannot be read or written. */
int hb_q_state_open(hb_q_state *st, const char *path, const hb_q_config *c, const char *version,
                    hb_q_state_job_fn fn, void *arg, char *why, size_t why_len);

/* Appends one finished job and flushes it.  Returns 0 or -1 (errno). */
int hb_q_state_append(hb_q_state *st, const char *subject, const char *test, const hb_q_result *r,
                      unsigned n, double seconds);

/* Closes the file; returns 0 or -1 when a write failed. */
int hb_q_state_close(hb_q_state *st);

#endif
