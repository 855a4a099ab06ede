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
 * the exit status is 128 + the signal (130 for Ctrl-C). */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench/clock.h"
#include "cli/commands.h"
#include "cli/names.h"
#include "cli/files_proc.h"
#include "cli/files_run.h"
#include "cli/files_temp.h"
#include "cli/outfile.h"
#include "cli/units.h"
#include "cli/util.h"

#define MAX_SIZES 16
#define MAX_ALGOS 32
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

/* The program entry for name (NULL: this hashbench), looked up once. */
static hb_files_program *program_for(hb_files_run *run, const char *name)
{
    unsigned i;
    for (i = 0; i < run->n_programs; i++)
        if ((name == NULL) == (run->programs[i].name == NULL) &&
            (name == NULL || strcmp(name, run->programs[i].name) == 0))
            return &run->programs[i];
    if (run->n_programs == HB_FILES_MAX_PROGRAMS)
        return NULL;
    run->programs[run->n_programs].name = name;
    return &run->programs[run->n_programs++];
}

static void program_version(hb_files_program *p, const char *self)
{
    char *argv[3];
    hb_proc_result r;
    static volatile sig_atomic_t never;
    const char *text;
    size_t len;
    argv[0] = p->path;
    argv[1] = (char *)(p->name && strcmp(p->name, "openssl") == 0 ? "version" : "--version");
    argv[2] = NULL;
    if (!p->name)
        argv[0] = (char *)self;
    if (hb_proc_run(argv, &r, &never) != 0)
        return;
    /* xxhsum prints its version on standard error */
    text = r.out[0] ? r.out : r.err;
    while (*text == '\n' || *text == ' ')
        text++;
    len = strcspn(text, "\r\n");
    if (len >= sizeof p->version)
        len = sizeof p->version - 1;
    memcpy(p->version, text, len);
    p->version[len] = 0;
}

/* Builds argv for one run of tool on file: program path, its options, the file. */
static void tool_argv(const hb_file_tool *tool, const hb_files_program *p, const char *self, const char *file,
                      char **argv)
{
    unsigned k = 0, a;
    argv[k++] = (char *)(tool->program ? p->path : self);
    for (a = 0; a < HB_TOOL_MAX_ARGS && tool->args[a]; a++)
        argv[k++] = (char *)tool->args[a];
    argv[k++] = (char *)file;
    argv[k] = NULL;
}

/* Does this hashbench sum take the tool's options (--threads)?  Asked by
 * running it on /dev/null: a build without them exits 2. */
static int ours_accepts(const hb_file_tool *tool, const char *self)
{
    char *argv[HB_TOOL_MAX_ARGS + 3];
    hb_proc_result r;
    static volatile sig_atomic_t never;
    static const hb_files_program none;
    tool_argv(tool, &none, self, "/dev/null", argv);
    return hb_proc_run(argv, &r, &never) == 0 && hb_proc_ok(&r);
}

static int add_row(hb_files_run *run, const hb_algo *algo, const hb_file_tool *tool, hb_files_program *p,
                   size_t size, int cold)
{
    hb_files_row *r;
    if (run->n_rows == run->cap_rows) {
        unsigned cap = run->cap_rows ? 2 * run->cap_rows : 64;
        hb_files_row *grown = realloc(run->rows, cap * sizeof *grown);
        if (!grown)
            return -1;
        run->rows = grown;
        run->cap_rows = cap;
    }
    r = &run->rows[run->n_rows];
    memset(r, 0, sizeof *r);
    r->algo = algo;
    r->tool = tool;
    r->program = p;
    r->size = size;
    r->cold = cold;
    r->ours_row = -1;
    r->samples_ns = calloc(run->repeat, sizeof *r->samples_ns);
    if (!r->samples_ns)
        return -1;
    run->n_rows++;
    return 0;
}

/* Finds every program, names each missing one once, and lays out the rows:
 * by size, algorithm, cache state, then tool (the order they are run in). */
static int plan(hb_files_run *run, const hb_algo **algos, int n_algos, const char *self)
{
    int a;
    unsigned s, t, n;
    int threads_ok[MAX_ALGOS];
    for (a = 0; a < n_algos; a++) {
        const hb_file_tool *tools = hb_file_tools(algos[a], &n);
        for (t = 0; t < n; t++) {
            hb_files_program *p = program_for(run, tools[t].program);
            if (!p)
                return bad("internal", "too many programs");
            if (p->found || p->path[0])
                continue;
            if (!tools[t].program) {
                snprintf(p->path, sizeof p->path, "%s", self);
                p->found = 1;
            } else if (hb_which(tools[t].program, p->path, sizeof p->path) == 0) {
                p->found = 1;
            } else {
                /* marks it looked up, so that it is named once */
                snprintf(p->path, sizeof p->path, "-");
                fprintf(stderr, WHO ": %s: not found on PATH (Debian package %s): not measured\n",
                        tools[t].program, tools[t].package);
                hb_files_warn(run, "%s not found on PATH (Debian package %s): not measured", tools[t].program,
                              tools[t].package);
            }
            if (p->found)
                program_version(p, self);
        }
        /* a thread-count pair needs this hashbench sum to take --threads */
        threads_ok[a] = 1;
        for (t = 0; t < n; t++)
            if (tools[t].threads && !tools[t].program && !ours_accepts(&tools[t], self)) {
                threads_ok[a] = 0;
                fprintf(stderr, WHO ": note: this hashbench sum takes no %s: the %d-thread pair of %s is left out\n",
                        tools[t].args[1], tools[t].threads, algos[a]->id);
            }
    }
    for (s = 0; s < run->n_sizes; s++)
        for (a = 0; a < n_algos; a++) {
            const hb_file_tool *tools = hb_file_tools(algos[a], &n);
            int cold;
            for (cold = 0; cold < 2; cold++) {
                if ((cold && !run->want_cold) || (!cold && !run->want_warm))
                    continue;
                for (t = 0; t < n; t++) {
                    hb_files_program *p = program_for(run, tools[t].program);
                    if (!p->found || (tools[t].threads && !threads_ok[a]))
                        continue;
                    if (add_row(run, algos[a], &tools[t], p, run->sizes[s], cold) != 0)
                        return bad("memory", "cannot allocate the result table");
                }
            }
        }
    return 0;
}

static void progress(const files_opts *o, const hb_files_row *r, unsigned round, unsigned rounds)
{
    char size[32];
    if (o->quiet)
        return;
    if (!r) {
        fprintf(stderr, "\r\033[K");
        return;
    }
    hb_format_size(r->size, size, sizeof size);
    fprintf(stderr, "\r\033[K%s %s %s: run %u of %u", r->algo->id, size, r->cold ? "cold" : "warm", round + 1,
            rounds);
}

/* One error line per failed row, said when it happens. */
static void row_failed(hb_files_run *run, hb_files_row *r, const char *fmt, const char *a, const char *b)
{
    char size[32], why[600];
    hb_format_size(r->size, size, sizeof size);
    snprintf(why, sizeof why, fmt, a, b);
    fprintf(stderr, "%s" WHO ": error: %s on the %s file (%s): %s: its times are left out\n",
            clear_line, r->tool->label, size, r->algo->id, why);
    hb_files_warn(run, "error: %s on the %s file (%s): %s: its times are left out", r->tool->label, size,
                  r->algo->id, why);
    r->failed = 1;
    run->n_errors++;
}

/* Runs rows[first..last) (one algorithm, size and cache state) round by
 * round: each tool once per round, in turn, so that a change of the
 * machine's speed part-way through touches every tool alike.  Round 0 is
 * a warm-up (never dropped from the cache), not kept.  Returns 0, or -1
 * when a signal stopped it. */
static int measure_group(hb_files_run *run, const files_opts *o, unsigned first, unsigned last, const char *self,
                         const char *file, const char *ref_hex)
{
    unsigned round, i;
    for (round = 0; round <= run->repeat; round++)
        for (i = first; i < last; i++) {
            hb_files_row *r = &run->rows[i];
            char *argv[HB_TOOL_MAX_ARGS + 3], hex[2 * HB_MAX_DIGEST + 1], how[64];
            hb_proc_result res;
            if (stop_signal)
                return -1;
            if (r->failed)
                continue;
            progress(o, r, round, run->repeat + 1);
            if (r->cold && round > 0) {
                size_t resident = 0, pages = 0;
                if (hb_cache_drop(file, r->size, &resident, &pages) != 0 || resident > 0)
                    r->not_cold++;
            }
            tool_argv(r->tool, r->program, self, file, argv);
            if (hb_proc_run(argv, &res, &stop_signal) != 0) {
                if (stop_signal)
                    return -1;
                row_failed(run, r, "cannot run %s: %s", argv[0], strerror(errno));
                continue;
            }
            if (!hb_proc_ok(&res)) {
                char said[128] = "";
                hb_proc_describe(&res, how, sizeof how);
                res.err[strcspn(res.err, "\n")] = 0;
                if (res.err[0])
                    snprintf(said, sizeof said, ": %.100s", res.err);
                row_failed(run, r, "%s%s", how, said);
                continue;
            }
            if (hb_tool_digest(res.out, hex) != 0) {
                res.out[strcspn(res.out, "\n")] = 0;
                row_failed(run, r, "printed no digest (\"%.200s\")%s", res.out, "");
                continue;
            }
            if (strcmp(hex, ref_hex) != 0) {
                row_failed(run, r, "printed %s, but hashbench's own digest of the file is %s", hex, ref_hex);
                continue;
            }
            strcpy(r->digest, hex);
            if (round > 0)
                r->samples_ns[r->n++] = res.wall_ns;
        }
    return 0;
}

/* Pairs each tool with the hashbench sum row of its group and thread count.
 * The ratio is computed from the two figures the table and the JSON show,
 * the medians: hashbench sum's median MB/s over the tool's (the tool's
 * median time over ours), one statistic per comparison.  A median of the
 * runs' ratios beside medians of MB/s could say the opposite of them (3
 * runs of xxh3-64: 1.12 beside 3159 against 3814 MB/s); anyone can redo
 * this one from the rows' own figures. */
static void summarize(hb_files_run *run)
{
    unsigned i, j;
    for (i = 0; i < run->n_rows; i++) {
        hb_files_row *r = &run->rows[i];
        if (!r->failed && r->n > 0)
            r->ns = hb_summarize(r->samples_ns, r->n);
    }
    for (i = 0; i < run->n_rows; i++) {
        hb_files_row *r = &run->rows[i];
        if (r->failed || r->n == 0 || !r->tool->program)
            continue;
        for (j = 0; j < run->n_rows; j++) {
            const hb_files_row *u = &run->rows[j];
            if (!u->tool->program && !u->failed && u->n == r->n && u->algo == r->algo && u->size == r->size &&
                u->cold == r->cold && u->tool->threads == r->tool->threads) {
                r->ours_row = (int)j;
                r->ratio = u->ns.median > 0 && r->ns.median > 0 ? r->ns.median / u->ns.median : 0;
                break;
            }
        }
    }
}

static int write_failed(const char *dir, size_t size, size_t written, int err)
{
    char want[32], got[32];
    hb_format_size(size, want, sizeof want);
    snprintf(got, sizeof got, "%.1f MiB", (double)written / (1 << 20));
    if (err == ENOSPC || err == EDQUOT)
        fprintf(stderr, WHO ": the temporary folder %s is full: writing the %s test file stopped after %s (%s); "
                        "free some space or choose another folder with --dir\n",
                hb_shown_name(dir), want, got, strerror(err));
    else if (err == EFBIG)
        fprintf(stderr, WHO ": the %s test file cannot be written in %s: %s after %s: the file size limit "
                        "(ulimit -f) is below its size\n", want, hb_shown_name(dir), strerror(err), got);
    else
        fprintf(stderr, WHO ": cannot write the %s test file in %s: %s (after %s)\n", want, hb_shown_name(dir),
                strerror(err), got);
    return HB_EXIT_FAIL;
}

/* Can the file's pages be dropped from the page cache?  Checked on each
 * new file, said once per reason (a tmpfs folder says it for every size). */
static int cold_available(hb_files_run *run, const char *file, size_t size)
{
    static int said;
    size_t resident, pages;
    char why[300];
    int kind;
    int in_memory = !strcmp(run->fs_type, "tmpfs") || !strcmp(run->fs_type, "ramfs");
    if (hb_cache_drop(file, size, &resident, &pages) != 0) {
        kind = 1;
        snprintf(why, sizeof why, "posix_fadvise or mincore failed: %s", strerror(errno));
    } else if (resident > 0 && in_memory) {
        kind = 2;
        snprintf(why, sizeof why, "the folder is on %s, which keeps files in memory only (%zu of %zu pages stayed "
                 "after POSIX_FADV_DONTNEED): choose a folder on a disk with --dir", run->fs_type, resident, pages);
    } else if (resident > 0) {
        kind = 3;
        snprintf(why, sizeof why, "%zu of %zu pages stayed in the page cache after POSIX_FADV_DONTNEED (file "
                 "system %s)", resident, pages, run->fs_type);
    } else {
        run->cold_used = 1;
        return 1;
    }
    if (!(said & (1 << kind))) {
        said |= 1 << kind;
        fprintf(stderr, "%s" WHO ": cold page cache unavailable in %s: %s; measuring warm only\n", clear_line,
                hb_shown_name(run->parent), why);
        hb_files_warn(run, "cold page cache unavailable: %s; measured warm only", why);
    }
    return 0;
}

/* Measures every row of one size on a file written for it, then removes
 * the file.  Returns 0, an exit status, or -1 when a signal stopped it. */
static int measure_size(hb_files_run *run, const files_opts *o, const char *dir, const char *self, size_t size,
                        unsigned *row)
{
    const hb_impl *impls[MAX_ALGOS];
    const hb_algo *algos[MAX_ALGOS];
    uint8_t digests[MAX_ALGOS][HB_MAX_DIGEST];
    char file[PATH_MAX + 192], hex[2 * HB_MAX_DIGEST + 1];
    unsigned n = 0, i, a;
    size_t written;
    int cold_ok = 1;
    for (i = *row; i < run->n_rows && run->rows[i].size == size; i++)
        if (n == 0 || algos[n - 1] != run->rows[i].algo) {
            algos[n] = run->rows[i].algo;
            impls[n++] = hb_impl_pick(run->rows[i].algo, HB_NO_SIZE);
        }
    snprintf(file, sizeof file, "%s/data-%zu.bin", dir, size);
    if (hb_testfile_write(file, size, impls, n, digests, &stop_signal, &written) != 0) {
        int err = errno;
        unlink(file);
        if (stop_signal)
            return -1;
        return write_failed(dir, size, written, err);
    }
    if (run->want_cold)
        cold_ok = cold_available(run, file, size);
    for (a = 0; a < n; a++) {
        unsigned last;
        hb_hex(digests[a], algos[a]->digest_size, hex);
        while (*row < run->n_rows && run->rows[*row].size == size && run->rows[*row].algo == algos[a]) {
            int cold = run->rows[*row].cold;
            for (last = *row; last < run->n_rows && run->rows[last].size == size &&
                              run->rows[last].algo == algos[a] && run->rows[last].cold == cold; last++)
                ;
            if (cold && !cold_ok) {
                for (i = *row; i < last; i++)
                    run->rows[i].skipped = 1;   /* said above; not an error */
            } else if (measure_group(run, o, *row, last, self, file, hex) != 0) {
                unlink(file);
                return -1;
            }
            *row = last;
        }
    }
    unlink(file);
    return 0;
}

int hb_cmd_files(int argc, char **argv)
{
    static hb_files_run run;
    static size_t sizes[MAX_SIZES];
    static const int catch_sigs[] = { SIGINT, SIGTERM, SIGHUP };
    struct sigaction old[3], sa;
    const hb_algo *algos[MAX_ALGOS];
    char self[PATH_MAX], dir[PATH_MAX + 64], err[160];
    const char *parent;
    files_opts o;
    hb_outfile save;
    unsigned i, row = 0;
    int n_algos, rc, a;
    ssize_t len;
    double free_bytes;
    size_t largest = 0;

    rc = parse_opts(argc, argv, &o);
    if (rc != 0)
        return rc < 0 ? HB_EXIT_OK : rc;
    if (hb_parse_size_list(o.sizes, sizes, MAX_SIZES, &run.n_sizes, err, sizeof err) != 0)
        return bad("--sizes", err);
    run.sizes = sizes;
    run.repeat = (unsigned)o.repeat;
    run.want_warm = strcmp(o.cache, "cold") != 0;
    run.want_cold = strcmp(o.cache, "warm") != 0;
    n_algos = hb_cli_algos(o.algos, algos, MAX_ALGOS);
    if (n_algos < 0)
        return HB_EXIT_USAGE;
    for (a = 0; a < n_algos; a++)
        if (!hb_file_tools_any(algos[a])) {
            snprintf(err, sizeof err, "no system tool hashes %s here (these have one: %s)", algos[a]->id,
                     hb_file_tools_algos());
            return bad("--algorithm", err);
        }
    len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
        return bad("/proc/self/exe", "cannot find the running hashbench to time it (is /proc mounted?)");
    self[len] = 0;
    parent = o.dir ? o.dir : getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    if (!isatty(STDERR_FILENO))
        o.quiet = 1;
    if (!o.quiet)
        clear_line = "\r\033[K";
    if ((rc = plan(&run, algos, n_algos, self)) != 0)
        return rc;
    for (i = 0; i < run.n_sizes; i++)
        largest = sizes[i] > largest ? sizes[i] : largest;

    memset(&save, 0, sizeof save);
    if (o.save && hb_outfile_open(&save, o.save, WHO) != 0)
        return HB_EXIT_USAGE;
    /* after the output file's own handlers (outfile.c): ours clean up the
     * folder and end the run; a signal the caller ignores (nohup) stays so */
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < 3; i++) {
        sigaction(catch_sigs[i], NULL, &old[i]);
        if (old[i].sa_handler != SIG_IGN)
            sigaction(catch_sigs[i], &sa, NULL);
    }
    /* a file size limit (ulimit -f) fails a write with EFBIG, reported and
     * cleaned up: main() ignores SIGXFSZ for every command */

    rc = HB_EXIT_OK;
    if (hb_tempdir_create(parent, dir, sizeof dir) != 0) {
        fprintf(stderr, WHO ": cannot make a temporary folder in %s%s: %s\n", hb_shown_name(parent),
                o.dir ? "" : getenv("TMPDIR") && *getenv("TMPDIR") ? " ($TMPDIR)" : "", strerror(errno));
        rc = HB_EXIT_USAGE;
        dir[0] = 0;
    }
    if (rc == HB_EXIT_OK) {
        char want[32];
        snprintf(run.parent, sizeof run.parent, "%s", parent);
        hb_dir_fs_type(dir, run.fs_type, sizeof run.fs_type);
        free_bytes = hb_dir_free_bytes(dir);
        hb_format_size(largest, want, sizeof want);
        if (free_bytes >= 0 && free_bytes < (double)largest + (1 << 20)) {
            fprintf(stderr, WHO ": the temporary folder's file system (%s) has %.1f MiB free; the %s test file "
                            "does not fit: free some space or choose another folder with --dir\n",
                    hb_shown_name(parent), free_bytes / (1 << 20), want);
            rc = HB_EXIT_FAIL;
        }
    }
    if (rc == HB_EXIT_OK) {
        hb_context_collect(&run.ctx, 1);
        hb_context_warn_emulation(&run.ctx, "hashbench files", NULL);
        /* what timed the runs: the wall clock around each process */
        run.ctx.clock.timer = "CLOCK_MONOTONIC";
        run.ctx.clock.counter = NULL;
        run.ctx.pinned_cpu = -1;
        {
            struct timespec res;
            if (clock_getres(CLOCK_MONOTONIC, &res) == 0)
                run.ctx.clock.resolution_ns = (double)res.tv_sec * 1e9 + (double)res.tv_nsec;
        }
        if (run.ctx.loadavg[0] > 0.5 * run.ctx.logical_cpus || run.ctx.loadavg[0] > 1.0)
            hb_files_warn(&run, "load average %.2f at start on %d CPUs: other processes competed for the CPU and "
                                "the disk; compare only figures of the same run", run.ctx.loadavg[0],
                          run.ctx.logical_cpus);
        for (i = 0; i < run.n_sizes && rc == HB_EXIT_OK && !stop_signal; i++) {
            int r = measure_size(&run, &o, dir, self, sizes[i], &row);
            if (r != 0)
                rc = r < 0 ? -1 : r;
        }
        progress(&o, NULL, 0, 0);
        if (!stop_signal)
            run.ctx.core_hz_end = hb_core_clock_hz(50);
    }
    if (dir[0] && hb_tempdir_remove(dir) != 0)
        fprintf(stderr, WHO ": could not remove the temporary folder %s: %s\n", hb_shown_name(dir),
                strerror(errno));

    if (stop_signal) {
        int sig = stop_signal;
        const char *name = sig == SIGINT ? "SIGINT (Ctrl-C)" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
        fprintf(stderr, "%s" WHO ": stopped by %s: the temporary folder %s is removed; nothing measured is "
                        "reported\n", clear_line, name, hb_shown_name(dir));
        hb_outfile_abort(&save);
        return 128 + sig;
    }
    for (i = 0; i < 3; i++)
        sigaction(catch_sigs[i], &old[i], NULL);
    if (rc != HB_EXIT_OK) {
        hb_outfile_abort(&save);
        return rc;
    }

    summarize(&run);
    if (!strcmp(o.format, "json"))
        hb_files_json(stdout, &run);
    else
        hb_files_table(stdout, &run);
    if (save.f) {
        hb_files_json(save.f, &run);
        if (hb_outfile_commit(&save, WHO) != 0)
            rc = HB_EXIT_FAIL;
    }
    if (run.n_errors) {
        fprintf(stderr, WHO ": %u tool%s failed or disagreed with hashbench's digest (above)\n", run.n_errors,
                run.n_errors == 1 ? "" : "s");
        rc = HB_EXIT_FAIL;
    }
    for (i = 0; i < run.n_rows; i++)
        free(run.rows[i].samples_ns);
    free(run.rows);
    for (i = 0; i < run.n_warnings; i++)
        free(run.warnings[i]);
    return rc;
}
