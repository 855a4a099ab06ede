/* Collects the machine context of a run (see context.h): /proc, /sys,
 * uname, and what the compiler knew when it built us. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/utsname.h>
#include "bench/context.h"
#include "hashbench.h"

#ifndef HB_BUILD_CFLAGS
#define HB_BUILD_CFLAGS "unknown"
#endif
#ifndef HB_BUILD_REV
#define HB_BUILD_REV "unknown"
#endif

/* Flags that decide which implementation is fastest. */
static const char *const interesting_flags[] = {
    "sse2", "ssse3", "sse4_1", "sse4_2", "avx", "avx2", "bmi2", "avx512f", "avx512bw", "avx512vl", "avx512dq",
    "avx512ifma", "avx512vbmi", "sha_ni", "aes", "vaes", "pclmulqdq", "vpclmulqdq", "gfni",
    /* aarch64 (the Features line) */
    "asimd", "aes", "pmull", "sha1", "sha2", "sha3", "sha512", "crc32",
};

static void read_cpuinfo(hb_context *ctx)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[8192];
    int have_flags = 0;
    strcpy(ctx->cpu_model, "unknown");
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':'), *val;
        if (!colon)
            continue;
        val = colon + 1;
        while (*val == ' ')
            val++;
        val[strcspn(val, "\n")] = 0;
        if ((!strncmp(line, "model name", 10) || !strncmp(line, "Model", 5)) && !strcmp(ctx->cpu_model, "unknown"))
            snprintf(ctx->cpu_model, sizeof ctx->cpu_model, "%s", val);
        if (!have_flags && (!strncmp(line, "flags", 5) || !strncmp(line, "Features", 8))) {
            unsigned i;
            char padded[8200];
            have_flags = 1;
            snprintf(padded, sizeof padded, " %s ", val);
            for (i = 0; i < sizeof interesting_flags / sizeof interesting_flags[0]; i++) {
                char needle[32];
                snprintf(needle, sizeof needle, " %s ", interesting_flags[i]);
                if (strstr(padded, needle) && !strstr(ctx->cpu_flags, needle + 1)) {
                    size_t used = strlen(ctx->cpu_flags);
                    snprintf(ctx->cpu_flags + used, sizeof ctx->cpu_flags - used, "%s%s",
                             used ? " " : "", interesting_flags[i]);
                }
            }
        }
    }
    fclose(f);
    if (!strcmp(ctx->cpu_model, "unknown")) {   /* aarch64 names the part elsewhere */
        f = fopen("/sys/firmware/devicetree/base/model", "r");
        if (f) {
            if (fgets(ctx->cpu_model, sizeof ctx->cpu_model, f) == NULL)
                strcpy(ctx->cpu_model, "unknown");
            fclose(f);
        }
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
    memset(ctx, 0, sizeof *ctx);
    read_cpuinfo(ctx);
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
