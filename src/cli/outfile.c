/* Output files replaced only once complete (see outfile.h). */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli/names.h"
#include "cli/outfile.h"

/* Temporary files to remove if a signal ends the run (Ctrl-C during a long
 * benchmark): they must not pile up beside the results. */
#define MAX_PENDING 4
static char *volatile pending[MAX_PENDING];

static void on_signal(int sig)
{
    int i;
    for (i = 0; i < MAX_PENDING; i++)
        if (pending[i])
            unlink(pending[i]);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void track(char *tmp, int add)
{
    static int handlers;
    int i;
    if (add && !handlers) {
        static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
        struct sigaction sa;
        unsigned k;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        for (k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
            struct sigaction old;
            /* a signal ignored by the caller (nohup) stays ignored */
            if (sigaction(sigs[k], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
                sigaction(sigs[k], &sa, NULL);
        }
        handlers = 1;
    }
    for (i = 0; i < MAX_PENDING; i++)
        if (add ? pending[i] == NULL : pending[i] == tmp) {
            pending[i] = add ? tmp : NULL;
            return;
        }
}

/* The absolute path a file is (or would be) created at, symbolic links in
 * it resolved; malloc'd, or NULL when its folder does not exist. */
static char *resolve(const char *path)
{
    char *full = realpath(path, NULL), *dir, *base, *out;
    const char *slash;
    size_t n;
    if (full)
        return full;
    slash = strrchr(path, '/');
    base = (char *)(slash ? slash + 1 : path);
    n = slash ? (size_t)(slash - path) : 0;
    dir = malloc(n + 2);
    if (!dir)
        return NULL;
    if (!slash)
        strcpy(dir, ".");
    else if (n == 0)
        strcpy(dir, "/");
    else {
        memcpy(dir, path, n);
        dir[n] = 0;
    }
    full = realpath(dir, NULL);
    free(dir);
    if (!full)
        return NULL;
    out = malloc(strlen(full) + strlen(base) + 2);
    if (out)
        sprintf(out, "%s/%s", strcmp(full, "/") ? full : "", base);
    free(full);
    return out;
}

int hb_same_output(const char *a, const char *b)
{
    struct stat sa, sb;
    char *ra, *rb;
    int same;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    ra = resolve(a);
    rb = resolve(b);
    same = ra && rb ? strcmp(ra, rb) == 0 : strcmp(a, b) == 0;
    free(ra);
    free(rb);
    return same;
}

static int fail(const char *who, const char *path, int err)
{
    fprintf(stderr, "%s: cannot write %s: %s\n", who, hb_shown_name(path), strerror(err));
    return -1;
}

/* Creates "DIR/.NAME.XXXXXX" beside o->final with the given mode. */
static int open_temporary(hb_outfile *o, mode_t mode, const char *who)
{
    const char *slash = strrchr(o->final, '/');
    size_t dirlen = (size_t)(slash - o->final);
    int fd, err;
    o->tmp = malloc(strlen(o->final) + 16);
    if (!o->tmp)
        return fail(who, o->path, ENOMEM);
    sprintf(o->tmp, "%.*s/.%s.XXXXXX", (int)dirlen, o->final, slash + 1);
    fd = mkstemp(o->tmp);
    if (fd < 0) {
        err = errno;
        free(o->tmp);
        o->tmp = NULL;
        return fail(who, o->path, err);
    }
    track(o->tmp, 1);
    /* the file replaces o->path: give it that file's mode, or the mode a
     * new file gets, not mkstemp's 0600 */
    if (fchmod(fd, mode) != 0 || !(o->f = fdopen(fd, "w"))) {
        err = errno;
        close(fd);
        hb_outfile_abort(o);
        return fail(who, o->path, err);
    }
    return 0;
}

int hb_outfile_open(hb_outfile *o, const char *path, const char *who)
{
    struct stat st;
    int exists;
    memset(o, 0, sizeof *o);
    o->path = path;
    exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return fail(who, path, EISDIR);
    if (exists && !S_ISREG(st.st_mode)) {
        /* a device or a FIFO (/dev/null, a pipe): nothing to replace */
        if (!(o->f = fopen(path, "w")))
            return fail(who, path, errno);
        return 0;
    }
    if (exists && access(path, W_OK) != 0)
        return fail(who, path, errno);
    if (!(o->final = resolve(path)))
        return fail(who, path, errno ? errno : ENOENT);
    if (!exists) {
        mode_t mask = umask(0);
        umask(mask);
        st.st_mode = 0666 & ~mask;
    }
    if (open_temporary(o, st.st_mode & 07777, who) != 0) {
        free(o->final);
        o->final = NULL;
        return -1;
    }
    return 0;
}

int hb_outfile_commit(hb_outfile *o, const char *who)
{
    int failed, err = 0;
    errno = 0;
    failed = fflush(o->f) != 0 || ferror(o->f);
    err = errno;
    /* on disk before it replaces the old file, or a crash could leave an
     * empty file where a complete one was */
    if (!failed && o->tmp && fsync(fileno(o->f)) != 0) {
        failed = 1;
        err = errno;
    }
    if (fclose(o->f) != 0 && !failed) {
        failed = 1;
        err = errno;
    }
    o->f = NULL;
    if (!failed && o->tmp && rename(o->tmp, o->final) != 0) {
        failed = 1;
        err = errno;
    }
    if (failed) {
        fprintf(stderr, "%s: write error on %s: %s\n", who, hb_shown_name(o->path), strerror(err ? err : EIO));
    } else if (o->tmp) {
        track(o->tmp, 0);       /* renamed: nothing left to remove */
        free(o->tmp);
        o->tmp = NULL;
    }
    hb_outfile_abort(o);
    return failed ? -1 : 0;
}

void hb_outfile_abort(hb_outfile *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp) {
        unlink(o->tmp);
        track(o->tmp, 0);
        free(o->tmp);
        o->tmp = NULL;
    }
    free(o->final);
    o->final = NULL;
}
