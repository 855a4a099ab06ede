/* hashbench files: what a person waits for when hashing a file.  Test files
 * of the BeagleBone report's sizes (1, 10 and 50 MiB; -s for others) are
 * written to a private temporary folder that is always removed, and
 * `hashbench sum` (this very binary) is timed against the system's own
 * tools (sha256sum, openssl dgst, b3sum, xxhsum, rhash ...) as whole
 * processes, run by run in turn, with the page cache warm and, where the
 * file's pages can be dropped, cold.  Every run's digest is checked against
 * hashbench's own: a tool that disagrees is an error, not a timing.
 *
 * Ctrl-C (SIGINT), SIGTERM and SIGHUP stop the run: the tool running is
 * ended, the temporary folder removed, nothing is printed as a result, and
 * the exit status is 128 + the signal (130 for Ctrl-C).
 *
 * This file reads the options, words what the harness (src/files/) tells
 * as it runs, and hands the run to its outputs (files_output.c). */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/commands.h"
#include "cli/files_output.h"
#include "cli/names.h"
#include "cli/outfile.h"
#include "text/units.h"
#include "cli/util.h"
#include "files/files_temp.h"

#define MAX_SIZES 16
#define MAX_ALGOS HB_FILES_MAX_ALGOS
#define WHO "hashbench files"

static volatile sig_atomic_t stop_signal;
/* "\r\033[K" while a progress line is on the terminal: a message replaces it */
static const char *clear_line = "";

static void on_stop(int sig)
{
    stop_signal = sig;
}

typedef struct files_opts {
    const char *algos, *sizes, *dir, *format, *save, *cache;
    unsigned long repeat;
    int quiet;
    const char *parent;             /* where the temporary folder is made: --dir, $TMPDIR or /tmp */
} files_opts;

static void files_usage(FILE *f)
{
    fprintf(f,
        "usage: hashbench files [options]\n"
        "\n"
        "Times `hashbench sum` against the system's tools (md5sum, sha1sum, sha256sum, sha512sum, b3sum,\n"
        "xxhsum, openssl dgst, rhash: those on PATH) hashing files it writes to a temporary folder and\n"
        "removes: the whole process, start to exit, as a person waits for it (docs/files.md).\n"
        "\n"
        "  -a, --algorithm IDS   comma-separated (default " HB_FILES_DEFAULT_ALGOS ")\n"
        "  -s, --sizes LIST      file sizes, e.g. 64K,1M,1G (default 1M,10M,50M: the BeagleBone report's)\n"
        "      --repeat N        measured runs of each tool, after one discarded warm-up (default 5)\n"
        "      --cache MODE      warm, cold or both (default both; cold where the file's pages can be\n"
        "                        dropped from the page cache: not on tmpfs)\n"
        "      --dir DIR         where to make the temporary folder (default $TMPDIR, else /tmp)\n"
        "      --format FMT      table (default) or json\n"
        "      --save FILE       also write the run as JSON to FILE (for the results store)\n"
        "  -q, --quiet           no progress line on the terminal\n"
        "\n"
        "Exit status: 0; 1 when a tool failed or printed another digest than hashbench's, or the folder\n"
        "filled up; 2 for a bad option or an unusable --dir; 128 + the signal when stopped (130: Ctrl-C).\n");
}

static int bad(const char *what, const char *why)
{
    fprintf(stderr, WHO ": %s: %s\n", what, why);
    return HB_EXIT_USAGE;
}

static int parse_opts(int argc, char **argv, files_opts *o)
{
    static const struct option opts[] = {
        { "algorithm", required_argument, 0, 'a' }, { "sizes", required_argument, 0, 's' },
        { "repeat", required_argument, 0, 'r' },    { "dir", required_argument, 0, 'd' },
        { "format", required_argument, 0, 'f' },    { "save", required_argument, 0, 'J' },
        { "cache", required_argument, 0, 'c' },     { "quiet", no_argument, 0, 'q' },
        { "help", no_argument, 0, 'h' },            { 0, 0, 0, 0 },
    };
    char err[160];
    int c;
    memset(o, 0, sizeof *o);
    o->algos = HB_FILES_DEFAULT_ALGOS;
    o->sizes = "1M,10M,50M";
    o->format = "table";
    o->cache = "both";
    o->repeat = 5;
    while ((c = getopt_long(argc, argv, "a:s:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'a': o->algos = optarg; break;
        case 's': o->sizes = optarg; break;
        case 'r':
            if (hb_parse_uint(optarg, 1, 1000, &o->repeat, err, sizeof err) != 0)
                return bad("--repeat", err);
            break;
        case 'd': o->dir = optarg; break;
        case 'f': o->format = optarg; break;
        case 'J': o->save = optarg; break;
        case 'c': o->cache = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'h': files_usage(stdout); return -1;
        default: files_usage(stderr); return HB_EXIT_USAGE;
        }
    }
    if (optind < argc)
        return bad("unexpected argument", argv[optind]);
    if (strcmp(o->format, "table") && strcmp(o->format, "json"))
        return bad("--format", "unknown format (valid: table, json)");
    if (strcmp(o->cache, "warm") && strcmp(o->cache, "cold") && strcmp(o->cache, "both"))
        return bad("--cache", "unknown mode (valid: warm, cold, both)");
    if (o->dir && !*o->dir)
        return bad("--dir", "empty folder name");
    return 0;
}

/* What the harness tells (files/files_run.h), worded on standard error and,
 * where the record keeps it, as a run warning. */
static void on_progress(hb_files_run *run, const hb_files_row *r, unsigned round, unsigned rounds)
{
    char size[32];
    (void)run;
    if (!*clear_line)               /* quiet: no progress line */
        return;
    hb_format_size(r->size, size, sizeof size);
    fprintf(stderr, "\r\033[K%s %s %s: run %u of %u", r->algo->id, size, r->cold ? "cold" : "warm", round + 1,
            rounds);
}

static void on_missing(hb_files_run *run, const hb_file_tool *tool)
{
    fprintf(stderr, WHO ": %s: not found on PATH (Debian package %s): not measured\n", tool->program,
            tool->package);
    hb_files_warn(run, "%s not found on PATH (Debian package %s): not measured", tool->program, tool->package);
}

static void on_no_threads(hb_files_run *run, const hb_file_tool *tool, const hb_algo *algo)
{
    (void)run;
    fprintf(stderr, WHO ": note: this hashbench sum takes no %s: the %d-thread pair of %s is left out\n",
            tool->args[1], tool->threads, algo->id);
}

/* One error line per failed row, said when it happens. */
static void on_row_failed(hb_files_run *run, const hb_files_row *r, const char *why)
{
    char size[32];
    hb_format_size(r->size, size, sizeof size);
    fprintf(stderr, "%s" WHO ": error: %s on the %s file (%s): %s: its times are left out\n",
            clear_line, r->tool->label, size, r->algo->id, why);
    hb_files_warn(run, "error: %s on the %s file (%s): %s: its times are left out", r->tool->label, size,
                  r->algo->id, why);
}

/* Asked of each new file, said once per reason (a tmpfs folder would say
 * it for every size). */
static void on_no_cold(hb_files_run *run, hb_files_no_cold kind, size_t resident, size_t pages, int err)
{
    static int said;
    char why[300];
    if (said & (1 << kind))
        return;
    said |= 1 << kind;
    if (kind == HB_FILES_COLD_FAILED)
        snprintf(why, sizeof why, "posix_fadvise or mincore failed: %s", strerror(err));
    else if (kind == HB_FILES_COLD_IN_MEMORY)
        snprintf(why, sizeof why, "the folder is on %s, which keeps files in memory only (%zu of %zu pages stayed "
                 "after POSIX_FADV_DONTNEED): choose a folder on a disk with --dir", run->fs_type, resident, pages);
    else
        snprintf(why, sizeof why, "%zu of %zu pages stayed in the page cache after POSIX_FADV_DONTNEED (file "
                 "system %s)", resident, pages, run->fs_type);
    fprintf(stderr, "%s" WHO ": cold page cache unavailable in %s: %s; measuring warm only\n", clear_line,
            hb_shown_name(run->parent), why);
    hb_files_warn(run, "cold page cache unavailable: %s; measured warm only", why);
}

static const hb_files_hooks hooks = { on_progress, on_missing, on_no_threads, on_row_failed, on_no_cold };

static int write_failed(const char *dir, const hb_files_write_error *w)
{
    char want[32], got[32];
    hb_format_size(w->size, want, sizeof want);
    snprintf(got, sizeof got, "%.1f MiB", (double)w->written / (1 << 20));
    if (w->err == ENOSPC || w->err == EDQUOT)
        fprintf(stderr, WHO ": the temporary folder %s is full: writing the %s test file stopped after %s (%s); "
                        "free some space or choose another folder with --dir\n",
                hb_shown_name(dir), want, got, strerror(w->err));
    else if (w->err == EFBIG)
        fprintf(stderr, WHO ": the %s test file cannot be written in %s: %s after %s: the file size limit "
                        "(ulimit -f) is below its size\n", want, hb_shown_name(dir), strerror(w->err), got);
    else
        fprintf(stderr, WHO ": cannot write the %s test file in %s: %s (after %s)\n", want, hb_shown_name(dir),
                strerror(w->err), got);
    return HB_EXIT_FAIL;
}

/* The options, the sizes and algorithms, and the running hashbench into
 * run; the programs found and the rows laid out.  Returns 0, -1 after
 * --help, or an exit status after a message. */
static int files_parse(int argc, char **argv, files_opts *o, hb_files_run *run, size_t *sizes)
{
    const hb_algo *algos[MAX_ALGOS];
    char err[160];
    int n_algos, a, rc;
    ssize_t len;
    if ((rc = parse_opts(argc, argv, o)) != 0)
        return rc;
    if (hb_parse_size_list(o->sizes, sizes, MAX_SIZES, &run->n_sizes, err, sizeof err) != 0)
        return bad("--sizes", err);
    run->sizes = sizes;
    run->repeat = (unsigned)o->repeat;
    run->want_warm = strcmp(o->cache, "cold") != 0;
    run->want_cold = strcmp(o->cache, "warm") != 0;
    if ((n_algos = hb_cli_algos(o->algos, algos, MAX_ALGOS)) < 0)
        return HB_EXIT_USAGE;
    for (a = 0; a < n_algos; a++)
        if (!hb_file_tools_any(algos[a])) {
            snprintf(err, sizeof err, "no system tool hashes %s here (these have one: %s)", algos[a]->id,
                     hb_file_tools_algos());
            return bad("--algorithm", err);
        }
    len = readlink("/proc/self/exe", run->self, sizeof run->self - 1);
    if (len <= 0)
        return bad("/proc/self/exe", "cannot find the running hashbench to time it (is /proc mounted?)");
    run->self[len] = 0;
    o->parent = o->dir ? o->dir : getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    if (!isatty(STDERR_FILENO))
        o->quiet = 1;
    if (!o->quiet)
        clear_line = "\r\033[K";
    run->hooks = &hooks;
    run->stop = &stop_signal;
    rc = hb_files_plan(run, algos, (unsigned)n_algos);
    if (rc == HB_FILES_TOO_MANY_PROGRAMS)
        return bad("internal", "too many programs");
    return rc == 0 ? 0 : bad("memory", "cannot allocate the result table");
}

static const int catch_sigs[] = { SIGINT, SIGTERM, SIGHUP };

/* After the output file's own handlers (outfile.c): ours clean up the
 * folder and end the run; a signal the caller ignores (nohup) stays so.
 * A file size limit (ulimit -f) fails a write with EFBIG, reported and
 * cleaned up: main() ignores SIGXFSZ for every command. */
static void catch_signals(struct sigaction *old)
{
    struct sigaction sa;
    unsigned i;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < 3; i++) {
        sigaction(catch_sigs[i], NULL, &old[i]);
        if (old[i].sa_handler != SIG_IGN)
            sigaction(catch_sigs[i], &sa, NULL);
    }
}

/* Makes the temporary folder into dir, where the largest file must fit.
 * Returns 0, or an exit status after a message (dir "" when none was made). */
static int make_folder(hb_files_run *run, const files_opts *o, char *dir, size_t dir_len)
{
    char want[32];
    double free_bytes;
    size_t largest = 0;
    unsigned i;
    for (i = 0; i < run->n_sizes; i++)
        largest = run->sizes[i] > largest ? run->sizes[i] : largest;
    if (hb_tempdir_create(o->parent, dir, dir_len) != 0) {
        fprintf(stderr, WHO ": cannot make a temporary folder in %s%s: %s\n", hb_shown_name(o->parent),
                o->dir ? "" : getenv("TMPDIR") && *getenv("TMPDIR") ? " ($TMPDIR)" : "", strerror(errno));
        dir[0] = 0;
        return HB_EXIT_USAGE;
    }
    snprintf(run->parent, sizeof run->parent, "%s", o->parent);
    hb_dir_fs_type(dir, run->fs_type, sizeof run->fs_type);
    free_bytes = hb_dir_free_bytes(dir);
    hb_format_size(largest, want, sizeof want);
    if (free_bytes >= 0 && free_bytes < (double)largest + (1 << 20)) {
        fprintf(stderr, WHO ": the temporary folder's file system (%s) has %.1f MiB free; the %s test file "
                        "does not fit: free some space or choose another folder with --dir\n",
                hb_shown_name(o->parent), free_bytes / (1 << 20), want);
        return HB_EXIT_FAIL;
    }
    return 0;
}

/* Measures in a temporary folder, always removed.  Returns 0 or an exit
 * status (a signal: stop_signal says it). */
static int files_run(hb_files_run *run, const files_opts *o)
{
    char dir[PATH_MAX + 64];
    int rc = make_folder(run, o, dir, sizeof dir);
    if (rc == 0) {
        hb_files_begin(run);
        rc = hb_files_measure(run, dir);
        if (*clear_line)
            fprintf(stderr, "\r\033[K");
        rc = rc == HB_FILES_WRITE_FAILED ? write_failed(dir, &run->write_error) : HB_EXIT_OK;
    }
    if (dir[0] && hb_tempdir_remove(dir) != 0)
        fprintf(stderr, WHO ": could not remove the temporary folder %s: %s\n", hb_shown_name(dir),
                strerror(errno));
    if (stop_signal) {
        int sig = stop_signal;
        const char *name = sig == SIGINT ? "SIGINT (Ctrl-C)" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
        fprintf(stderr, "%s" WHO ": stopped by %s: the temporary folder %s is removed; nothing measured is "
                        "reported\n", clear_line, name, hb_shown_name(dir));
        return 128 + sig;
    }
    return rc;
}

/* The table or JSON on standard output, the record to --save.  Returns the exit status. */
static int files_emit(hb_files_run *run, const files_opts *o, hb_outfile *save)
{
    int rc = HB_EXIT_OK;
    hb_files_summarize(run);
    if (!strcmp(o->format, "json"))
        hb_files_json(stdout, run);
    else
        hb_files_table(stdout, run);
    if (save->f) {
        hb_files_json(save->f, run);
        if (hb_outfile_commit(save, WHO) != 0)
            rc = HB_EXIT_FAIL;
    }
    if (run->n_errors) {
        fprintf(stderr, WHO ": %u tool%s failed or disagreed with hashbench's digest (above)\n", run->n_errors,
                run->n_errors == 1 ? "" : "s");
        rc = HB_EXIT_FAIL;
    }
    return rc;
}

int hb_cmd_files(int argc, char **argv)
{
    static hb_files_run run;
    static size_t sizes[MAX_SIZES];
    struct sigaction old[3];
    files_opts o;
    hb_outfile save;
    unsigned i;
    int rc;

    rc = files_parse(argc, argv, &o, &run, sizes);
    if (rc != 0)
        return rc < 0 ? HB_EXIT_OK : rc;
    memset(&save, 0, sizeof save);
    if (o.save && hb_outfile_open(&save, o.save, WHO) != 0)
        return HB_EXIT_USAGE;
    catch_signals(old);
    rc = files_run(&run, &o);
    if (stop_signal) {
        hb_outfile_abort(&save);
        return rc;
    }
    for (i = 0; i < 3; i++)
        sigaction(catch_sigs[i], &old[i], NULL);
    if (rc != HB_EXIT_OK) {
        hb_outfile_abort(&save);
        return rc;
    }
    rc = files_emit(&run, &o, &save);
    hb_files_free(&run);
    return rc;
}
