/* What a benchmark run ran on: the context block of every results record
 * (CPU, clocks, compiler, kernel, load, governor, build, date). */
#ifndef HB_BENCH_CONTEXT_H
#define HB_BENCH_CONTEXT_H

#include "bench/clock.h"

typedef struct hb_context {
    char cpu_model[128];
    char cpu_flags[512];            /* the CPU's features as the kernel names them (x86-64: the
                                       cpuinfo flags that matter to hashing; ARM: HWCAP/HWCAP2) */
    char cpu_core[640];             /* ARM: the core(s) from the MIDR; "" where none is named */
    char cpu_dispatch[256];         /* the features the dispatcher uses, after its mask variable */
    char emulation[768];            /* "" natively; else why the times are an emulator's
                                       (src/arch/cpu_view.h hb_arch_emulation) */
    int logical_cpus;
    char arch[72];
    char kernel[160];
    double loadavg[3];              /* at start; -1 when unknown */
    char governor[64];              /* "not visible" when the kernel shows none */
    char compiler[128];
    char cflags[256];
    char version[32];
    char build[64];                 /* git revision the binary was built from */
    char date[32];                  /* UTC, ISO 8601 */
    hb_clock_info clock;
    double core_hz_start, core_hz_end;  /* measured effective core clock */
    double call_overhead_ns;        /* the harness's cost per hash call (empty one-shot function) */
    double call_overhead_streamed_ns; /* the same for empty init + update + final */
    int pinned_cpu;                 /* -1 when not pinned */
} hb_context;

/* Fills everything but core_hz_end and the call_overhead fields. */
void hb_context_collect(hb_context *ctx, int measure_clock);

/* Under emulation (ctx->emulation set), one line on standard error:
 * "<who>: warning: ... the times are the emulator's ...", then `more`
 * (NULL for none) on the same line.  Nothing natively. */
void hb_context_warn_emulation(const hb_context *ctx, const char *who, const char *more);

#endif
