/* The Rust peers: finding the program, planning its cells, running it and
 * merging its records (see rust_peers.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "cli/json_read.h"
#include "cli/rust_peers.h"

#define MAX_RUST_IMPLS 96
#define PROGRAM "hashbench-rust-peers"

typedef struct rust_impl {
    const hb_algo *algo;
    hb_impl impl;
    char name[48];
} rust_impl;

static rust_impl rust_impls[MAX_RUST_IMPLS];
static unsigned n_rust_impls;
static char program[4096];

/* The placeholders are measured by the other program, never called here. */
static void never_init(void *c)
{
    (void)c;
    fprintf(stderr, "hashbench: internal error: a Rust peer's placeholder was called\n");
    abort();
}
static void never_update(void *c, const uint8_t *p, size_t n) { (void)p, (void)n, never_init(c); }
static void never_final(void *c, uint8_t *d) { (void)d, never_init(c); }

int hb_rust_peers_wanted(const char *spec)
{
    const char *p = spec;
    while (*p) {
        size_t len = strcspn(p, ",");
        if (len == 5 && strncmp(p, "peers", 5) == 0)
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

int hb_impl_is_rust_peer(const hb_impl *impl)
{
    return impl->init == never_init;
}

unsigned hb_rust_peers_for(const hb_algo *algo, const hb_impl **out, unsigned max)
{
    unsigned i, n = 0;
    for (i = 0; i < n_rust_impls && n < max; i++)
        if (rust_impls[i].algo == algo)
            out[n++] = &rust_impls[i].impl;
    return n;
}

/* Runs the program with args (argv[0] is filled in); its standard output,
 * NUL-terminated and malloc'd, or NULL with why.  *status: its exit status. */
static char *run_program(char **argv, int *status, char *why, size_t why_len)
{
    int fd[2], st = 0;
    pid_t pid;
    char *out = NULL;
    size_t n = 0, cap = 0;
    argv[0] = program;
    fflush(NULL);
    if (pipe(fd) != 0 || (pid = fork()) < 0) {
        snprintf(why, why_len, "cannot start %.200s: %s", program, strerror(errno));
        return NULL;
    }
    if (pid == 0) {
        dup2(fd[1], STDOUT_FILENO);
        close(fd[0]);
        close(fd[1]);
        execv(program, argv);
        fprintf(stderr, "hashbench: cannot run %s: %s\n", program, strerror(errno));
        _exit(127);
    }
    close(fd[1]);
    for (;;) {
        ssize_t got;
        if (cap - n < 65536) {
            char *bigger = realloc(out, cap + (1 << 20));
            if (!bigger)
                break;
            out = bigger;
            cap += 1 << 20;
        }
        got = read(fd[0], out + n, cap - n - 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        n += (size_t)got;
    }
    close(fd[0]);
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    if (!out) {
        snprintf(why, why_len, "out of memory reading %.200s", program);
        return NULL;
    }
    out[n] = 0;
    return out;
}

static int find_program(const char **note)
{
    const char *env = getenv("HB_RUST_PEERS");
    ssize_t len;
    if (env) {
        if (!*env || strcmp(env, "none") == 0)
            return 0;
        snprintf(program, sizeof program, "%s", env);
        if (access(program, X_OK) != 0) {
            *note = "HB_RUST_PEERS names no executable program: the Rust peers are not measured";
            return 0;
        }
        return 1;
    }
    len = readlink("/proc/self/exe", program, sizeof program - sizeof PROGRAM - 1);
    if (len <= 0)
        return 0;
    program[len] = 0;
    strcpy(strrchr(program, '/') ? strrchr(program, '/') + 1 : program, PROGRAM);
    if (access(program, X_OK) != 0) {
        *note = "the Rust peers are not built (make peers): measuring the C libraries only";
        return 0;
    }
    return 1;
}

int hb_rust_peers_load(const char **note)
{
    static char why[300];
    char *argv[] = { 0, "--list", 0 }, *text, *line;
    int status;
    *note = NULL;
    n_rust_impls = 0;
    if (!find_program(note))
        return 0;
    text = run_program(argv, &status, why, sizeof why);
    if (!text || status != 0) {
        if (text)
            snprintf(why, sizeof why, "%.200s --list failed (status %d): the Rust peers are not measured", program,
                     status);
        *note = why;
        free(text);
        return 0;
    }
    /* one "algorithm<TAB>implementation" a line; algorithms this build
     * lacks are passed over */
    for (line = strtok(text, "\n"); line && n_rust_impls < MAX_RUST_IMPLS; line = strtok(NULL, "\n")) {
        char *tab = strchr(line, '\t');
        const hb_algo *algo;
        rust_impl *r = &rust_impls[n_rust_impls];
        if (!tab || strlen(tab + 1) >= sizeof r->name || strncmp(tab + 1, "rust-", 5) != 0)
            continue;
        *tab = 0;
        if (!(algo = hb_algo_find(line)))
            continue;
        memset(r, 0, sizeof *r);
        strcpy(r->name, tab + 1);
        r->algo = algo;
        r->impl.name = r->name;
        r->impl.init = never_init;
        r->impl.update = never_update;
        r->impl.final = never_final;
        n_rust_impls++;
    }
    free(text);
    return n_rust_impls > 0;
}

static int unhex(const char *hex, uint8_t *out, unsigned len)
{
    unsigned i;
    if (strlen(hex) != 2 * (size_t)len)
        return -1;
    for (i = 0; i < len; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

static double number_of(const hb_json *r, const char *key)
{
    const hb_json *v = hb_json_get(r, key);
    return v && v->kind == HB_JSON_NUMBER ? v->number : -1;
}

static const char *string_of(const hb_json *r, const char *key)
{
    const hb_json *v = hb_json_get(r, key);
    return v && v->kind == HB_JSON_STRING ? v->string : "";
}

/* The placeholder cell a record fills, or NULL. */
static hb_cell *placeholder(hb_run *run, const hb_json *r)
{
    unsigned i;
    double size = number_of(r, "size");
    for (i = 0; i < run->n_cells; i++) {
        hb_cell *c = &run->cells[i];
        if (hb_impl_is_rust_peer(c->impl) && !c->samples_ns && (double)c->size == size &&
            strcmp(c->algo->id, string_of(r, "algorithm")) == 0 && strcmp(c->impl->name, string_of(r, "implementation")) == 0)
            return c;
    }
    return NULL;
}

/* Fills c from its record, with hashbench's own statistics over the raw
 * samples.  0, or -1 with why when the record is not usable. */
static int fill_cell(hb_cell *c, const hb_json *r, const hb_bench_settings *s, char *why, size_t why_len)
{
    const hb_json *samples = hb_json_get(r, "samples_ns"), *peer = hb_json_get(r, "peer");
    double iters = number_of(r, "iterations_per_sample"), *per_call;
    uint8_t expect[HB_MAX_DIGEST];
    uint8_t *msg;
    size_t k;
    if (!peer || peer->kind != HB_JSON_BOOL || !peer->number || strcmp(string_of(r, "timing_fidelity"), "measured"))
        return snprintf(why, why_len, "not a measured peer record"), -1;
    if (!samples || samples->kind != HB_JSON_ARRAY || samples->n != s->repeat)
        return snprintf(why, why_len, "%s samples where %u were asked", samples ? "other" : "no", s->repeat), -1;
    if (!(iters >= 1 && iters <= 1e15 && iters == (double)(unsigned long long)iters))
        return snprintf(why, why_len, "iterations_per_sample is not a whole number from 1 to 1e15"), -1;
    for (k = 0; k < samples->n; k++)
        if (samples->items[k].kind != HB_JSON_NUMBER || !(samples->items[k].number > 0 && samples->items[k].number < 1e18))
            return snprintf(why, why_len, "a sample is not a duration"), -1;
    if (unhex(string_of(r, "digest"), c->digest, c->algo->digest_size) != 0)
        return snprintf(why, why_len, "its digest is not %u bytes of hex", c->algo->digest_size), -1;
    /* the crate must agree with hashbench on this very workload */
    if (!(msg = hb_message_new(c->size, 0)))
        return snprintf(why, why_len, "out of memory"), -1;
    hb_hash(hb_impl_best(c->algo), msg, c->size, expect);
    hb_message_free(msg, 0);
    if (memcmp(expect, c->digest, c->algo->digest_size) != 0)
        return snprintf(why, why_len, "its digest of the canonical workload differs from hashbench's"), -1;
    c->iters = (unsigned long long)iters;
    c->n_samples = (unsigned)samples->n;
    c->samples_ns = malloc(samples->n * sizeof *c->samples_ns);
    per_call = malloc(samples->n * sizeof *per_call);
    if (!c->samples_ns || !per_call) {
        free(per_call);
        return snprintf(why, why_len, "out of memory"), -1;
    }
    for (k = 0; k < samples->n; k++) {
        c->samples_ns[k] = samples->items[k].number;
        per_call[k] = c->samples_ns[k] / (double)c->iters;
    }
    c->ns_per_call = hb_summarize(per_call, samples->n);
    free(per_call);
    c->bytes_per_s = c->ns_per_call.median > 0 ? (double)c->size / (c->ns_per_call.median * 1e-9) : 0;
    if (c->ns_per_call.spread > 0.05)
        c->warnings |= HB_WARN_SPREAD;
    return 0;
}

/* The program's record: fill the placeholders, keep its context.  Returns
 * how many placeholders were refused (each with a warning), all of them
 * when the record has no results. */
static unsigned merge(hb_run *run, const hb_json *doc, unsigned wanted)
{
    const hb_json *results = hb_json_get(doc, "results"), *warnings = hb_json_get(doc, "warnings");
    const hb_json *ctx = hb_json_get(doc, "context");
    size_t i;
    unsigned refused = 0;
    if (!results || results->kind != HB_JSON_ARRAY) {
        hb_run_warn(run, "Rust peers not measured: %s wrote no results", program);
        return wanted;
    }
    if (ctx) {
        const hb_json *crates = hb_json_get(ctx, "rust_crates");
        char list[1024] = "";
        for (i = 0; crates && crates->kind == HB_JSON_OBJECT && i < crates->n; i++)
            if (crates->items[i].kind == HB_JSON_STRING)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s %s", i ? ", " : "",
                         crates->keys[i], crates->items[i].string);
        snprintf(run->rust.compiler, sizeof run->rust.compiler, "%s", string_of(ctx, "compiler"));
        snprintf(run->rust.flags, sizeof run->rust.flags, "%s", string_of(ctx, "compiler_flags"));
        snprintf(run->rust.crates, sizeof run->rust.crates, "%s", list);
        run->rust.overhead_ns = number_of(ctx, "call_overhead_ns");
    }
    snprintf(run->rust.program, sizeof run->rust.program, "%s", program);
    for (i = 0; warnings && warnings->kind == HB_JSON_ARRAY && i < warnings->n; i++)
        if (warnings->items[i].kind == HB_JSON_STRING && strstr(warnings->items[i].string, "left out"))
            hb_run_warn(run, "Rust peers: %s", warnings->items[i].string);
    for (i = 0; i < results->n; i++) {
        const hb_json *r = &results->items[i];
        hb_cell *c = placeholder(run, r);
        char why[200];
        if (!c)
            continue;
        if (fill_cell(c, r, &run->settings, why, sizeof why) != 0) {
            free(c->samples_ns);
            c->samples_ns = NULL;
            hb_run_warn(run, "Rust peers: %s/%s at %zu bytes left out: %s", c->algo->id, c->impl->name, c->size, why);
            refused++;
        }
    }
    return refused;
}

/* Removes the placeholders nothing filled, keeping the order; says so
 * for those no warning has explained yet. */
static void drop_unfilled(hb_run *run, unsigned explained)
{
    unsigned i, n = 0, dropped = 0;
    for (i = 0; i < run->n_cells; i++) {
        if (hb_impl_is_rust_peer(run->cells[i].impl) && !run->cells[i].samples_ns) {
            dropped++;
            continue;
        }
        run->cells[n++] = run->cells[i];
    }
    run->n_cells = n;
    if (dropped > explained)
        hb_run_warn(run, "Rust peers: %u of their cells had no record from %s: left out", dropped - explained,
                    program);
}

/* Placeholders refused with a warning so far; set when the program failed
 * outright (not started, no valid JSON), after which it is not run again. */
static unsigned explained;
static int broken;

void hb_rust_peers_measure_group(hb_run *run, unsigned first, unsigned n)
{
    char size[32], budget[32], repeat[32], why[300];
    char *argv[16], *text;
    const hb_cell *group = &run->cells[first];
    hb_json *doc;
    unsigned i, argc = 1, wanted = 0;
    int status;
    for (i = 0; i < n; i++)
        wanted += hb_impl_is_rust_peer(group[i].impl);
    if (!wanted)
        return;
    if (broken) {
        explained += wanted;
        return;
    }
    snprintf(size, sizeof size, "%zu", group->size);
    snprintf(budget, sizeof budget, "%.17g", run->settings.budget_ms);
    snprintf(repeat, sizeof repeat, "%u", run->settings.repeat);
    argv[argc++] = "-a";
    argv[argc++] = (char *)group->algo->id;
    argv[argc++] = "-s";
    argv[argc++] = size;
    argv[argc++] = "--budget";
    argv[argc++] = budget;
    argv[argc++] = "--repeat";
    argv[argc++] = repeat;
    if (run->settings.latency)
        argv[argc++] = "--latency";
    if (run->settings.unaligned)
        argv[argc++] = "--unaligned";
    argv[argc] = NULL;
    text = run_program(argv, &status, why, sizeof why);
    if (!text) {
        hb_run_warn(run, "Rust peers not measured: %s", why);
        broken = 1;
        explained += wanted;
    } else if (!(doc = hb_json_parse(text, why, sizeof why))) {
        hb_run_warn(run, "Rust peers not measured: %s (exit status %d) wrote no valid JSON: %s", program, status, why);
        broken = 1;
        explained += wanted;
    } else {
        if (status != 0)
            hb_run_warn(run, "Rust peers: %s exited with status %d (its messages are above)", program, status);
        explained += merge(run, doc, wanted);
        hb_json_free(doc);
    }
    free(text);
}

void hb_rust_peers_finish(hb_run *run)
{
    drop_unfilled(run, explained);
    explained = 0;
    broken = 0;
}
