/* The JSON results record of a console run (console_record.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "hashbench.h"
#include "bench/stats.h"
#include "record/console_record.h"
#include "record/json.h"

#define MAX_PASSES 64
#define MAX_WARN 256

static char *warnings[MAX_WARN];
static unsigned n_warnings;

__attribute__((format(printf, 1, 2))) static void warn(const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    fprintf(stderr, "retro-run: %s\n", buf);
    if (n_warnings < MAX_WARN)
        warnings[n_warnings++] = strdup(buf);
}

/* 1 if the row of algorithm id's implementation name ("sha3-256", "fast":
 * the row sha3_256_fast) is a word of rows, the console's compact rows */
static int in_rows(const char *rows, const char *id, const char *name)
{
    char key[64];
    size_t n, i;
    if (!rows)
        return 0;
    snprintf(key, sizeof key, "%s_%s", id, name);
    for (i = 0; key[i]; i++)
        if (key[i] == '-')
            key[i] = '_';
    n = strlen(key);
    while (*rows) {
        size_t w = strcspn(rows, " ");
        if (w == n && strncmp(rows, key, n) == 0)
            return 1;
        rows += w;
        rows += strspn(rows, " ");
    }
    return 0;
}

/* the implementation's name in the record: the host's name of the row, or
 * "compact" where the console ran the compact form; "@build" after it on a
 * console with several builds */
static const char *impl_name(const rr_platform *pf, const rr_run_info *info, const hb_algo *a,
                             unsigned impl, unsigned build, char *buf, size_t len)
{
    const char *suffix = build < 4 && pf->builds[build] ? pf->builds[build] : "";
    const char *name = a->impls[impl]->name;
    if (in_rows(info->compact_rows, a->id, name))
        name = "compact";
    if (*suffix)
        snprintf(buf, len, "%s@%s", name, suffix);
    else
        snprintf(buf, len, "%s", name);
    return buf;
}

/* the entry of (build, algo, impl, size) in this pass, or NULL */
static const rr_entry *find(const rr_block *b, unsigned build, unsigned algo, unsigned impl,
                            unsigned size, unsigned pass)
{
    size_t i;
    for (i = 0; i < b->n_entries; i++) {
        const rr_entry *e = &b->entries[i];
        if (e->build == build && e->algo == algo && e->impl == impl && e->size_index == size && e->pass == pass)
            return e;
    }
    return NULL;
}

static void write_context(FILE *f, const rr_block *b, const rr_platform *pf, const rr_run_info *info)
{
    char date[32];
    time_t now = time(NULL);
    double tick_ns = 1e9 * b->cycles_per_tick / b->clock_hz;
    unsigned i;
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    fputs("  \"context\": {\n    \"platform\": ", f);
    hb_json_string(f, pf->name);
    fputs(",\n    \"arch\": ", f);
    hb_json_string(f, pf->arch);
    fputs(",\n    \"cpu_model\": ", f);
    hb_json_string(f, pf->cpu_model);
    fputs(",\n    \"compiler\": ", f);
    hb_json_string(f, info->compiler);
    fputs(",\n    \"compiler_flags\": ", f);
    hb_json_string(f, info->compiler_flags);
    fputs(",\n    \"hashbench_version\": ", f);
    hb_json_string(f, HB_VERSION);
    fputs(",\n    \"hashbench_build\": ", f);
    hb_json_string(f, info->build_rev);
    fprintf(f, ",\n    \"date\": \"%s\",\n    \"timer\": {\"name\": ", date);
    hb_json_string(f, pf->timer_name);
    fputs(", \"resolution_ns\": ", f);
    hb_json_count(f, tick_ns);
    fputs(", \"read_cost_ns\": ", f);
    hb_json_count(f, b->overhead_ticks * tick_ns);
    fputs("},\n    \"counter\": {\"name\": ", f);
    hb_json_string(f, pf->timer_name);
    fputs(", \"hz\": ", f);
    hb_json_count(f, (double)b->clock_hz / b->cycles_per_tick);
    fputs(", \"hz_source\": \"the console's nominal clock (the timer counts CPU cycles)\"},\n", f);
    fputs("    \"emulator\": ", f);
    hb_json_string(f, info->emulator);
    fputs(",\n    \"clock_hz\": ", f);
    hb_json_count(f, b->clock_hz);
    /* console facts the schema has no field for (context is open) */
    fputs(",\n    \"console\": {\"results_block_address\": ", f);
    fprintf(f, "\"0x%08llx\"", (unsigned long long)b->address);
    fprintf(f, ", \"timer_overhead_ticks\": %u, \"frames\": %lu, \"passes\": %u, \"builds\": [",
            b->overhead_ticks, info->frames, info->passes);
    for (i = 0; i < b->n_builds && i < 4; i++) {
        if (i)
            fputs(", ", f);
        hb_json_string(f, pf->builds[i] ? pf->builds[i] : "");
    }
    fputc(']', f);
    if (pf->setting_name) {
        fputs(", ", f);
        hb_json_string(f, pf->setting_name);
        fprintf(f, ": \"0x%04x\"", b->setting);
    }
    if (info->build_sha256[0])
        fprintf(f, ", \"build_sha256\": \"%s\"", info->build_sha256);
    if (info->timing_note) {
        fputs(", \"timing_note\": ", f);
        hb_json_string(f, info->timing_note);
    }
    if (info->console_json)
        fprintf(f, ", %s", info->console_json);
    fputs(", \"samples_ns\": \"derived from the cycle counts at clock_hz\"}\n  },\n", f);
}

static void write_settings(FILE *f, const rr_block *b, const rr_run_info *info)
{
    unsigned i;
    fputs("  \"settings\": {\"sizes\": [", f);
    for (i = 0; i < b->n_sizes; i++)
        fprintf(f, "%s%u", i ? ", " : "", b->sizes[i]);
    /* one complete call timed alone, start to finish, per sample */
    fprintf(f, "], \"repeat\": %u, \"mode\": \"latency\", \"aligned\": true, \"impl\": \"all\"},\n",
            info->passes ? info->passes : 1);
}

/* one result: every pass's sample of (build, algo, impl, size) */
static int write_result(FILE *f, const rr_block *b, const rr_platform *pf, const rr_run_info *info,
                        unsigned build, unsigned ai, unsigned impl, unsigned s, unsigned passes, int *first)
{
    const hb_algo *a = hb_algo_at(ai);
    double ns[MAX_PASSES], ticks[MAX_PASSES];
    const rr_entry *e0 = NULL;
    unsigned n = 0, p, i, keep;
    int problems = 0, differ = 0, ticks_differ = 0;
    char iname[64];
    hb_summary sum;
    double size = b->sizes[s], cyc_per_tick = b->cycles_per_tick;

    impl_name(pf, info, a, impl, build, iname, sizeof iname);
    for (p = 1; p <= passes && n < MAX_PASSES; p++) {
        const rr_entry *e = find(b, build, ai, impl, s, p);
        if (!e) {
            warn("pass %u: no entry for %s %s, %u bytes", p, a->id, iname, b->sizes[s]);
            problems++;
            continue;
        }
        if (e->iters == 0) {
            if (p == 1)
                warn("%s %s, %u bytes: does not fit this console's memory: not run", a->id, iname,
                     b->sizes[s]);
            return problems;
        }
        if (!e0)
            e0 = e;
        else if (memcmp(e->digest, e0->digest, b->digest_bytes) != 0 ||
                 (e->ticks != e0->ticks && (strcmp(pf->timing_fidelity, "cycle-exact") == 0 ||
                                            strcmp(pf->timing_fidelity, "cycle-modelled") == 0)))
            differ = 1;
        else if (e->ticks != e0->ticks)
            ticks_differ = 1;   /* approximate timing: the spread shows it; not a fault
                                 * (a cycle-exact or cycle-modelled count must repeat) */
        ticks[n] = e->ticks;
        ns[n] = e->ticks * cyc_per_tick * 1e9 / b->clock_hz / e->iters;
        n++;
    }
    if (n == 0)
        return problems;
    sum = hb_summarize(ns, n);
    fputs(*first ? "\n    {" : ",\n    {", f);
    *first = 0;
    fputs("\"algorithm\": ", f);
    hb_json_string(f, a->id);
    fputs(", \"name\": ", f);
    hb_json_string(f, a->name);
    fputs(", \"tier\": ", f);
    hb_json_string(f, hb_tier_name(a->tier));
    fputs(", \"implementation\": ", f);
    hb_json_string(f, iname);
    fprintf(f, ", \"size\": %u, \"timing_fidelity\": ", b->sizes[s]);
    hb_json_string(f, pf->timing_fidelity);
    fprintf(f, ", \"iterations_per_sample\": %u, \"samples_ns\": [", e0->iters);
    for (i = 0; i < n; i++) {
        fputs(i ? ", " : "", f);
        hb_json_count(f, ns[i]);
    }
    fputs("], \"samples_ticks\": [", f);
    for (i = 0; i < n; i++) {
        fputs(i ? ", " : "", f);
        hb_json_count(f, ticks[i]);
    }
    fputs("], \"median_ns\": ", f);
    hb_json_count(f, sum.median);
    fputs(", \"min_ns\": ", f);
    hb_json_count(f, sum.min);
    fputs(", \"max_ns\": ", f);
    hb_json_count(f, sum.max);
    fputs(", \"spread\": ", f);
    hb_json_count(f, sum.spread);
    fputs(", \"bytes_per_second\": ", f);
    hb_json_count(f, size / (sum.median * 1e-9));
    fputs(", \"cycles_per_byte\": ", f);
    hb_json_count(f, sum.median * 1e-9 * b->clock_hz / size);
    fputs(", \"counter_ticks_per_byte\": ", f);
    hb_json_count(f, sum.median * 1e-9 * b->clock_hz / cyc_per_tick / size);
    fputs(", \"instructions_per_byte\": ", f);
    if (info->ticks_are_instructions)
        hb_json_count(f, sum.median * 1e-9 * b->clock_hz / cyc_per_tick / size);
    else
        fputs("null", f);
    fputs(", \"digest\": \"", f);
    keep = a->digest_size < b->digest_bytes ? a->digest_size : b->digest_bytes;
    for (i = 0; i < keep; i++)
        fprintf(f, "%02x", e0->digest[i]);
    fputs("\", \"warnings\": [", f);
    i = 0;
    if (keep < a->digest_size) {
        fprintf(f, "\"digest truncated to the %u bytes the console's results block keeps\"", keep);
        i++;
    }
    if (ticks_differ) {
        fprintf(f, "%s\"the passes' counts differ (timing %s)\"", i ? ", " : "", pf->timing_fidelity);
        i++;
    }
    if (differ) {
        fprintf(f, "%s\"the passes disagree (cycles or digest)\"", i ? ", " : "");
        warn("%s %s, %u bytes: the passes disagree (cycles or digest)", a->id, iname, b->sizes[s]);
        problems++;
    }
    fputs("]}", f);
    return problems;
}

int rr_results_write(FILE *f, const rr_block *b, const rr_platform *pf, const rr_run_info *info)
{
    unsigned build, ai, impl, s, i, passes = info->passes;
    int problems = 0, first = 1;

    n_warnings = 0;
    if (b->n_algos != hb_algo_count()) {
        warn("the ROM was built with a roster of %u algorithms, this runner knows %u", b->n_algos,
             hb_algo_count());
        problems++;
    }
    if (passes > MAX_PASSES)
        passes = MAX_PASSES;
    /* entries that name nothing the host knows */
    for (i = 0; i < b->n_entries; i++) {
        const rr_entry *e = &b->entries[i];
        if (e->algo >= hb_algo_count() || e->impl >= hb_algo_at(e->algo)->n_impls ||
            e->size_index >= b->n_sizes || e->build >= b->n_builds) {
            warn("entry %u names an algorithm, implementation, size or build that does not exist", i);
            problems++;
        }
    }
    hb_record_open(f);
    write_context(f, b, pf, info);
    write_settings(f, b, info);
    fputs("  \"results\": [", f);
    if (problems == 0)
        for (build = 0; build < b->n_builds; build++)
            for (ai = 0; ai < hb_algo_count(); ai++)
                for (impl = 0; impl < hb_algo_at(ai)->n_impls; impl++)
                    for (s = 0; s < b->n_sizes; s++)
                        problems += write_result(f, b, pf, info, build, ai, impl, s, passes, &first);
    fputs("\n  ],\n  \"warnings\": [", f);
    for (i = 0; i < n_warnings; i++) {
        fputs(i ? ", " : "", f);
        hb_json_string(f, warnings[i]);
        free(warnings[i]);
    }
    fputs("]\n}\n", f);
    return problems;
}

void rr_run_info_init(rr_run_info *info)
{
    memset(info, 0, sizeof *info);
    info->compiler = "unknown";
    info->compiler_flags = "";
    info->build_rev = "unknown";
}

int rr_run_info_option(rr_run_info *info, int argc, char **argv, int *i)
{
    static const char *const names[] = { "--compiler", "--compiler-flags", "--build-rev", "--compact-rows" };
    const char **fields[4];
    unsigned k;
    fields[0] = &info->compiler;
    fields[1] = &info->compiler_flags;
    fields[2] = &info->build_rev;
    fields[3] = &info->compact_rows;
    if (*i + 1 >= argc)
        return 0;
    for (k = 0; k < 4; k++)
        if (strcmp(argv[*i], names[k]) == 0) {
            *fields[k] = argv[++*i];
            return 1;
        }
    return 0;
}

int rr_run_info_build_file(rr_run_info *info, const char *path)
{
    const hb_algo *sha = hb_algo_find("sha256");
    const hb_impl *impl = sha ? hb_impl_find(sha, "portable") : NULL;
    uint8_t digest[32];
    unsigned char *data = NULL;
    size_t len = 0, cap = 0, got;
    unsigned k;
    FILE *f;
    info->build_sha256[0] = '\0';
    if (!impl || !(f = fopen(path, "rb")))
        return -1;
    /* a ROM is at most a few MiB: read it whole */
    for (;;) {
        if (len == cap) {
            unsigned char *more = realloc(data, cap = cap ? 2 * cap : 1 << 20);
            if (!more) {
                free(data);
                fclose(f);
                return -1;
            }
            data = more;
        }
        got = fread(data + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    k = (unsigned)ferror(f);
    fclose(f);
    if (k) {
        free(data);
        return -1;
    }
    hb_hash(impl, data, len, digest);
    free(data);
    for (k = 0; k < 32; k++)
        sprintf(info->build_sha256 + 2 * k, "%02x", digest[k]);
    return 0;
}

int rr_results_write_file(const char *path, const rr_block *b, const rr_platform *pf,
                          const rr_run_info *info, const char *prog)
{
    FILE *f = fopen(path, "w");
    int problems, rc = 0;
    if (!f) {
        perror(path);
        return 1;
    }
    problems = rr_results_write(f, b, pf, info);
    if (fclose(f) != 0) {
        perror(path);
        rc = 1;
    }
    if (problems) {
        fprintf(stderr, "%s: %d problem%s in the results (listed above)\n", prog, problems,
                problems == 1 ? "" : "s");
        rc = 1;
    }
    return rc;
}
