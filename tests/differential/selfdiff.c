/* Self-differential: every implementation this CPU can run, of every
 * algorithm, against that algorithm's `portable` one (which the standards'
 * vectors pin down), on random data of every length 0..MAXLEN and a few
 * large random lengths; one-shot from an odd start address, and streamed
 * with random split points.
 *
 * It needs no library beside hashbench's own, so it runs where the
 * differential tests against OpenSSL and friends cannot: the cross targets
 * under QEMU (cross/run_cross.py runs it for each CPU model and feature
 * mask), where the instruction-set kernels for aarch64 have no other
 * independent check beyond the published vectors.
 *
 * Environment: HB_SEED (default: time-based, printed), HB_SELFDIFF_MAXLEN
 * (default 1100), HB_SELFDIFF_BIG (large lengths, default 4, up to 256 KiB).
 * Peers are left out (they are checked by tests/differential/differential.c).
 *
 * One-shot functions (hb_impl_oneshot, what the benchmark times where an
 * implementation has one): every one this CPU can run, peers' included,
 * against the same implementation's init + update + final on every length
 * 0..HB_SELFDIFF_ONESHOT_MAXLEN (default 2048) and the large random ones,
 * from odd addresses, and hashbench's own also against portable.  On
 * x86-64, unless HB_X86_MASK is set already, the program then runs itself
 * again for these checks under each feature mask of
 * tests/python/test_dispatch.py, so the one-shots each dispatch level picks
 * (and the peers' own run-time choices) are checked at that level.
 * Ends with "N passed, N failed": one check per algorithm and implementation
 * (and per mask level). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__)
#include <sys/wait.h>
#include <unistd.h>
#endif
#include "hashbench.h"
#include "impl_rows.h"

#define BIG_MAX (256u * 1024u)
#define MAX_DIGEST 64

static uint64_t rng_state;

static uint64_t rng(void)
{
    /* xorshift64*: reproducible from the printed seed */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}

static unsigned long env_or(const char *name, unsigned long dflt)
{
    const char *s = getenv(name);
    return s && *s ? strtoul(s, NULL, 0) : dflt;
}

/* A split point: mostly short pieces around block sizes, sometimes long. */
static size_t piece(size_t left)
{
    size_t k;
    switch (rng() % 4) {
    case 0: k = rng() % 4; break;
    case 1: k = rng() % 130; break;
    case 2: k = rng() % 2100; break;
    default: k = rng() % 70000; break;
    }
    return k < left ? k : left;
}

static void streamed(const hb_impl *impl, const uint8_t *msg, size_t n, uint8_t *out)
{
    static hb_ctx ctx;
    size_t off = 0, k;
    hb_init(&ctx, impl);
    while (off < n) {
        k = piece(n - off);
        hb_update(&ctx, msg + off, k);
        off += k;
    }
    hb_final(&ctx, out);
}

static int is_peer(const hb_algo *algo, const hb_impl *impl)
{
    return hb_impl_rank(algo, impl) < 0;
}

/* Every one-shot function this CPU can run: against its implementation's
 * init + update + final on the same bytes, and (hashbench's own) against
 * portable.  Adds one pass or fail per implementation that has one. */
static void check_oneshots(const uint8_t *buf, const size_t *lengths, size_t n_lengths,
                           unsigned *passed, unsigned *failed)
{
    uint8_t ref[MAX_DIGEST], got[MAX_DIGEST], port_ref[MAX_DIGEST];
    unsigned a, i;
    size_t t;
    for (a = 0; a < hb_algo_count(); a++) {
        const hb_algo *algo = hb_algo_at(a);
        const hb_impl *port = hb_impl_find(algo, "portable");
        for (i = 0; i < hb_impl_count(algo); i++) {
            const hb_impl *impl = hb_impl_at(algo, i);
            hb_oneshot_fn os = hb_impl_oneshot(impl);
            unsigned long checks = 0, bad = 0;
            if (!os || !hb_impl_available(impl) || algo->digest_size > MAX_DIGEST)
                continue;
            for (t = 0; t < n_lengths; t++) {
                size_t n = lengths[t], skew = 1 + rng() % 7;
                memset(got, 0xA5, sizeof got);
                os(buf + skew, n, got);
                hb_hash(impl, buf + skew, n, ref);
                checks++;
                if (memcmp(ref, got, algo->digest_size) != 0 && bad++ < 5)
                    printf("FAIL %s %s: one-shot function against init/update/final, length %zu at offset %zu\n",
                           algo->id, impl->name, n, skew);
                if (port && !is_peer(algo, impl)) {
                    hb_hash(port, buf + skew, n, port_ref);
                    checks++;
                    if (memcmp(port_ref, got, algo->digest_size) != 0 && bad++ < 5)
                        printf("FAIL %s %s: one-shot function against portable, length %zu at offset %zu\n",
                               algo->id, impl->name, n, skew);
                }
            }
            printf("%s %s one-shot: %lu checks, %lu failed\n", algo->id, impl->name, checks, bad);
            if (bad)
                (*failed)++;
            else
                (*passed)++;
        }
    }
}

#if defined(__x86_64__)
/* The feature masks of tests/python/test_dispatch.py (src/arch/x86/cpu_x86.h bits). */
static const unsigned long x86_masks[] = {
    (1ul << 10) | (1ul << 11) | (1ul << 12) | (1ul << 13) | (1ul << 14) | (1ul << 15),
    /* AVX2-class cores with VAES and VPCLMULQDQ (--as-cpu avx2-vpclmul) */
    (1ul << 10) | (1ul << 11) | (1ul << 12) | (1ul << 13) | (1ul << 17) | (1ul << 18),
    (1ul << 7) | (1ul << 10) | (1ul << 11) | (1ul << 12) | (1ul << 13) | (1ul << 14) | (1ul << 15),
    (1ul << 9) | (1ul << 5) | (1ul << 4) | (1ul << 14) | (1ul << 15),
    0xFFFFFFFEul,
    0xFFFFFFFFul,
};

/* This program again, one-shot checks only, under each mask: one pass or
 * fail per mask level. */
static void run_masked(unsigned long seed, unsigned *passed, unsigned *failed)
{
    unsigned k;
    for (k = 0; k < sizeof x86_masks / sizeof x86_masks[0]; k++) {
        char mask[32], seedtxt[32];
        int status = -1;
        pid_t pid;
        fflush(stdout);
        pid = fork();
        if (pid == 0) {
            snprintf(mask, sizeof mask, "%lu", x86_masks[k]);
            snprintf(seedtxt, sizeof seedtxt, "%lu", seed);
            setenv("HB_X86_MASK", mask, 1);
            setenv("HB_SEED", seedtxt, 1);
            setenv("HB_SELFDIFF_ONESHOT_ONLY", "1", 1);
            execl("/proc/self/exe", "selfdiff", (char *)0);
            perror("selfdiff: exec /proc/self/exe");
            _exit(2);
        }
        if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            printf("FAIL one-shot checks under HB_X86_MASK=%lu\n", x86_masks[k]);
            (*failed)++;
        } else {
            printf("one-shot checks under HB_X86_MASK=%lu: passed\n", x86_masks[k]);
            (*passed)++;
        }
    }
}
#endif

int main(void)
{
    unsigned long seed = env_or("HB_SEED", (unsigned long)time(NULL));
    size_t maxlen = env_or("HB_SELFDIFF_MAXLEN", 1100);
    unsigned long n_big = env_or("HB_SELFDIFF_BIG", 4);
    /* 8 spare bytes so that every length can also start at an odd address */
    uint8_t *buf = malloc(BIG_MAX + 8);
    uint8_t ref[MAX_DIGEST], got[MAX_DIGEST];
    unsigned a, i, passed = 0, failed = 0;
    size_t t, n_lengths = maxlen + 1 + n_big, *lengths;
    size_t os_maxlen = env_or("HB_SELFDIFF_ONESHOT_MAXLEN", 2048), n_os = os_maxlen + 1 + n_big;
    int oneshot_only = getenv("HB_SELFDIFF_ONESHOT_ONLY") != NULL;

    if (maxlen > BIG_MAX || os_maxlen > BIG_MAX) {
        fprintf(stderr, "selfdiff: HB_SELFDIFF_MAXLEN and HB_SELFDIFF_ONESHOT_MAXLEN must be at most %u\n",
                BIG_MAX);
        return 2;
    }
    if (n_os > n_lengths)
        n_lengths = n_os;
    lengths = malloc(n_lengths * sizeof *lengths);
    if (!buf || !lengths) {
        fprintf(stderr, "selfdiff: out of memory\n");
        return 2;
    }
    printf("selfdiff: HB_SEED=%lu, lengths 0..%zu and %lu random up to %u\n", seed, maxlen, n_big, BIG_MAX);
    rng_state = seed * 2 + 1;
    for (t = 0; t < BIG_MAX + 8; t++)
        buf[t] = (uint8_t)rng();
    /* the big random lengths first, shared by both checks; then 0, 1, 2 ... */
    for (t = 0; t < n_big; t++)
        lengths[t] = (size_t)(rng() % BIG_MAX);
    for (; t < n_lengths; t++)
        lengths[t] = t - n_big;

    check_oneshots(buf, lengths, n_os, &passed, &failed);
    if (oneshot_only) {
        free(buf);
        free(lengths);
        printf("%u passed, %u failed\n", passed, failed);
        return failed != 0;
    }
#if defined(__x86_64__)
    if (!getenv("HB_X86_MASK"))
        run_masked(seed, &passed, &failed);
#endif
    n_lengths = maxlen + 1 + n_big;

    for (a = 0; a < hb_algo_count(); a++) {
        const hb_algo *algo = hb_algo_at(a);
        const hb_impl *port = hb_impl_find(algo, "portable");
        if (!port || algo->digest_size > MAX_DIGEST) {
            printf("FAIL %s: no portable implementation to compare with\n", algo->id);
            failed++;
            continue;
        }
        for (i = 0; i < hb_impl_count(algo); i++) {
            const hb_impl *impl = hb_impl_at(algo, i);
            unsigned long checks = 0, bad = 0;
            if (impl == port || !hb_impl_available(impl) || is_peer(algo, impl))
                continue;
            for (t = 0; t < n_lengths; t++) {
                size_t n = lengths[t], skew = 1 + rng() % 7;
                uint8_t ref_skew[MAX_DIGEST];
                /* one-shot from an odd address, against portable on the same bytes */
                hb_hash(port, buf + skew, n, ref_skew);
                hb_hash(impl, buf + skew, n, got);
                checks++;
                if (memcmp(ref_skew, got, algo->digest_size) != 0 && bad++ < 5)
                    printf("FAIL %s %s: one-shot, length %zu at offset %zu\n", algo->id, impl->name, n, skew);
                /* streamed in random pieces from the aligned start */
                hb_hash(port, buf, n, ref);
                streamed(impl, buf, n, got);
                checks++;
                if (memcmp(ref, got, algo->digest_size) != 0 && bad++ < 5)
                    printf("FAIL %s %s: streamed, length %zu\n", algo->id, impl->name, n);
            }
            printf("%s %s: %lu checks, %lu failed\n", algo->id, impl->name, checks, bad);
            if (bad)
                failed++;
            else
                passed++;
        }
    }
    free(buf);
    free(lengths);
    printf("%u passed, %u failed\n", passed, failed);
    return failed != 0;
}
