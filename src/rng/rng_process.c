/* `openssl rand N` as a process (rng/rng_source.h): the figure the
 * BeagleBone report gives for OpenSSL, where the time includes starting
 * the program.  Its standard output is a pipe read to the end; the bytes
 * are counted (and kept for the sanity checks).  The program is `openssl`
 * from PATH, or HB_RNG_OPENSSL when set (the tests name a missing one). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "rng/rng_source.h"

static const char *program(void)
{
    const char *p = getenv("HB_RNG_OPENSSL");
    return p && *p ? p : "openssl";
}

/* Is prog runnable: a path to an executable, or a name found in PATH? */
static int findable(const char *prog)
{
    const char *path = getenv("PATH"), *p;
    char full[4096];
    if (strchr(prog, '/'))
        return access(prog, X_OK) == 0;
    for (p = path ? path : "/usr/bin:/bin"; ; p += strcspn(p, ":") + 1) {
        size_t len = strcspn(p, ":");
        if (snprintf(full, sizeof full, "%.*s/%s", (int)len, len ? p : ".", prog) < (int)sizeof full &&
            access(full, X_OK) == 0)
            return 1;
        if (!p[len])
            return 0;
    }
}

/* The child's side: standard input from /dev/null, standard output into
 * the pipe, then prog. */
static void child(const char *const *argv, int fds[2])
{
    int null = open("/dev/null", O_RDONLY);
    if (null >= 0)
        dup2(null, STDIN_FILENO);
    dup2(fds[1], STDOUT_FILENO);
    close(fds[0]);
    close(fds[1]);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGXFSZ, SIG_DFL);   /* hashbench ignores it (main.c) */
    execvp(argv[0], (char *const *)argv);
    _exit(127);
}

/* Reads fd to its end into buf (up to cap bytes; more sets *overflow and
 * is read on to the end, unkept).  Returns 0, or the errno of a read. */
static int drain(int fd, uint8_t *buf, size_t cap, size_t *done, int *overflow)
{
    for (;;) {
        uint8_t sink[4096];
        ssize_t r = *done < cap ? read(fd, buf + *done, cap - *done) : read(fd, sink, sizeof sink);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return errno;
        if (r == 0)
            return 0;
        if (*done < cap)
            *done += (size_t)r;
        else
            *overflow = 1;
    }
}

/* What became of the child: its exit status, or -1 with why. */
static int outcome(const char *prog, int status, int read_err, int overflow, size_t cap, char *why, size_t why_len)
{
    if (read_err) {
        snprintf(why, why_len, "reading %s's output: %s", prog, strerror(read_err));
        return -1;
    }
    if (overflow) {
        snprintf(why, why_len, "%s wrote more than the %zu bytes asked for", prog, cap);
        return -1;
    }
    if (WIFSIGNALED(status)) {
        snprintf(why, why_len, "%s was killed by signal %d", prog, WTERMSIG(status));
        return -1;
    }
    return WEXITSTATUS(status);
}

/* Runs prog with args, its standard output read into buf (up to cap bytes;
 * more is an error).  Returns the exit status (-1 when it could not run or
 * died of a signal; why says so) and the byte count in *got. */
static int run(const char *const *argv, uint8_t *buf, size_t cap, size_t *got, char *why, size_t why_len)
{
    int fds[2], status;
    pid_t pid;
    size_t done = 0;
    int overflow = 0, read_err;
    if (pipe(fds) != 0) {
        snprintf(why, why_len, "pipe: %s", strerror(errno));
        return -1;
    }
    pid = fork();
    if (pid < 0) {
        snprintf(why, why_len, "fork: %s", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0)
        child(argv, fds);
    close(fds[1]);
    read_err = drain(fds[0], buf, cap, &done, &overflow);
    close(fds[0]);
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(why, why_len, "waitpid: %s", strerror(errno));
            return -1;
        }
    *got = done;
    return outcome(argv[0], status, read_err, overflow, cap, why, why_len);
}

static int process_open(hb_rng_source *s, char *why, size_t why_len)
{
    const char *prog = program();
    const char *argv[] = { prog, "version", NULL };
    uint8_t out[160];
    size_t got = 0;
    int rc;
    if (!findable(prog)) {
        snprintf(why, why_len, "%s: not found (install openssl, or set HB_RNG_OPENSSL)", prog);
        return -1;
    }
    rc = run(argv, out, sizeof out - 1, &got, why, why_len);
    if (rc != 0) {
        if (rc > 0)
            snprintf(why, why_len, "`%s version` exited with status %d", prog, rc);
        return -1;
    }
    out[got] = 0;
    snprintf(s->detail, sizeof s->detail, "%.*s", (int)strcspn((char *)out, "\n"), (char *)out);
    return 0;
}

static int process_fill(hb_rng_source *s, uint8_t *buf, size_t n, size_t *got, char *why, size_t why_len)
{
    char count[32];
    const char *argv[] = { program(), "rand", count, NULL };
    int rc;
    (void)s;
    snprintf(count, sizeof count, "%zu", n);
    rc = run(argv, buf, n, got, why, why_len);
    if (rc < 0)
        return -1;
    if (rc != 0) {
        snprintf(why, why_len, "`%s rand %zu` exited with status %d", argv[0], n, rc);
        return -1;
    }
    if (*got != n) {
        snprintf(why, why_len, "`%s rand %zu` wrote %zu bytes", argv[0], n, *got);
        return -1;
    }
    return 0;
}

static void process_close(hb_rng_source *s)
{
    (void)s;
}

const hb_rng_source_ops hb_rng_process_ops = { process_open, process_fill, process_close };
