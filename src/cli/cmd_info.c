/* hashbench info: the machine context a benchmark records, readable. */
#include <getopt.h>
#include <string.h>
#include "arch/cpu_view.h"
#include "bench/context.h"
#include "cli/as_cpu.h"
#include "cli/commands.h"
#include "cli/util.h"
#include "impl_rows.h"

/* 0 to go on, -1 after --help, or the usage status */
static int parse_opts(int argc, char **argv)
{
    static const struct option opts[] = { { "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 } };
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        if (c == 'h') {
            printf("usage: hashbench info\n");
            return -1;
        }
        return HB_EXIT_USAGE;
    }
    if (optind < argc) {
        fprintf(stderr, "hashbench info: unexpected argument '%s'\n", argv[optind]);
        return HB_EXIT_USAGE;
    }
    return 0;
}

/* The build and the CPU: its core, its features and what the dispatcher
 * sees of them, emulation, tuning, --as-cpu. */
static void print_cpu(const hb_context *x)
{
    hb_cpu_view view;
    char text[512];
    const char *const *u;
    printf("hashbench      %s (build %s)\n", x->version, x->build);
    printf("compiler       %s\n", x->compiler);
    printf("flags          %s\n", x->cflags);
    printf("cpu            %s, %d logical CPUs, %s\n", x->cpu_model, x->logical_cpus, x->arch);
    hb_arch_cpu_view(&view);
    if (x->cpu_core[0])
        printf("cpu core       %s\n", x->cpu_core);
    else if (view.detailed)
        printf("cpu core       not shown: no MIDR in /sys or /proc/cpuinfo\n");
    printf("cpu features   %s", x->cpu_flags[0] ? x->cpu_flags : "(none of interest found)");
    printf(view.features_source ? " (%s)\n" : "\n", view.features_source);
    printf("dispatch sees  %s\n", x->cpu_dispatch[0] ? x->cpu_dispatch : "(none)");
    if (x->emulation[0])
        printf("emulation      %s: the times are the emulator's\n", x->emulation);
    else if (view.detailed)
        printf("emulation      none detected\n");
    printf("cpu tuning     %s (per-core ranks)\n", hb_arch_tuning_name());
    hb_as_cpu_describe(text, sizeof text);
    printf("as cpu         %s\n", text);
    for (u = hb_as_cpu_unmasked(); *u; u++)
        printf("  not masked   %s\n", *u);
}

/* The system and the clocks. */
static void print_system(const hb_context *x)
{
    printf("kernel         %s\n", x->kernel);
    printf("load average   %.2f %.2f %.2f\n", x->loadavg[0], x->loadavg[1], x->loadavg[2]);
    printf("cpu governor   %s\n", x->governor);
    printf("timer          %s, resolution %.0f ns, %.1f ns per read\n", x->clock.timer, x->clock.resolution_ns,
           x->clock.read_cost_ns);
    if (x->clock.counter)
        printf("counter        %s at %.2f MHz (%s)\n", x->clock.counter, x->clock.counter_hz / 1e6,
               x->clock.counter_hz_source);
    else
        printf("counter        none\n");
    if (x->core_hz_start > 0)
        printf("core clock     %.3f GHz effective (dependent-add chain)\n", x->core_hz_start / 1e9);
    else
        printf("core clock     not measured on this architecture\n");
    printf("date           %s\n", x->date);
}

int hb_cmd_info(int argc, char **argv)
{
    hb_context x;
    int rc = parse_opts(argc, argv);
    if (rc != 0)
        return rc < 0 ? HB_EXIT_OK : rc;
    hb_context_collect(&x, 1);
    print_cpu(&x);
    print_system(&x);
    return HB_EXIT_OK;
}
