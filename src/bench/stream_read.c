/* The streaming read of stream_read.h: the loops and their measurement. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench/clock.h"
#include "bench/stream_read.h"
#if defined(__x86_64__)
#include "arch/x86/cpu_x86.h"
#endif

/* One loop per load width, written with GCC's vector types so that one
 * source gives one load per vector at each width: the function's target
 * attribute decides the registers (zmm, ymm, xmm).  The empty asm between
 * passes says memory may have changed, so each pass loads again. */
#define STREAM_LOOP(fn, W, ATTR)                                                          \
    ATTR static uint64_t fn(const unsigned char *buf, size_t bytes, unsigned long long passes) \
    {                                                                                     \
        typedef uint64_t vec __attribute__((vector_size(W), may_alias));                 \
        vec a0 = { 0 }, a1 = { 0 }, a2 = { 0 }, a3 = { 0 };                              \
        vec a4 = { 0 }, a5 = { 0 }, a6 = { 0 }, a7 = { 0 };                              \
        unsigned long long r;                                                             \
        uint64_t sum = 0;                                                                 \
        unsigned i;                                                                       \
        for (r = 0; r < passes; r++) {                                                    \
            const unsigned char *p = buf, *end = buf + bytes;                             \
            for (; p < end; p += HB_STREAM_UNROLL * (W)) {                                \
                a0 += *(const vec *)(const void *)(p + 0 * (W));                          \
                a1 += *(const vec *)(const void *)(p + 1 * (W));                          \
                a2 += *(const vec *)(const void *)(p + 2 * (W));                          \
                a3 += *(const vec *)(const void *)(p + 3 * (W));                          \
                a4 += *(const vec *)(const void *)(p + 4 * (W));                          \
                a5 += *(const vec *)(const void *)(p + 5 * (W));                          \
                a6 += *(const vec *)(const void *)(p + 6 * (W));                          \
                a7 += *(const vec *)(const void *)(p + 7 * (W));                          \
            }                                                                             \
            __asm__ __volatile__("" ::: "memory");                                        \
        }                                                                                 \
        a0 += a1 + a2 + a3 + a4 + a5 + a6 + a7;                                           \
        for (i = 0; i < (W) / 8; i++)                                                     \
            sum += a0[i];                                                                 \
        return sum;                                                                       \
    }

typedef uint64_t (*stream_fn)(const unsigned char *, size_t, unsigned long long);

static int always(void) { return 1; }

STREAM_LOOP(read16, 16, )
#if defined(__x86_64__)
STREAM_LOOP(read32, 32, __attribute__((target("avx2"))))
STREAM_LOOP(read64, 64, __attribute__((target("avx512f"))))
static int has_avx2(void) { return hb_x86_has(HB_X86_AVX2); }
static int has_avx512(void) { return hb_x86_has(HB_X86_AVX512F); }
#endif

static const hb_stream_loads loads_list[] = {
#if defined(__x86_64__)
    { "avx512", 64, has_avx512 },
    { "avx2", 32, has_avx2 },
#endif
    { "vector16", 16, always },     /* SSE2 on x86-64, NEON on aarch64 */
};

static stream_fn loop_of(const hb_stream_loads *l)
{
#if defined(__x86_64__)
    if (l->width == 64)
        return read64;
    if (l->width == 32)
        return read32;
#endif
    (void)l;
    return read16;
}

const hb_stream_loads *hb_stream_loads_list(unsigned *n)
{
    *n = sizeof loads_list / sizeof loads_list[0];
    return loads_list;
}

static volatile uint64_t sink;      /* the sums go somewhere: the loads stay */

/* passes of `bytes` so that one sample lasts at least ms */
static unsigned long long calibrate(stream_fn fn, const unsigned char *buf, size_t bytes, double ms)
{
    unsigned long long passes = 1;
    for (;;) {
        double t0 = hb_now_ns(), t1;
        sink += fn(buf, bytes, passes);
        t1 = hb_now_ns();
        if (t1 - t0 >= ms * 1e6 / 4 || passes >= (1ull << 40))
            return hb_calibrate_iters(passes, t1 - t0, ms * 1e6);
        passes *= 4;
    }
}

static int fail(char *err, size_t err_len, const char *why)
{
    snprintf(err, err_len, "%s", why);
    return -1;
}

int hb_stream_measure(hb_stream_run *run, char *err, size_t err_len)
{
    unsigned char *buf[HB_STREAM_MAX_SIZES] = { 0 };
    unsigned long long passes[HB_STREAM_MAX_SIZES];
    double *bpc = NULL, *bpn = NULL, *hz = NULL;
    stream_fn fn = loop_of(run->loads);
    unsigned k, r, n = run->n_sizes, rounds = run->rounds;
    int rc = -1;

    if (n == 0 || n > HB_STREAM_MAX_SIZES || rounds == 0 || rounds > HB_STREAM_MAX_ROUNDS)
        return fail(err, err_len, "no sizes or rounds, or too many");
    for (k = 0; k < n; k++)
        if (run->sizes[k].bytes == 0 || run->sizes[k].bytes % HB_STREAM_GRAIN)
            return fail(err, err_len, "every size must be a multiple of 512 bytes");
    if (hb_core_clock_hz(1.0) <= 0)
        return fail(err, err_len, "no dependent-add clock on this architecture: bytes per cycle unknown");
    bpc = malloc(sizeof *bpc * n * rounds);
    bpn = malloc(sizeof *bpn * n * rounds);
    hz = malloc(sizeof *hz * rounds);
    if (!bpc || !bpn || !hz) {
        fail(err, err_len, "out of memory");
        goto out;
    }
    for (k = 0; k < n; k++) {
        size_t bytes = run->sizes[k].bytes;
        buf[k] = aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
        if (!buf[k]) {
            snprintf(err, err_len, "out of memory for a %zu-byte buffer", bytes);
            goto out;
        }
        memset(buf[k], 0x5a, bytes);    /* the pages exist before the timing */
        passes[k] = calibrate(fn, buf[k], bytes, run->sample_ms);
    }
    for (r = 0; r < rounds; r++) {
        hz[r] = hb_core_clock_hz(2.0);
        for (k = 0; k < n; k++) {
            double t0, t1, rate;
            sink += fn(buf[k], run->sizes[k].bytes, 1);     /* in its cache level again */
            t0 = hb_now_ns();
            sink += fn(buf[k], run->sizes[k].bytes, passes[k]);
            t1 = hb_now_ns();
            rate = (double)run->sizes[k].bytes * (double)passes[k] / (t1 - t0);
            bpn[k * rounds + r] = rate;
            bpc[k * rounds + r] = rate * 1e9 / hz[r];
        }
    }
    run->clock_hz = hb_summarize(hz, rounds);
    for (k = 0; k < n; k++) {
        run->sizes[k].bytes_per_ns = hb_summarize(bpn + k * rounds, rounds);
        run->sizes[k].bytes_per_cycle = hb_summarize(bpc + k * rounds, rounds);
    }
    rc = 0;
out:
    for (k = 0; k < n; k++)
        free(buf[k]);
    free(bpc);
    free(bpn);
    free(hz);
    return rc;
}
