/* BLAKE3 `mt` (a pool of threads) against the single-threaded `fast`:
 * many sizes around the pool's thresholds (128 KiB jobs, 16-chunk parts),
 * streamed in uneven pieces, keyed and with extended output, and from
 * several threads at once -- one of them gets the pool, the others find it
 * busy and hash alone, and all race for it job after job.  Built like
 * every unit test, and under ThreadSanitizer by tests/run_tiers.py's TSan
 * tier, where a data race in the pool fails the run.
 *
 * And for every thread count from 1 to past the CPUs (at least 8; the pool
 * grows when asked for more than the CPUs, hb_blake3_mt_set_threads), the
 * same digests at sizes on either side of each boundary the threaded code
 * has: a chunk (1 KiB), a part (16 chunks), the threshold (128 KiB), a
 * subtree (HB_BLAKE3_SUBTREE chunks) and the powers of two a job's node
 * and its parts are cut at; whole and streamed in uneven pieces.
 *
 * Without `mt` (a build without threads) there is nothing to test: the
 * program says so and reports 0 passed, 0 failed, 1 skipped. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "hashbench.h"
#include "algorithms/blake3/blake3_mt.h"
#include "os/usable_cpus.h"
#include "unit.h"

#define MSG_LEN (2u * 1024u * 1024u + 4099u)
#define N_CALLERS 4
#define ROUNDS 3

static const size_t sizes[] = {
    0, 1, 1024, 1025, 131071, 131072, 131073, 147456, 262143, 262145, 393216 + 1024,
    524288 + 17, 1048576, 1048576 + 65536 + 3, MSG_LEN
};
#define N_SIZES (sizeof sizes / sizeof sizes[0])

static uint8_t *msg;
static uint8_t refs[N_SIZES][32];
static const hb_impl *mt, *single;

/* mt over the message in pieces from `cuts` (cycled), compared with ref */
static int streamed_ok(size_t len, const size_t *cuts, size_t n_cuts, const uint8_t *ref)
{
    hb_ctx ctx;
    uint8_t got[32];
    size_t off = 0, k, i = 0;
    hb_init(&ctx, mt);
    while (off < len) {
        k = cuts[i++ % n_cuts];
        if (k > len - off)
            k = len - off;
        hb_update(&ctx, msg + off, k);
        off += k;
    }
    hb_final(&ctx, got);
    return same(got, ref, sizeof got);
}

/* sizes around every boundary of the threaded code, up to MSG_LEN */
static size_t boundary_sizes(size_t *out, size_t max)
{
    static const size_t bases[] = { 16 * 1024, 128 * 1024, 144 * 1024, 256 * 1024, 384 * 1024,
                                    512 * 1024, 1024 * 1024, 1536 * 1024, 2048 * 1024,
                                    (size_t)HB_BLAKE3_SUBTREE * 1024 };
    static const long deltas[] = { -1025, -1024, -1, 0, 1, 1023, 1024, 1025, 16 * 1024 + 1 };
    size_t n = 0, i, j;
    for (i = 0; i < sizeof bases / sizeof bases[0]; i++)
        for (j = 0; j < sizeof deltas / sizeof deltas[0] && n < max; j++) {
            long v = (long)bases[i] + deltas[j];
            if (v >= 0 && (size_t)v <= MSG_LEN)
                out[n++] = (size_t)v;
        }
    return n;
}

/* mt = fast for every thread count 1..max_threads at every boundary size */
static void thread_counts(unsigned max_threads)
{
    static size_t bsizes[128];
    static uint8_t want[128][32];
    static const size_t cuts[] = { 131073, 1, 65536, 1023, 262147 };
    size_t n = boundary_sizes(bsizes, 128), i;
    unsigned t;
    char what[160];
    uint8_t got[32];

    for (i = 0; i < n; i++)
        hb_hash(single, msg, bsizes[i], want[i]);
    for (t = 1; t <= max_threads; t++) {
        int ok = 1;
        hb_blake3_mt_set_threads(t);
        for (i = 0; i < n; i++) {
            hb_hash(mt, msg, bsizes[i], got);
            ok &= same(got, want[i], sizeof got);
        }
        ok &= streamed_ok(MSG_LEN, cuts, 5, refs[N_SIZES - 1]);
        snprintf(what, sizeof what, "mt = fast with %u thread%s (it reports %u): %u sizes around every "
                 "boundary, and streamed", t, t > 1 ? "s" : "", hb_blake3_mt_threads(), (unsigned)n);
        check(ok && hb_blake3_mt_threads() == t, what);
    }
    /* back to the default: one thread per CPU of the mask, though the pool grew */
    hb_blake3_mt_set_threads(0);
    {
        long cpus = (long)hb_usable_cpus();
        unsigned dflt = cpus < 1 ? 1 : cpus > 32 ? 32 : (unsigned)cpus;
        check(hb_blake3_mt_threads() == dflt, "the default after a larger limit: one thread per CPU again");
    }
}

/* One job of nodes of 32 MiB, 256 KiB and 128 KiB (and a byte): the large
 * node is cut into parts of more chunks than the small nodes have, which
 * are then a part each; for 1, 2, 4 and 8 threads. */
static void mixed_parts(const uint8_t *big)
{
    const size_t len = ((size_t)32 << 20) + ((size_t)384 << 10) + 1;
    static const unsigned counts[] = { 1, 2, 4, 8 };
    uint8_t want[32], got[32];
    unsigned i;
    int ok = 1;

    hb_hash(single, big, len, want);
    for (i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        hb_blake3_mt_set_threads(counts[i]);
        hb_hash(mt, big, len, got);
        ok &= same(got, want, sizeof got);
    }
    hb_blake3_mt_set_threads(0);
    check(ok, "mt = fast for one job of a 32 MiB node and nodes smaller than its parts, 1/2/4/8 threads");
}

/* The first job of a new pool: its threads are made just before the job
 * is offered and may first run after it was; they must still take parts
 * of it (they once slept through it, and a 50 MiB `hashbench sum` ran its
 * first 32 MiB on one thread).  One job of 64 MiB (a node and one byte
 * more), tens of milliseconds on one thread: time for a new thread to be
 * scheduled on another CPU even on a busy machine.  Must run before any
 * other `mt` hash of this process. */
static void first_job_shared(const uint8_t *big, size_t len)
{
    long cpus = (long)hb_usable_cpus();
    uint8_t want[32], got[32];
    unsigned parts = 0, by_pool = 0;
    char what[200];

    if (cpus < 2) {
        printf("note: one CPU: the first job's sharing is not checked\n");
        return;
    }
    hb_blake3_mt_set_threads(2);
    hb_hash(mt, big, len, got);
    hb_blake3_mt_last_job(&parts, &by_pool);
    hb_blake3_mt_set_threads(0);
    hb_hash(single, big, len, want);
    snprintf(what, sizeof what, "the pool's first job (64 MiB, 2 threads) is shared: the new thread hashed "
             "%u of its %u parts, and the digest is fast's", by_pool, parts);
    check(parts > 1 && by_pool > 0 && same(got, want, sizeof got), what);
}

static void one_caller(void)
{
    uint8_t got[32];
    size_t i;
    int ok = 1;
    for (i = 0; i < N_SIZES; i++) {
        hb_hash(mt, msg, sizes[i], got);
        ok &= same(got, refs[i], sizeof got);
    }
    check(ok, "mt = fast, one caller, every size");
}

static void pieces(void)
{
    /* pieces that cross the 128 KiB threshold at every chunk phase */
    static const size_t cuts_a[] = { 1, 200000, 1023, 131072, 64, 300001 };
    static const size_t cuts_b[] = { 131073, 7, 262144, 1025 };
    /* 128 KiB, then the rest from chunk 128 on: one job whose nodes grow
     * (128, 256, 512, 1024 chunks), cut into parts of two sizes */
    static const size_t cuts_c[] = { 131072, MSG_LEN };
    int ok = streamed_ok(MSG_LEN, cuts_a, 6, refs[N_SIZES - 1]) &&
             streamed_ok(MSG_LEN, cuts_b, 4, refs[N_SIZES - 1]) &&
             streamed_ok(MSG_LEN, cuts_c, 2, refs[N_SIZES - 1]);
    check(ok, "mt = fast, streamed in uneven pieces");
}

static void params(void)
{
    static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    uint8_t want[200], got[200];
    hb_params p;
    memset(&p, 0, sizeof p);
    p.key = key;
    p.key_len = sizeof key;
    check(single->with_params(&p, msg, MSG_LEN, want, sizeof want) == 0 &&
              mt->with_params(&p, msg, MSG_LEN, got, sizeof got) == 0 && same(want, got, sizeof got),
          "mt = fast, keyed, 200-byte output");
}

/* hb_blake3_update_mt_read's source in these tests: msg from `base` on;
 * fails with EIO the one read that holds byte `fail_at` (never: -1), and
 * counts the bytes it gave (reads come from several threads at once) */
typedef struct msg_reader {
    const uint8_t *base;
    uint64_t fail_at;
    uint64_t given;
    pthread_mutex_t lock;
} msg_reader;

static int read_msg(void *arg, uint8_t *buf, size_t len, uint64_t offset)
{
    msg_reader *r = arg;
    if (offset <= r->fail_at && r->fail_at - offset < len)
        return EIO;
    memcpy(buf, r->base + offset, len);
    pthread_mutex_lock(&r->lock);
    r->given += len;
    pthread_mutex_unlock(&r->lock);
    return 0;
}

/* the update whose threads read for themselves = fast, at every boundary
 * size, for 1, 2, 3 and 8 threads, in one update and in two (the second
 * starting mid-chunk); every byte read once; a failed read is reported */
static void read_updates(void)
{
    static size_t bsizes[128];
    static const unsigned counts[] = { 1, 2, 3, 8 };
    size_t n = boundary_sizes(bsizes, 128), i, t;
    msg_reader r;
    hb_blake3_ctx c;
    uint8_t want[32], got[32];
    int ok = 1, err;

    r.lock = (pthread_mutex_t)PTHREAD_MUTEX_INITIALIZER;
    for (t = 0; t < sizeof counts / sizeof counts[0]; t++) {
        hb_blake3_mt_set_threads(counts[t]);
        for (i = 0; i < n; i++) {
            size_t cut = bsizes[i] / 3 + 5 > bsizes[i] ? bsizes[i] : bsizes[i] / 3 + 5;
            hb_hash(single, msg, bsizes[i], want);
            r.base = msg;
            r.fail_at = (uint64_t)-1;
            r.given = 0;
            hb_blake3_init(&c);
            err = hb_blake3_update_mt_read(&c, bsizes[i], read_msg, &r);
            hb_blake3_final_mt(&c, got);
            ok &= err == 0 && r.given == bsizes[i] && same(got, want, sizeof got);
            /* two updates, the second from byte `cut` of msg on */
            hb_blake3_init(&c);
            r.given = 0;
            err = hb_blake3_update_mt_read(&c, cut, read_msg, &r);
            r.base = msg + cut;
            err |= hb_blake3_update_mt_read(&c, bsizes[i] - cut, read_msg, &r);
            hb_blake3_final_mt(&c, got);
            ok &= err == 0 && r.given == bsizes[i] && same(got, want, sizeof got);
        }
    }
    check(ok, "mt reading for itself = fast: every boundary size, whole and in two updates, 1/2/3/8 threads, "
              "every byte read once");
    /* a read that fails in a job's part, and one in the single-threaded head */
    r.base = msg;
    r.fail_at = MSG_LEN / 2;
    hb_blake3_mt_set_threads(2);
    hb_blake3_init(&c);
    err = hb_blake3_update_mt_read(&c, MSG_LEN, read_msg, &r);
    r.fail_at = 3;
    hb_blake3_init(&c);
    ok = err == EIO && hb_blake3_update_mt_read(&c, 5, read_msg, &r) == EIO;
    hb_blake3_mt_set_threads(0);
    check(ok, "mt reading for itself: a failed read (in a job's part, and in a single-threaded piece) "
              "returns its errno");
}

static int caller_bad[N_CALLERS];

/* one of the concurrent callers: every size, ROUNDS times, its own order */
static void *caller(void *arg)
{
    unsigned id = (unsigned)(size_t)arg, r;
    size_t i, k;
    uint8_t got[32];
    for (r = 0; r < ROUNDS; r++)
        for (k = 0; k < N_SIZES; k++) {
            i = (k * 7 + id * 3 + r) % N_SIZES;
            hb_hash(mt, msg, sizes[i], got);
            if (!same(got, refs[i], sizeof got))
                caller_bad[id] = 1;
        }
    return 0;
}

static void concurrent(void)
{
    pthread_t t[N_CALLERS];
    unsigned i, started = 0;
    int ok = 1;
    for (i = 0; i < N_CALLERS; i++)
        if (pthread_create(&t[i], 0, caller, (void *)(size_t)i) == 0)
            started++;
        else
            ok = 0;
    for (i = 0; i < started; i++)
        pthread_join(t[i], 0);
    for (i = 0; i < started; i++)
        ok &= !caller_bad[i];
    check(ok && started == N_CALLERS, "mt = fast, four callers at once, every size, three rounds");
}

int main(void)
{
    const hb_algo *algo = hb_algo_find("blake3");
    size_t i;

    mt = hb_impl_find(algo, "mt");
    single = hb_impl_find(algo, "fast");
    if (!mt || !single || !hb_impl_available(mt) || !hb_impl_available(single)) {
        printf("SKIP blake3 mt is not available on this CPU\n0 passed, 0 failed, 1 skipped\n");
        return 0;
    }
    msg = malloc(MSG_LEN);
    if (!msg)
        return 2;
    hb_workload_fill(msg, MSG_LEN);
    {
        /* 64 MiB and a byte: one node and the last chunk's byte */
        const size_t big_len = ((size_t)64 << 20) + 1;
        uint8_t *big = malloc(big_len);
        if (!big)
            return 2;
        memset(big, 0xa5, big_len);
        first_job_shared(big, big_len);
        mixed_parts(big);
        free(big);
    }
    for (i = 0; i < N_SIZES; i++)
        hb_hash(single, msg, sizes[i], refs[i]);
    one_caller();
    pieces();
    read_updates();
    params();
    concurrent();
    {
        long cpus = (long)hb_usable_cpus();
        thread_counts(cpus + 2 > 8 ? (unsigned)cpus + 2 : 8);
    }
    one_caller();       /* the pool after all that */
    free(msg);
    return unit_summary();
}
