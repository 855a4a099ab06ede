/* The harness of hashbench files (files_run.h): the programs found, the
 * rows laid out, and each size's file written, hashed by every tool run by
 * run in turn with the page cache warm and, where the file's pages can be
 * dropped, cold.  Every run's digest is checked against hashbench's own: a
 * tool that disagrees is an error, not a timing. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench/clock.h"
#include "files/files_proc.h"
#include "files/files_run.h"
#include "files/files_temp.h"
#include "text/hex.h"

void hb_files_warn(hb_files_run *run, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (run->n_warnings < HB_FILES_MAX_WARNINGS) {
        char *copy = malloc(strlen(buf) + 1);
        if (copy) {
            strcpy(copy, buf);
            run->warnings[run->n_warnings++] = copy;
        }
    }
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

/* Finds the programs of algo's tools (each missing one named once) and
 * says whether this hashbench sum takes the thread-count pairs' option.
 * Returns 1 (the pairs are measured), 0 (left out), or an HB_FILES_ code. */
static int find_programs(hb_files_run *run, const hb_algo *algo)
{
    unsigned t, n;
    int threads_ok = 1;
    const hb_file_tool *tools = hb_file_tools(algo, &n);
    for (t = 0; t < n; t++) {
        hb_files_program *p = program_for(run, tools[t].program);
        if (!p)
            return HB_FILES_TOO_MANY_PROGRAMS;
        if (p->found || p->path[0])
            continue;
        if (!tools[t].program) {
            snprintf(p->path, sizeof p->path, "%s", run->self);
            p->found = 1;
        } else if (hb_which(tools[t].program, p->path, sizeof p->path) == 0) {
            p->found = 1;
        } else {
            /* marks it looked up, so that it is named once */
            snprintf(p->path, sizeof p->path, "-");
            run->hooks->missing(run, &tools[t]);
        }
        if (p->found)
            program_version(p, run->self);
    }
    /* a thread-count pair needs this hashbench sum to take --threads */
    for (t = 0; t < n; t++)
        if (tools[t].threads && !tools[t].program && !ours_accepts(&tools[t], run->self)) {
            threads_ok = 0;
            run->hooks->no_threads(run, &tools[t], algo);
        }
    return threads_ok;
}

int hb_files_plan(hb_files_run *run, const hb_algo *const *algos, unsigned n_algos)
{
    unsigned a, s, t, n;
    int threads_ok[HB_FILES_MAX_ALGOS], cold;
    for (a = 0; a < n_algos && a < HB_FILES_MAX_ALGOS; a++)
        if ((threads_ok[a] = find_programs(run, algos[a])) < 0)
            return threads_ok[a];
    for (s = 0; s < run->n_sizes; s++)
        for (a = 0; a < n_algos && a < HB_FILES_MAX_ALGOS; a++) {
            const hb_file_tool *tools = hb_file_tools(algos[a], &n);
            for (cold = 0; cold < 2; cold++) {
                if ((cold && !run->want_cold) || (!cold && !run->want_warm))
                    continue;
                for (t = 0; t < n; t++) {
                    hb_files_program *p = program_for(run, tools[t].program);
                    if (!p->found || (tools[t].threads && !threads_ok[a]))
                        continue;
                    if (add_row(run, algos[a], &tools[t], p, run->sizes[s], cold) != 0)
                        return HB_FILES_NO_MEMORY;
                }
            }
        }
    return 0;
}

void hb_files_begin(hb_files_run *run)
{
    struct timespec res;
    hb_context_collect(&run->ctx, 1);
    hb_context_warn_emulation(&run->ctx, "hashbench files", NULL);
    /* what timed the runs: the wall clock around each process */
    run->ctx.clock.timer = "CLOCK_MONOTONIC";
    run->ctx.clock.counter = NULL;
    run->ctx.pinned_cpu = -1;
    if (clock_getres(CLOCK_MONOTONIC, &res) == 0)
        run->ctx.clock.resolution_ns = (double)res.tv_sec * 1e9 + (double)res.tv_nsec;
    if (run->ctx.loadavg[0] > 0.5 * run->ctx.logical_cpus || run->ctx.loadavg[0] > 1.0)
        hb_files_warn(run, "load average %.2f at start on %d CPUs: other processes competed for the CPU and "
                           "the disk; compare only figures of the same run", run->ctx.loadavg[0],
                      run->ctx.logical_cpus);
}

/* One failed row, told when it happens. */
static void row_failed(hb_files_run *run, hb_files_row *r, const char *fmt, const char *a, const char *b)
{
    char why[600];
    snprintf(why, sizeof why, fmt, a, b);
    run->hooks->row_failed(run, r, why);
    r->failed = 1;
    run->n_errors++;
}

/* One run of row r's tool on file, its digest checked against ref_hex.
 * Returns 0 (r->failed set when it failed), or -1 when a signal stopped it. */
static int run_once(hb_files_run *run, hb_files_row *r, const char *file, const char *ref_hex, unsigned round)
{
    char *argv[HB_TOOL_MAX_ARGS + 3], hex[2 * HB_MAX_DIGEST + 1], how[64];
    hb_proc_result res;
    if (r->cold && round > 0) {
        size_t resident = 0, pages = 0;
        if (hb_cache_drop(file, r->size, &resident, &pages) != 0 || resident > 0)
            r->not_cold++;
    }
    tool_argv(r->tool, r->program, run->self, file, argv);
    if (hb_proc_run(argv, &res, run->stop) != 0) {
        if (*run->stop)
            return -1;
        row_failed(run, r, "cannot run %s: %s", argv[0], strerror(errno));
    } else if (!hb_proc_ok(&res)) {
        char said[128] = "";
        hb_proc_describe(&res, how, sizeof how);
        res.err[strcspn(res.err, "\n")] = 0;
        if (res.err[0])
            snprintf(said, sizeof said, ": %.100s", res.err);
        row_failed(run, r, "%s%s", how, said);
    } else if (hb_tool_digest(res.out, hex) != 0) {
        res.out[strcspn(res.out, "\n")] = 0;
        row_failed(run, r, "printed no digest (\"%.200s\")%s", res.out, "");
    } else if (strcmp(hex, ref_hex) != 0) {
        row_failed(run, r, "printed %s, but hashbench's own digest of the file is %s", hex, ref_hex);
    } else {
        strcpy(r->digest, hex);
        if (round > 0)
            r->samples_ns[r->n++] = res.wall_ns;
    }
    return 0;
}

/* Runs rows[first..last) (one algorithm, size and cache state) round by
 * round: each tool once per round, in turn, so that a change of the
 * machine's speed part-way through touches every tool alike.  Round 0 is
 * a warm-up (never dropped from the cache), not kept.  Returns 0, or -1
 * when a signal stopped it. */
static int measure_group(hb_files_run *run, unsigned first, unsigned last, const char *file, const char *ref_hex)
{
    unsigned round, i;
    for (round = 0; round <= run->repeat; round++)
        for (i = first; i < last; i++) {
            hb_files_row *r = &run->rows[i];
            if (*run->stop)
                return -1;
            if (r->failed)
                continue;
            run->hooks->progress(run, r, round, run->repeat + 1);
            if (run_once(run, r, file, ref_hex, round) != 0)
                return -1;
        }
    return 0;
}

/* Can the file's pages be dropped from the page cache?  Asked of each new
 * file (the hook says each reason once). */
static int cold_available(hb_files_run *run, const char *file, size_t size)
{
    size_t resident, pages;
    int in_memory = !strcmp(run->fs_type, "tmpfs") || !strcmp(run->fs_type, "ramfs");
    if (hb_cache_drop(file, size, &resident, &pages) != 0)
        run->hooks->no_cold(run, HB_FILES_COLD_FAILED, 0, 0, errno);
    else if (resident > 0)
        run->hooks->no_cold(run, in_memory ? HB_FILES_COLD_IN_MEMORY : HB_FILES_COLD_STAYED, resident, pages, 0);
    else {
        run->cold_used = 1;
        return 1;
    }
    return 0;
}

/* Measures the rows from *row of one algorithm and size, group by cache
 * state, moving *row past them.  Returns 0, or -1 when a signal stopped it. */
static int measure_algo(hb_files_run *run, unsigned *row, const hb_algo *algo, size_t size, const char *file,
                        const char *hex, int cold_ok)
{
    unsigned i, last;
    while (*row < run->n_rows && run->rows[*row].size == size && run->rows[*row].algo == algo) {
        int cold = run->rows[*row].cold;
        for (last = *row; last < run->n_rows && run->rows[last].size == size && run->rows[last].algo == algo &&
                          run->rows[last].cold == cold; last++)
            ;
        if (cold && !cold_ok) {
            for (i = *row; i < last; i++)
                run->rows[i].skipped = 1;   /* said by the hook; not an error */
        } else if (measure_group(run, *row, last, file, hex) != 0) {
            return -1;
        }
        *row = last;
    }
    return 0;
}

/* Measures every row of one size on a file written for it, then removes
 * the file.  Returns 0, HB_FILES_STOPPED or HB_FILES_WRITE_FAILED. */
static int measure_size(hb_files_run *run, const char *dir, size_t size, unsigned *row)
{
    const hb_impl *impls[HB_FILES_MAX_ALGOS];
    const hb_algo *algos[HB_FILES_MAX_ALGOS];
    uint8_t digests[HB_FILES_MAX_ALGOS][HB_MAX_DIGEST];
    char file[PATH_MAX + 192], hex[2 * HB_MAX_DIGEST + 1];
    unsigned n = 0, i, a;
    size_t written;
    int cold_ok = 1, rc = 0;
    for (i = *row; i < run->n_rows && run->rows[i].size == size; i++)
        if (n == 0 || algos[n - 1] != run->rows[i].algo) {
            algos[n] = run->rows[i].algo;
            impls[n++] = hb_impl_pick(run->rows[i].algo, HB_NO_SIZE);
        }
    snprintf(file, sizeof file, "%s/data-%zu.bin", dir, size);
    if (hb_testfile_write(file, size, impls, n, digests, run->stop, &written) != 0) {
        int err = errno;
        unlink(file);
        if (*run->stop)
            return HB_FILES_STOPPED;
        run->write_error.size = size;
        run->write_error.written = written;
        run->write_error.err = err;
        return HB_FILES_WRITE_FAILED;
    }
    if (run->want_cold)
        cold_ok = cold_available(run, file, size);
    for (a = 0; a < n && rc == 0; a++) {
        hb_hex(digests[a], algos[a]->digest_size, hex);
        if (measure_algo(run, row, algos[a], size, file, hex, cold_ok) != 0)
            rc = HB_FILES_STOPPED;
    }
    unlink(file);
    return rc;
}

int hb_files_measure(hb_files_run *run, const char *dir)
{
    unsigned i, row = 0;
    int rc = 0;
    for (i = 0; i < run->n_sizes && rc == 0 && !*run->stop; i++)
        rc = measure_size(run, dir, run->sizes[i], &row);
    if (!*run->stop)
        run->ctx.core_hz_end = hb_core_clock_hz(50);
    return rc;
}

/* The ratio is computed from the two figures the table and the JSON show,
 * the medians: hashbench sum's median MB/s over the tool's (the tool's
 * median time over ours), one statistic per comparison.  A median of the
 * runs' ratios beside medians of MB/s could say the opposite of them (3
 * runs of xxh3-64: 1.12 beside 3159 against 3814 MB/s); anyone can redo
 * this one from the rows' own figures. */
void hb_files_summarize(hb_files_run *run)
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

void hb_files_free(hb_files_run *run)
{
    unsigned i;
    for (i = 0; i < run->n_rows; i++)
        free(run->rows[i].samples_ns);
    free(run->rows);
    run->rows = NULL;
    run->n_rows = run->cap_rows = 0;
    for (i = 0; i < run->n_warnings; i++)
        free(run->warnings[i]);
    run->n_warnings = 0;
}
