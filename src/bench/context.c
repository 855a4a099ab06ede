/* Collects the machine context of a run (see context.h): /proc, /sys,
 * uname, and what the compiler knew when it built us. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/utsname.h>
#include "arch/cpu_view.h"
#include "arch/cpu_view_proc.h"
#include "bench/context.h"
#include "hashbench.h"

#ifndef HB_BUILD_CFLAGS
#define HB_BUILD_CFLAGS "unknown"
#endif
#ifndef HB_BUILD_REV
#define HB_BUILD_REV "unknown"
#endif

/* The model line of /proc/cpuinfo (x86: "model name"; 32-bit ARM:
 * "model name", the architecture; boards' kernels: "Model"), unless the
 * architecture knows better (cpu_view.h: the core from the MIDR, or
 * "unknown" when the file is an emulator's host's); then the device tree's
 * model (an arm64 board's name). */
static void read_cpu_model(hb_context *ctx, const hb_cpu_view *view)
{
    static char text[65536];
    FILE *f;
    strcpy(ctx->cpu_model, "unknown");
    if (view->model[0]) {
        snprintf(ctx->cpu_model, sizeof ctx->cpu_model, "%s", view->model);
        return;
    }
    /* "model name" is in the first processor's block; a board's "Model"
     * comes after every processor's, so only then the whole file */
    if (hb_cpuinfo_head(text, sizeof text) > 0 &&
        hb_cpuinfo_field(text, "model name", ctx->cpu_model, sizeof ctx->cpu_model))
        return;
    if (hb_cpuinfo_text(text, sizeof text) > 0 && hb_cpuinfo_field(text, "Model", ctx->cpu_model, sizeof ctx->cpu_model))
        return;
    strcpy(ctx->cpu_model, "unknown");
    f = fopen("/sys/firmware/devicetree/base/model", "r");
    if (f) {
        if (fgets(ctx->cpu_model, sizeof ctx->cpu_model, f) == NULL)
            strcpy(ctx->cpu_model, "unknown");
        fclose(f);
    }
}

static void read_governor(hb_context *ctx)
{
    FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "r");
    strcpy(ctx->governor, "not visible");
    if (f) {
        if (fgets(ctx->governor, sizeof ctx->governor, f))
            ctx->governor[strcspn(ctx->governor, "\n")] = 0;
        else
            strcpy(ctx->governor, "not visible");
        fclose(f);
    }
}

void hb_context_collect(hb_context *ctx, int measure_clock)
{
    struct utsname u;
    time_t now = time(NULL);
    hb_cpu_view view;
    const char *emulated = hb_arch_emulation();
    memset(ctx, 0, sizeof *ctx);
    hb_arch_cpu_view(&view);
    read_cpu_model(ctx, &view);
    snprintf(ctx->cpu_flags, sizeof ctx->cpu_flags, "%s", view.features);
    snprintf(ctx->cpu_core, sizeof ctx->cpu_core, "%s", view.core);
    snprintf(ctx->cpu_dispatch, sizeof ctx->cpu_dispatch, "%s", view.dispatch);
    snprintf(ctx->emulation, sizeof ctx->emulation, "%s", emulated ? emulated : "");
    read_governor(ctx);
    ctx->logical_cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (uname(&u) == 0) {
        snprintf(ctx->kernel, sizeof ctx->kernel, "%s %s", u.sysname, u.release);
        snprintf(ctx->arch, sizeof ctx->arch, "%s", u.machine);
    }
    if (getloadavg(ctx->loadavg, 3) != 3)
        ctx->loadavg[0] = ctx->loadavg[1] = ctx->loadavg[2] = -1;
#if defined(__clang__)
    snprintf(ctx->compiler, sizeof ctx->compiler, "clang %s", __clang_version__);
#elif defined(__GNUC__)
    snprintf(ctx->compiler, sizeof ctx->compiler, "gcc %s", __VERSION__);
#else
    snprintf(ctx->compiler, sizeof ctx->compiler, "unknown");
#endif
    snprintf(ctx->cflags, sizeof ctx->cflags, "%s", HB_BUILD_CFLAGS);
    snprintf(ctx->version, sizeof ctx->version, "%s", HB_VERSION);
    snprintf(ctx->build, sizeof ctx->build, "%s", HB_BUILD_REV);
    strftime(ctx->date, sizeof ctx->date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    hb_clock_probe(&ctx->clock);
    ctx->pinned_cpu = -1;
    if (measure_clock)
        ctx->core_hz_start = hb_core_clock_hz(50);
}

void hb_context_warn_emulation(const hb_context *ctx, const char *who, const char *more)
{
    if (!ctx->emulation[0])
        return;
    fprintf(stderr, "%s: warning: emulated CPU, the times are the emulator's, not a CPU's: %s.%s%s\n", who,
            ctx->emulation, more ? " " : "", more ? more : "");
}
