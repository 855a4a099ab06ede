/* Running one program the way a user does, and timing it: hashbench files
 * measures what a person waits for, the whole process from start to exit
 * (loading, reading the file, hashing, printing), not a kernel in a loop. */
#ifndef HB_FILES_PROC_H
#define HB_FILES_PROC_H

#include <signal.h>
#include <stddef.h>

#define HB_PROC_OUT_MAX 4096
#define HB_PROC_ERR_MAX 1024

typedef struct hb_proc_result {
    double wall_ns;                 /* CLOCK_MONOTONIC from just before the spawn to the reaped exit */
    int status;                     /* waitpid() status */
    char out[HB_PROC_OUT_MAX];      /* the start of standard output, NUL-terminated */
    char err[HB_PROC_ERR_MAX];      /* the start of standard error, NUL-terminated */
} hb_proc_result;

/* Runs argv (argv[0] a path) with standard input from /dev/null and its
 * standard output and error captured (the start of each is kept, the rest
 * read and dropped: a chatty program must not block on a full pipe), and
 * the signals hashbench catches back at their defaults.  When *stop turns
 * non-zero (a signal arrived) the child is ended (SIGTERM, SIGKILL after a
 * second) and reaped.  Returns 0; -1 with errno EINTR when stopped; -1 with
 * another errno when it could not be started. */
int hb_proc_run(char *const argv[], hb_proc_result *r, volatile sig_atomic_t *stop);

/* Did the run exit normally with status 0? */
int hb_proc_ok(const hb_proc_result *r);

/* "exit status 3", "killed by signal 9 (Killed)" */
void hb_proc_describe(const hb_proc_result *r, char *out, size_t out_len);

#endif
