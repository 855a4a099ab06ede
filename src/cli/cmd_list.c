/* hashbench list: the roster, each algorithm's implementations, which of
 * them this CPU can run and which one the dispatcher picks. */
#include <getopt.h>
#include <string.h>
#include "arch/cpu_view.h"
#include "cli/commands.h"
#include "cli/profile_use.h"
#include "cli/util.h"
#include "impl_rows.h"
#include "peers/loader/c_peers.h"

/* "1K", "64K", "1M": the sizes a profile's picks change at */
static void short_size(size_t n, char *out, size_t len)
{
    if (n >= (1u << 20) && n % (1u << 20) == 0)
        snprintf(out, len, "%zuM", n >> 20);
    else if (n >= 1024 && n % 1024 == 0)
        snprintf(out, len, "%zuK", n >> 10);
    else
        snprintf(out, len, "%zu", n);
}

/* Where algo's pick comes from: "ranks", or the profile's picks by size,
 * runs of sizes with one pick merged: "profile: 64-256 fast, 1K-1M avx2". */
static void pick_source(const hb_algo *a, char *out, size_t len)
{
    unsigned n, i, j;
    const size_t *sizes = hb_profile_sizes(hb_cli_profile(), a, &n);
    size_t used;
    if (!sizes) {
        snprintf(out, len, "ranks");
        return;
    }
    used = (size_t)snprintf(out, len, "profile:");
    for (i = 0; i < n && used < len; i = j) {
        const hb_impl *pick = hb_impl_pick(a, sizes[i]);
        char from[32], to[32];
        for (j = i + 1; j < n && hb_impl_pick(a, sizes[j]) == pick; j++)
            ;
        short_size(sizes[i], from, sizeof from);
        short_size(sizes[j - 1], to, sizeof to);
        if (j - 1 == i)
            used += (size_t)snprintf(out + used, len - used, "%s %s %s", i ? "," : "", from, pick->name);
        else
            used += (size_t)snprintf(out + used, len - used, "%s %s-%s %s", i ? "," : "", from, to, pick->name);
    }
}

/* Under the table's header, where the architecture's view asks for it
 * (the ARM builds, src/arch/cpu_view.h): the core, the kernel's features,
 * what the dispatcher uses of them, and emulation when there is some.
 * Indented, after the header line: readers that take the first line for
 * the header and key the rows by their first word still work. */
static void print_cpu_lines(void)
{
    hb_cpu_view v;
    const char *emulated = hb_arch_emulation();
    hb_arch_cpu_view(&v);
    if (!v.detailed)
        return;
    printf("  %-14s %s\n", "cpu core", v.core[0] ? v.core : "not shown: no MIDR in /sys or /proc/cpuinfo");
    printf("  %-14s %s%s%s%s\n", "cpu features", v.features[0] ? v.features : "(none)",
           v.features_source ? " (" : "", v.features_source ? v.features_source : "", v.features_source ? ")" : "");
    printf("  %-14s %s\n", "dispatch sees", v.dispatch[0] ? v.dispatch : "(none)");
    if (emulated)
        printf("  %-14s %s: the times are the emulator's\n", "emulation", emulated);
}

static void print_table(void)
{
    unsigned i, j;
    char source[512];
    printf("%-14s %-22s %-10s %6s %6s  IMPLEMENTATIONS (* the ranks' pick, - not on this CPU; core tuning %s)"
           "  [PICKS: profile %s]\n",
           "ID", "NAME", "TIER", "DIGEST", "BLOCK", hb_arch_tuning_name(), hb_cli_profile_state());
    print_cpu_lines();
    for (i = 0; i < hb_algo_count(); i++) {
        const hb_algo *a = hb_algo_at(i);
        const hb_impl *best = hb_impl_pick(a, HB_NO_SIZE);
        printf("%-14s %-22s %-10s %6u %6u  ", a->id, a->name, hb_tier_name(a->tier),
               a->digest_size, a->block_size);
        for (j = 0; j < hb_impl_count(a); j++) {
            const hb_impl *impl = hb_impl_at(a, j);
            printf("%s%s%s", j ? " " : "", impl->name,
                   impl == best ? "*" : hb_impl_available(impl) ? "" : "-");
        }
        pick_source(a, source, sizeof source);
        printf("  [%s]\n", source);
    }
}

static void print_json(void)
{
    unsigned i, j;
    printf("[\n");
    for (i = 0; i < hb_algo_count(); i++) {
        const hb_algo *a = hb_algo_at(i);
        const hb_impl *best = hb_impl_pick(a, HB_NO_SIZE);
        printf("  {\"id\": ");
        hb_json_string(stdout, a->id);
        printf(", \"name\": ");
        hb_json_string(stdout, a->name);
        printf(", \"tier\": \"%s\", \"digest_size\": %u, \"block_size\": %u, \"best\": ",
               hb_tier_name(a->tier), a->digest_size, a->block_size);
        hb_json_string(stdout, best ? best->name : "");
        printf(", \"cpu_tuning\": ");
        hb_json_string(stdout, hb_arch_tuning_name());
        {
            /* where `best` comes from: this machine's profile (picks by size) or the ranks */
            unsigned n, k;
            const size_t *sizes = hb_profile_sizes(hb_cli_profile(), a, &n);
            printf(", \"pick_source\": \"%s\", \"profile_picks\": [", sizes ? "profile" : "ranks");
            for (k = 0; k < n; k++) {
                printf("%s{\"size\": %zu, \"implementation\": ", k ? ", " : "", sizes[k]);
                hb_json_string(stdout, hb_impl_pick(a, sizes[k])->name);
                printf("}");
            }
            printf("]");
        }
        printf(", \"implementations\": [");
        for (j = 0; j < hb_impl_count(a); j++) {
            const hb_impl *impl = hb_impl_at(a, j);
            printf("%s{\"name\": ", j ? ", " : "");
            hb_json_string(stdout, impl->name);
            /* pickable: false for a threaded one where this process may
             * use one CPU only (taskset -c 1): the dispatcher passes it by */
            printf(", \"available\": %s, \"best\": %s, \"rank\": %d, \"pickable\": %s}",
                   hb_impl_available(impl) ? "true" : "false", impl == best ? "true" : "false",
                   hb_impl_rank(a, impl), hb_impl_pickable(a, impl) ? "true" : "false");
        }
        printf("]}%s\n", i + 1 < hb_algo_count() ? "," : "");
    }
    printf("]\n");
}

int hb_cmd_list(int argc, char **argv)
{
    static const struct option opts[] = {
        { "format", required_argument, 0, 'f' },
        { "help", no_argument, 0, 'h' },
        { 0, 0, 0, 0 },
    };
    const char *format = "table";
    int c;
    while ((c = getopt_long(argc, argv, "f:h", opts, NULL)) != -1) {
        switch (c) {
        case 'f': format = optarg; break;
        case 'h':
            printf("usage: hashbench list [--format table|json]\n");
            return HB_EXIT_OK;
        default:
            return HB_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "hashbench list: unexpected argument '%s'\n", argv[optind]);
        return HB_EXIT_USAGE;
    }
    hb_c_peers_load(NULL, NULL);    /* the peers are listed too */
    if (strcmp(format, "table") == 0)
        print_table();
    else if (strcmp(format, "json") == 0)
        print_json();
    else {
        fprintf(stderr, "hashbench list: unknown format '%s' (valid: table, json)\n", format);
        return HB_EXIT_USAGE;
    }
    return HB_EXIT_OK;
}
