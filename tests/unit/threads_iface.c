/* The threads interface on a row (src/impl_rows.h, hb_threads_iface), as
 * BLAKE3 `mt`'s rows fill it (threads/blake3_mt_iface.c), found through
 * the row and never by name -- as the program finds it:
 *   - set and get: a count set is the count reported (1, 3; 0 is every
 *     CPU this process may use, at most the pool's 32);
 *   - last_job: a 1 MiB update on two threads is cut into parts, of which
 *     the pool hashed no more than all;
 *   - update_read (the adapter to the pool's own reader type): the digest
 *     of bytes it reads through read_at equals the plain update's and
 *     `fast`'s, at lengths around the pool's threshold (128 KiB), a part,
 *     and several MiB; every read stays within the update, and each byte
 *     is read once; an errno from read_at comes back.
 * Without such a row (a build without threads) there is nothing to test:
 * the program says so and reports 0 passed, 0 failed, 1 skipped. */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "hashbench.h"
#include "impl_rows.h"
#include "os/usable_cpus.h"
#include "unit.h"

static const size_t lengths[] = { 0, 1, 1024, 131072, 131073, 147456 + 5, 1048576, 3u * 1048576 + 4099 };
#define N_LENGTHS (sizeof lengths / sizeof lengths[0])
#define MAX_LEN (3u * 1048576 + 4099)

typedef struct mem_src {
    const uint8_t *msg;
    uint64_t len;
    uint64_t fail_at;               /* read_at fails on the range holding it; past len: never */
    pthread_mutex_t lock;
    uint64_t bytes_read;
    int out_of_range;
} mem_src;

static int read_mem(void *src, uint64_t off, void *buf, size_t n)
{
    mem_src *s = src;
    int bad = off > s->len || n > s->len - off;
    pthread_mutex_lock(&s->lock);
    s->out_of_range |= bad;
    s->bytes_read += bad ? 0 : n;
    pthread_mutex_unlock(&s->lock);
    if (bad)
        return EINVAL;
    if (s->fail_at >= off && s->fail_at < off + n)
        return EIO;
    memcpy(buf, s->msg + off, n);
    return 0;
}

static const hb_impl *threaded_impl(const hb_algo *a, const hb_threads_iface **ti)
{
    unsigned i;
    for (i = 0; i < hb_impl_count(a); i++) {
        const hb_impl *impl = hb_impl_at(a, i);
        const hb_impl_row *r = hb_impl_row_of(a, impl);
        if (r && r->threads && hb_impl_rank(a, impl) >= 0 && hb_impl_available(impl)) {
            *ti = r->threads;
            return impl;
        }
    }
    return NULL;
}

static void check_counts(const hb_threads_iface *ti)
{
    unsigned cpus = hb_usable_cpus(), want = cpus < 32 ? cpus : 32;
    char what[96];
    ti->set(1);
    check(ti->get() == 1, "set(1): get() says 1 thread");
    ti->set(3);
    check(ti->get() == 3, "set(3): get() says 3 threads (the pool grows past the CPUs)");
    ti->set(0);
    snprintf(what, sizeof what, "set(0): get() says every usable CPU (%u)", want);
    check(ti->get() == want, what);
}

static void check_last_job(const hb_threads_iface *ti, const hb_impl *impl, const uint8_t *msg)
{
    hb_ctx ctx;
    uint8_t out[32];
    unsigned parts = 0, by_pool = 0;
    ti->set(2);
    hb_init(&ctx, impl);
    hb_update(&ctx, msg, 1048576);
    hb_final(&ctx, out);
    ti->last_job(&parts, &by_pool);
    check(parts > 1 && by_pool <= parts, "last_job: a 1 MiB update on 2 threads was cut into parts");
    ti->set(0);
}

/* update_read of msg[0..len) in one call (or two: a first piece of `head`
 * bytes through the plain update, the rest read) against `fast` */
static void check_update_read(const hb_threads_iface *ti, const hb_impl *impl, const hb_impl *ref,
                              const uint8_t *msg, size_t len, size_t head)
{
    hb_ctx ctx;
    uint8_t want[32], got[32];
    char what[128];
    mem_src s;
    int err;
    memset(&s, 0, sizeof s);
    pthread_mutex_init(&s.lock, NULL);
    s.msg = msg + head;
    s.len = len - head;
    s.fail_at = UINT64_MAX;
    hb_hash(ref, msg, len, want);
    hb_init(&ctx, impl);
    hb_update(&ctx, msg, head);
    err = ti->update_read(&ctx.u, s.len, read_mem, &s);
    hb_final(&ctx, got);
    snprintf(what, sizeof what, "update_read of %zu bytes after %zu through update: fast's digest, each byte read once",
             len - head, head);
    check(err == 0 && same(want, got, 32) && !s.out_of_range && s.bytes_read == s.len, what);
    pthread_mutex_destroy(&s.lock);
}

static void check_read_error(const hb_threads_iface *ti, const hb_impl *impl, const uint8_t *msg)
{
    hb_ctx ctx;
    mem_src s;
    memset(&s, 0, sizeof s);
    pthread_mutex_init(&s.lock, NULL);
    s.msg = msg;
    s.len = MAX_LEN;
    s.fail_at = MAX_LEN / 2;
    hb_init(&ctx, impl);
    check(ti->update_read(&ctx.u, s.len, read_mem, &s) == EIO, "update_read returns read_at's errno (EIO)");
    pthread_mutex_destroy(&s.lock);
}

int main(void)
{
    const hb_algo *a = hb_algo_find("blake3");
    const hb_threads_iface *ti = NULL;
    const hb_impl *impl = a ? threaded_impl(a, &ti) : NULL;
    const hb_impl *ref = a ? hb_impl_find(a, "fast") : NULL;
    uint8_t *msg;
    unsigned i;
    if (!impl) {
        printf("SKIP no BLAKE3 row with a threads interface in this build or on this CPU\n"
               "0 passed, 0 failed, 1 skipped\n");
        return 0;
    }
    check(ti->set && ti->get && ti->last_job && ti->update_read, "BLAKE3's threaded row fills all four");
    if (!ti->set || !ti->get || !ti->last_job || !ti->update_read || !ref || !(msg = malloc(MAX_LEN)))
        return unit_summary();
    hb_workload_fill(msg, MAX_LEN);
    check_counts(ti);
    check_last_job(ti, impl, msg);
    for (i = 0; i < N_LENGTHS; i++) {
        check_update_read(ti, impl, ref, msg, lengths[i], 0);
        if (lengths[i] > 1000)
            check_update_read(ti, impl, ref, msg, lengths[i], 1000);
    }
    ti->set(1);
    check_update_read(ti, impl, ref, msg, MAX_LEN, 0);
    ti->set(0);
    check_read_error(ti, impl, msg);
    free(msg);
    return unit_summary();
}
