/* The throwaway harness of docs/impl-crc.md, "Zen 5 (issue 34)": minimum
 * TSC ticks per call of our crc32 / crc64-xz one-shots (vpclmul,
 * vpclmul-x8) and the Rust peers' (hb_rust_peer_at), interleaved, two
 * copies of the message alternated.  Not part of the build:
 *   gcc -O2 -o mini docs/runs/issue34-crc/min_harness.c build/libhashbench_nopeers.a -ldl -lm -lpthread
 *   taskset -c 1 ./mini 65536 2000 crc32 $PWD/build/libhashbench_rust_peers.so
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <dlfcn.h>
#include <x86intrin.h>
typedef void fn(const uint8_t *, size_t, uint8_t *);
typedef struct { const char *algorithm, *implementation; size_t ctx_size; fn *oneshot; void *init, *update, *finalize; } peer;
extern fn hb_crc32_oneshot_vpclmul, hb_crc32_oneshot_vpclmul_x8, hb_crc64_xz_oneshot_vpclmul, hb_crc64_xz_oneshot_vpclmul_x8;
static size_t stride;
static uint64_t t1(fn *f, const uint8_t *m, size_t n, int reps) {
    uint8_t d[8]; unsigned aux; uint64_t a = __rdtscp(&aux);
    for (int i = 0; i < reps; i++) f(m + (i & 1) * stride, n, d);
    return __rdtscp(&aux) - a;
}
int main(int argc, char **argv) {
    size_t n = strtoul(argv[1], 0, 0); int rounds = atoi(argv[2]); const char *algo = argv[3];
    void *lib = dlopen(argv[4], RTLD_NOW);
    size_t (*count)(void) = dlsym(lib, "hb_rust_peers_count");
    int (*at)(size_t, peer *) = dlsym(lib, "hb_rust_peer_at");
    fn *f[8]; const char *nm[8]; int k = 0;
    int c32 = !strcmp(algo, "crc32");
    f[k] = c32 ? hb_crc32_oneshot_vpclmul : hb_crc64_xz_oneshot_vpclmul; nm[k++] = "vpclmul";
    f[k] = c32 ? hb_crc32_oneshot_vpclmul_x8 : hb_crc64_xz_oneshot_vpclmul_x8; nm[k++] = "vpclmul-x8";
    for (size_t i = 0; i < count(); i++) { peer p; at(i, &p); if (!strcmp(p.algorithm, algo) && k < 8) { f[k] = p.oneshot; nm[k++] = p.implementation; } }
    stride = n + 128; uint8_t *m = aligned_alloc(64, 2 * stride); for (size_t i = 0; i < 2 * stride; i++) m[i] = (uint8_t)(i * 7 + 3);
    uint64_t best[8]; for (int j = 0; j < k; j++) best[j] = ~0ull;
    int reps = n >= 65536 ? 4 : 64;
    for (int r = 0; r < rounds; r++)
        for (int j = 0; j < k; j++) { uint64_t t = t1(f[j], m, n, reps); if (t < best[j]) best[j] = t; }
    for (int j = 0; j < k; j++) printf("%s %zu %-16s %10.1f tsc/call  %.4f tsc/B  vs vpclmul %.3f\n", algo, n, nm[j], (double)best[j] / reps, (double)best[j] / reps / n, (double)best[j] / best[0]);
    return 0;
}
