/* Spawning, capturing and timing one program (see files_proc.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "files/files_proc.h"

extern char **environ;

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static void nap_ms(long ms)
{
    struct timespec t;
    t.tv_sec = 0;
    t.tv_nsec = ms * 1000000L;
    nanosleep(&t, NULL);
}

/* Ends a child we no longer want (the user pressed Ctrl-C): politely, then
 * for certain, and always reaped so that no zombie outlives the run. */
static void end_child(pid_t pid, int *status)
{
    int i;
    kill(pid, SIGTERM);
    for (i = 0; i < 100; i++) {
        pid_t w = waitpid(pid, status, WNOHANG);
        if (w == pid || (w < 0 && errno != EINTR))
            return;
        nap_ms(10);
    }
    kill(pid, SIGKILL);
    while (waitpid(pid, status, 0) < 0 && errno == EINTR)
        ;
}

/* Appends what fd has to buf (kept to cap - 1 bytes, the rest dropped).
 * Returns 0 at end of file, 1 otherwise. */
static int drain(int fd, char *buf, size_t cap, size_t *len)
{
    char scratch[4096];
    ssize_t n = read(fd, scratch, sizeof scratch);
    if (n < 0)
        return errno == EINTR || errno == EAGAIN ? 1 : 0;
    if (n == 0)
        return 0;
    if (*len + 1 < cap) {
        size_t room = cap - 1 - *len, take = (size_t)n < room ? (size_t)n : room;
        memcpy(buf + *len, scratch, take);
        *len += take;
        buf[*len] = 0;
    }
    return 1;
}

static int spawn(char *const argv[], int out_fd, int err_fd, pid_t *pid)
{
    static const int reset[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ };
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    sigset_t defaults, none;
    unsigned k;
    int rc;
    sigemptyset(&defaults);
    for (k = 0; k < sizeof reset / sizeof reset[0]; k++)
        sigaddset(&defaults, reset[k]);
    sigemptyset(&none);
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&attr);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
    posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
    /* the tool must die of Ctrl-C as it would in a shell, and must not
     * inherit hashbench's ignored SIGXFSZ */
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    rc = posix_spawn(pid, argv[0], &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    return rc;
}

int hb_proc_run(char *const argv[], hb_proc_result *r, volatile sig_atomic_t *stop)
{
    int out[2], err[2], rc;
    size_t out_len = 0, err_len = 0;
    struct pollfd pf[2];
    pid_t pid;
    double t0;
    memset(r, 0, sizeof *r);
    if (pipe2(out, O_CLOEXEC) != 0)
        return -1;
    if (pipe2(err, O_CLOEXEC) != 0) {
        rc = errno;
        close(out[0]);
        close(out[1]);
        errno = rc;
        return -1;
    }
    t0 = now_ns();
    rc = spawn(argv, out[1], err[1], &pid);
    close(out[1]);
    close(err[1]);
    if (rc != 0) {
        close(out[0]);
        close(err[0]);
        errno = rc;
        return -1;
    }
    pf[0].fd = out[0];
    pf[1].fd = err[0];
    pf[0].events = pf[1].events = POLLIN;
    /* a timeout, so that a signal arriving between the check and poll()
     * is still seen within 100 ms */
    while ((pf[0].fd >= 0 || pf[1].fd >= 0) && !*stop) {
        int n = poll(pf, 2, 100);
        if (n < 0 && errno != EINTR)
            break;
        if (n > 0 && pf[0].fd >= 0 && pf[0].revents && !drain(pf[0].fd, r->out, sizeof r->out, &out_len)) {
            close(pf[0].fd);
            pf[0].fd = -1;
        }
        if (n > 0 && pf[1].fd >= 0 && pf[1].revents && !drain(pf[1].fd, r->err, sizeof r->err, &err_len)) {
            close(pf[1].fd);
            pf[1].fd = -1;
        }
    }
    if (pf[0].fd >= 0)
        close(pf[0].fd);
    if (pf[1].fd >= 0)
        close(pf[1].fd);
    while (!*stop) {
        if (waitpid(pid, &r->status, 0) == pid) {
            r->wall_ns = now_ns() - t0;
            return 0;
        }
        if (errno != EINTR)
            return -1;
    }
    end_child(pid, &r->status);
    errno = EINTR;
    return -1;
}

int hb_proc_ok(const hb_proc_result *r)
{
    return WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0;
}

void hb_proc_describe(const hb_proc_result *r, char *out, size_t out_len)
{
    if (WIFEXITED(r->status))
        snprintf(out, out_len, "exit status %d", WEXITSTATUS(r->status));
    else if (WIFSIGNALED(r->status))
        snprintf(out, out_len, "killed by signal %d (%s)", WTERMSIG(r->status), strsignal(WTERMSIG(r->status)));
    else
        snprintf(out, out_len, "wait status %#x", (unsigned)r->status);
}
