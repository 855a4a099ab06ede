/* JSON results: the record every platform shares (schema:
 * docs/schema/results.schema.json).  Raw samples are kept, as hyperfine
 * does, so that anyone can redo the statistics. */
#include "cli/as_cpu.h"
#include "cli/bench_run.h"
#include "cli/profile_use.h"
#include "cli/report_threads.h"
#include "cli/util.h"
#include "impl_rows.h"

static void key_str(FILE *f, const char *indent, const char *key, const char *val, int comma)
{
    fprintf(f, "%s\"%s\": ", indent, key);
    hb_json_string(f, val);
    fprintf(f, "%s\n", comma ? "," : "");
}

/* The CPU as hashbench sees it: its features, whether an emulator runs
 * it, the tuning and the picks in force. */
static void context_cpu(FILE *f, const hb_run *run)
{
    const hb_context *x = &run->ctx;
    key_str(f, "    ", "platform", "host", 1);
    key_str(f, "    ", "arch", x->arch, 1);
    key_str(f, "    ", "cpu_model", x->cpu_model, 1);
    key_str(f, "    ", "cpu_flags", x->cpu_flags, 1);
    if (x->cpu_core[0])
        key_str(f, "    ", "cpu_core", x->cpu_core, 1);
    key_str(f, "    ", "cpu_dispatch", x->cpu_dispatch, 1);
    /* the times are an emulator's (src/arch/cpu_view.h): never a CPU's figures */
    fprintf(f, "    \"emulation\": ");
    if (x->emulation[0])
        hb_json_string(f, x->emulation);
    else
        fprintf(f, "null");
    fprintf(f, ",\n");
    key_str(f, "    ", "cpu_tuning", hb_arch_tuning_name(), 1);
    fprintf(f, "    \"profile\": ");     /* the picks `best` followed (docs/tune.md) */
    hb_cli_profile_json(f);
    fprintf(f, ",\n");
    if (hb_as_cpu_level()) {
        /* an AVX2-class core emulated (--as-cpu): never to be taken for this CPU's own figures */
        fprintf(f, "    \"as_cpu\": ");
        hb_as_cpu_json(f, run->rust.library);
        fprintf(f, ",\n");
    }
}

/* The system around it and the build. */
static void context_system(FILE *f, const hb_context *x)
{
    fprintf(f, "    \"logical_cpus\": %d,\n", x->logical_cpus);
    key_str(f, "    ", "kernel", x->kernel, 1);
    fprintf(f, "    \"load_average\": [%.2f, %.2f, %.2f],\n", x->loadavg[0], x->loadavg[1], x->loadavg[2]);
    key_str(f, "    ", "cpu_governor", x->governor, 1);
    key_str(f, "    ", "compiler", x->compiler, 1);
    key_str(f, "    ", "compiler_flags", x->cflags, 1);
    key_str(f, "    ", "hashbench_version", x->version, 1);
    key_str(f, "    ", "hashbench_build", x->build, 1);
    key_str(f, "    ", "date", x->date, 1);
}

/* The clocks the figures were taken with and the harness's own cost. */
static void context_clocks(FILE *f, const hb_context *x)
{
    fprintf(f, "    \"timer\": {\"name\": ");
    hb_json_string(f, x->clock.timer);
    fprintf(f, ", \"resolution_ns\": %.3g, \"read_cost_ns\": %.3g},\n", x->clock.resolution_ns,
            x->clock.read_cost_ns);
    fprintf(f, "    \"counter\": ");
    if (x->clock.counter) {
        fprintf(f, "{\"name\": ");
        hb_json_string(f, x->clock.counter);
        fprintf(f, ", \"hz\": %.0f, \"hz_source\": ", x->clock.counter_hz);
        hb_json_string(f, x->clock.counter_hz_source);
        fprintf(f, "},\n");
    } else {
        fprintf(f, "null,\n");
    }
    fprintf(f, "    \"core_clock_hz\": {\"start\": %.0f, \"end\": %.0f, \"method\": \"dependent-add chain\"},\n",
            x->core_hz_start, x->core_hz_end);
    fprintf(f, "    \"call_overhead_ns\": %.3f,\n", x->call_overhead_ns);
    fprintf(f, "    \"call_overhead_streamed_ns\": %.3f,\n", x->call_overhead_streamed_ns);
}

void hb_report_json_context(FILE *f, const hb_run *run)
{
    const hb_context *x = &run->ctx;
    fprintf(f, "  \"context\": {\n");
    context_cpu(f, run);
    context_system(f, x);
    context_clocks(f, x);
    hb_report_threads_json_context(f, run);
    fprintf(f, "    \"pinned_cpu\": ");
    if (x->pinned_cpu >= 0)
        fprintf(f, "%d", x->pinned_cpu);
    else
        fprintf(f, "null");
    if (run->rust.library[0]) {
        /* the Rust crates' build (their results are named rust-*) */
        fprintf(f, ",\n    \"rust_peers\": {\"library\": ");
        hb_json_string(f, run->rust.library);
        fprintf(f, ", \"compiler\": ");
        hb_json_string(f, run->rust.compiler);
        fprintf(f, ", \"compiler_flags\": ");
        hb_json_string(f, run->rust.flags);
        fprintf(f, ", \"crates\": ");
        hb_json_string(f, run->rust.crates);
        fprintf(f, "}");
    }
    fprintf(f, "\n  },\n");
}

static void print_settings(FILE *f, const hb_run *run)
{
    unsigned k;
    fprintf(f, "  \"settings\": {\"sizes\": [");
    for (k = 0; k < run->n_sizes; k++)
        fprintf(f, "%s%zu", k ? ", " : "", run->sizes[k]);
    fprintf(f, "], \"budget_ms\": %g, \"repeat\": %u, \"mode\": \"%s\", \"aligned\": %s, \"impl\": ",
            run->settings.budget_ms, run->settings.repeat, run->settings.latency ? "latency" : "throughput",
            run->settings.unaligned ? "false" : "true");
    hb_json_string(f, run->impl_spec);
    hb_report_threads_json_settings(f, run);
    fprintf(f, "},\n");
}

static void print_cell(FILE *f, const hb_run *run, const hb_cell *c, int last)
{
    char hex[2 * HB_MAX_DIGEST + 1], label[64];
    const char *warn[4];
    unsigned i, nw = hb_cell_warnings(run, c, warn, 4);
    double cpb = hb_cell_cycles_per_byte(run, c);
    fprintf(f, "    {\"algorithm\": ");
    hb_json_string(f, c->algo->id);
    fprintf(f, ", \"name\": ");
    hb_json_string(f, c->algo->name);
    fprintf(f, ", \"tier\": \"%s\", \"implementation\": ", hb_tier_name(c->algo->tier));
    hb_json_string(f, hb_cell_impl_label(c, label, sizeof label));
    fprintf(f, ", \"peer\": %s", hb_cell_is_peer(c) ? "true" : "false");
    /* which calls were timed per message (one protocol for a whole group) */
    fprintf(f, ", \"protocol\": \"%s\"", c->oneshot ? "one-shot" : "init-update-final");
    fprintf(f, ", \"size\": %zu", c->size);
    hb_report_threads_json_cell(f, c);
    fprintf(f, ",\n     \"timing_fidelity\": \"measured\", \"iterations_per_sample\": %llu,\n", c->iters);
    fprintf(f, "     \"samples_ns\": [");
    for (i = 0; i < c->n_samples; i++) {
        fprintf(f, "%s", i ? ", " : "");
        hb_json_number(f, c->samples_ns[i]);
    }
    fprintf(f, "],\n     \"samples_ticks\": ");
    if (c->samples_ticks) {
        fprintf(f, "[");
        for (i = 0; i < c->n_samples; i++)
            fprintf(f, "%s%.0f", i ? ", " : "", c->samples_ticks[i]);
        fprintf(f, "]");
    } else {
        fprintf(f, "null");
    }
    fprintf(f, ",\n     \"median_ns\": ");
    hb_json_number(f, c->ns_per_call.median);
    fprintf(f, ", \"min_ns\": ");
    hb_json_number(f, c->ns_per_call.min);
    fprintf(f, ", \"max_ns\": ");
    hb_json_number(f, c->ns_per_call.max);
    fprintf(f, ", \"spread\": ");
    hb_json_number(f, c->ns_per_call.spread);
    fprintf(f, ",\n     \"bytes_per_second\": ");
    hb_json_number(f, c->bytes_per_s);
    fprintf(f, ", \"cycles_per_byte\": ");
    if (cpb > 0)
        hb_json_number(f, cpb);
    else
        fprintf(f, "null");
    fprintf(f, ", \"counter_ticks_per_byte\": ");
    if (c->samples_ticks)
        hb_json_number(f, c->ticks_per_call / (double)c->size);
    else
        fprintf(f, "null");
    hb_hex(c->digest, c->algo->digest_size, hex);
    fprintf(f, ",\n     \"digest\": \"%s\", \"warnings\": [", hex);
    for (i = 0; i < nw; i++) {
        fprintf(f, "%s", i ? ", " : "");
        hb_json_string(f, warn[i]);
    }
    fprintf(f, "]}%s\n", last ? "" : ",");
}

/* Per algorithm and size where both were measured: hashbench's best
 * against the best peer of the same interleaved group. */
static void print_peer_comparisons(FILE *f, const hb_run *run)
{
    unsigned i, n = 0;
    fprintf(f, "  \"peer_comparisons\": [");
    for (i = 0; i < run->n_cells; i++) {
        hb_peer_comparison pc;
        if (!hb_peer_compare(run, &run->cells[i], &pc) || pc.ours != &run->cells[i])
            continue;
        fprintf(f, "%s\n    {\"algorithm\": ", n++ ? "," : "");
        hb_json_string(f, pc.ours->algo->id);
        fprintf(f, ", \"size\": %zu, \"implementation\": ", pc.ours->size);
        hb_json_string(f, pc.ours->impl->name);
        fprintf(f, ", \"peer\": ");
        hb_json_string(f, pc.peer->impl->name);
        fprintf(f, ", \"bytes_per_second\": ");
        hb_json_number(f, pc.ours->bytes_per_s);
        fprintf(f, ", \"peer_bytes_per_second\": ");
        hb_json_number(f, pc.peer->bytes_per_s);
        fprintf(f, ", \"ratio\": ");
        hb_json_number(f, pc.ratio);
        fprintf(f, "}");
    }
    fprintf(f, "%s],\n", n ? "\n  " : "");
}

void hb_report_json(FILE *f, const hb_run *run)
{
    unsigned i;
    hb_record_open(f);
    hb_report_json_context(f, run);
    print_settings(f, run);
    fprintf(f, "  \"warnings\": [");
    for (i = 0; i < run->n_warnings; i++) {
        fprintf(f, "%s", i ? ", " : "");
        hb_json_string(f, run->warnings[i]);
    }
    fprintf(f, "],\n");
    print_peer_comparisons(f, run);
    fprintf(f, "  \"results\": [\n");
    for (i = 0; i < run->n_cells; i++)
        print_cell(f, run, &run->cells[i], i + 1 == run->n_cells);
    fprintf(f, "  ]\n}\n");
}
