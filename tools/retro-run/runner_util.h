/* Small services every file of the runner uses (runner_util.c): the
 * clock, number parsing, making folders.  They live apart from runner.c
 * so that the back-ends and the frame script (script.c), which runner.c
 * calls, never call back into runner.c. */
#ifndef RETRO_RUN_RUNNER_UTIL_H
#define RETRO_RUN_RUNNER_UTIL_H

struct rr_run;

/* host seconds on a monotonic clock */
double rr_now(void);
/* seconds since the run started (r->started) */
double rr_elapsed(const struct rr_run *r);
/* a plain decimal number: 0, or -1 */
int rr_parse_ulong(const char *s, unsigned long *out);
/* mkdir -p; 0 or -1 (errno set) */
int rr_mkdirs(const char *path);

#endif
