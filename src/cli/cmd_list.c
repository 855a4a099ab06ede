/* hashbench list: the roster, each algorithm's implementations, which of
 * them this CPU can run and which one the dispatcher picks. */
#include <getopt.h>
#include <string.h>
#include "cli/commands.h"
#include "cli/util.h"
#include "impl_rows.h"
#include "peers/loader/c_peers.h"

static void print_table(void)
{
    unsigned i, j;
    printf("%-14s %-22s %-10s %6s %6s  IMPLEMENTATIONS (* picked, - not on this CPU; core tuning %s)\n",
           "ID", "NAME", "TIER", "DIGEST", "BLOCK", hb_arch_tuning_name());
    for (i = 0; i < hb_algo_count(); i++) {
        const hb_algo *a = hb_algo_at(i);
        const hb_impl *best = hb_impl_best(a);
        printf("%-14s %-22s %-10s %6u %6u  ", a->id, a->name, hb_tier_name(a->tier),
               a->digest_size, a->block_size);
        for (j = 0; j < hb_impl_count(a); j++) {
            const hb_impl *impl = hb_impl_at(a, j);
            printf("%s%s%s", j ? " " : "", impl->name,
                   impl == best ? "*" : hb_impl_available(impl) ? "" : "-");
        }
        printf("\n");
    }
}

static void print_json(void)
{
    unsigned i, j;
    printf("[\n");
    for (i = 0; i < hb_algo_count(); i++) {
        const hb_algo *a = hb_algo_at(i);
        const hb_impl *best = hb_impl_best(a);
        printf("  {\"id\": ");
        hb_json_string(stdout, a->id);
        printf(", \"name\": ");
        hb_json_string(stdout, a->name);
        printf(", \"tier\": \"%s\", \"digest_size\": %u, \"block_size\": %u, \"best\": ",
               hb_tier_name(a->tier), a->digest_size, a->block_size);
        hb_json_string(stdout, best ? best->name : "");
        printf(", \"cpu_tuning\": ");
        hb_json_string(stdout, hb_arch_tuning_name());
        printf(", \"implementations\": [");
        for (j = 0; j < hb_impl_count(a); j++) {
            const hb_impl *impl = hb_impl_at(a, j);
            printf("%s{\"name\": ", j ? ", " : "");
            hb_json_string(stdout, impl->name);
            printf(", \"available\": %s, \"best\": %s, \"rank\": %d}", hb_impl_available(impl) ? "true" : "false",
                   impl == best ? "true" : "false", hb_impl_rank(a, impl));
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
