/* The cross harness: what runs on each QEMU target (glibc or freestanding).
 *
 *   harness check          every built-in vector (table_vectors.h) through
 *                          every implementation, one-shot and streamed, then
 *                          "digest ALGO IMPL HEX" of the canonical 1024-byte
 *                          workload for every implementation; ends with
 *                          "N passed, N failed" (for the vectors; the runner
 *                          compares the digests with workload-digests.txt)
 *   harness count [SIZES]  for every algorithm, implementation and size
 *                          (default 64 256 1024): start marker, one-shot
 *                          hash of the workload, stop marker, and a line
 *                          "record ID ALGO IMPL SIZE TIER DIGEST"; record 0 is an
 *                          empty region (the markers' own cost)
 *
 * Uses only the library and platform.h: no stdio, no malloc. */
#include "hashbench.h"
#include "out.h"
#include "platform.h"
#include "marker.h"
#include "table_vectors.h"

#define MAX_SIZE 65536u

/* the measured buffer, aligned for any load */
static union {
    uint64_t align;
    uint8_t bytes[MAX_SIZE];
} work;

static unsigned long passed, failed;

static int bytes_equal(const uint8_t *a, const uint8_t *b, uint32_t n)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static int text_equal(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

/* Expands a message descriptor into hb_tv_msgbuf; returns its length. */
static uint32_t expand(const hb_tv_bytes *m)
{
    uint8_t *o = hb_tv_msgbuf;
    uint64_t gen = 2654435761u;
    uint32_t i, n = m->kind == HB_TV_BYTES ? m->len : m->kind == HB_TV_REP ? m->len * m->count : m->count;
    for (i = 0; i < n; i++) {
        switch (m->kind) {
        case HB_TV_BYTES: o[i] = m->data[i]; break;
        case HB_TV_REP: o[i] = m->data[i % m->len]; break;
        case HB_TV_SEQ: o[i] = (uint8_t)i; break;
        case HB_TV_MOD251: o[i] = (uint8_t)(i % 251u); break;
        case HB_TV_WORKLOAD: o[i] = (uint8_t)(i * 31u + 7u); break;
        default:
            o[i] = (uint8_t)(gen >> 56);
            gen *= UINT64_C(11400714785074694797);
        }
    }
    return n;
}

static void report(const hb_tv *v, const hb_impl *impl, const char *how, const uint8_t *got)
{
    hb_out_str("FAIL ");
    hb_out_str(v->algo);
    hb_out_str("/");
    hb_out_str(impl->name);
    hb_out_str(" ");
    hb_out_str(v->where);
    hb_out_str(" (");
    hb_out_str(how);
    hb_out_str(")");
    if (got) {
        hb_out_str(" expected ");
        hb_out_hex(v->out, v->out_len);
        hb_out_str(" got ");
        hb_out_hex(got, v->out_len);
    }
    hb_out_str("\n");
    failed++;
}

/* Streams the message in pieces of 0, 1, 2, 3, 5, 8, ... bytes, as
 * `hashbench verify` does, to cross every buffering path. */
static void digest_streamed(const hb_impl *impl, const uint8_t *msg, uint32_t len, uint8_t *digest)
{
    static const uint32_t pieces[] = { 0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 4096, 65537 };
    hb_ctx ctx;
    uint32_t off = 0, k = 0, n;
    hb_init(&ctx, impl);
    while (off < len) {
        n = pieces[k++ % (sizeof pieces / sizeof pieces[0])];
        if (n > len - off)
            n = len - off;
        hb_update(&ctx, msg + off, n);
        off += n;
    }
    hb_final(&ctx, digest);
}

static void check_vector(const hb_algo *a, const hb_impl *impl, const hb_tv *v, uint32_t len)
{
    static uint8_t got[1024];
    int ok = 1;
    if (v->out_len > sizeof got) {
        report(v, impl, "output longer than the harness allows", 0);
        return;
    }
    if (v->has_key || v->has_salt || v->has_iter || v->out_len != a->digest_size) {
        hb_params p;
        /* as `hashbench verify` passes them: no pointer for an empty string */
        p.key = v->key_len ? v->key : 0;
        p.key_len = v->key_len;
        p.salt = v->salt_len ? v->salt : 0;
        p.salt_len = v->salt_len;
        p.iterations = v->iterations;
        if (!impl->with_params) {
            report(v, impl, "no keyed/parameterised form", 0);
            return;
        }
        if (impl->with_params(&p, hb_tv_msgbuf, len, got, v->out_len) != 0) {
            report(v, impl, "parameters rejected", 0);
            return;
        }
        if (!bytes_equal(got, v->out, v->out_len)) {
            report(v, impl, "parameters", got);
            return;
        }
    } else {
        hb_hash(impl, hb_tv_msgbuf, len, got);
        if (!bytes_equal(got, v->out, v->out_len)) {
            report(v, impl, "one-shot", got);
            ok = 0;
        }
        digest_streamed(impl, hb_tv_msgbuf, len, got);
        if (!bytes_equal(got, v->out, v->out_len)) {
            report(v, impl, "streamed", got);
            ok = 0;
        }
        if (!ok)
            return;
    }
    passed++;
}

static int run_check(void)
{
    unsigned k, ai, ii;
    uint8_t digest[HB_MAX_DIGEST];
    for (k = 0; k < hb_tv_count; k++) {
        const hb_tv *v = &hb_tv_table[k];
        const hb_algo *a = 0;
        uint32_t len;
        if ((v->msg.kind == HB_TV_REP ? v->msg.len * v->msg.count :
             v->msg.kind == HB_TV_BYTES ? v->msg.len : v->msg.count) > hb_tv_msgbuf_len) {
            hb_out_str("FAIL message longer than the table's buffer: ");
            hb_out_str(v->where);
            hb_out_str("\n");
            failed++;
            continue;
        }
        len = expand(&v->msg);
        for (ai = 0; ai < hb_algo_count(); ai++)
            if (text_equal(hb_algo_at(ai)->id, v->algo))
                a = hb_algo_at(ai);
        if (!a) {
            hb_out_str("FAIL unknown algorithm ");
            hb_out_str(v->algo);
            hb_out_str("\n");
            failed++;
            continue;
        }
        for (ii = 0; ii < hb_impl_count(a); ii++)
            if (hb_impl_available(hb_impl_at(a, ii)))
                check_vector(a, hb_impl_at(a, ii), v, len);
    }
    hb_workload_fill(work.bytes, 1024);
    for (ai = 0; ai < hb_algo_count(); ai++) {
        const hb_algo *a = hb_algo_at(ai);
        for (ii = 0; ii < hb_impl_count(a); ii++) {
            const hb_impl *impl = hb_impl_at(a, ii);
            if (!hb_impl_available(impl))
                continue;
            hb_hash(impl, work.bytes, 1024, digest);
            hb_out_str("digest ");
            hb_out_str(a->id);
            hb_out_str(" ");
            hb_out_str(impl->name);
            hb_out_str(" ");
            hb_out_hex(digest, a->digest_size);
            hb_out_str("\n");
        }
    }
    hb_out_str("check: ");
    hb_out_uint(passed);
    hb_out_str(" passed, ");
    hb_out_uint(failed);
    hb_out_str(" failed\n");
    hb_out_flush();
    return failed ? 1 : 0;
}

static int parse_size(const char *s, unsigned long *out)
{
    unsigned long v = 0;
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > MAX_SIZE)
            return -1;
        v = v * 10 + (unsigned long)(*s - '0');
    }
    if (v == 0 || v > MAX_SIZE)
        return -1;
    *out = v;
    return 0;
}

static int run_count(int n_sizes, char **size_args)
{
    static const unsigned long default_sizes[] = { 64, 256, 1024 };
    unsigned long sizes[16];
    unsigned record = 0, ai, ii;
    int s, n = 0;
    uint8_t digest[HB_MAX_DIGEST];
    for (s = 0; s < n_sizes; s++) {
        if (n == 16 || parse_size(size_args[s], &sizes[n]) != 0) {
            hb_out_str("harness: a size is 1 to 65536 bytes, at most 16 sizes\n");
            hb_out_flush();
            return 2;
        }
        n++;
    }
    if (n == 0)
        for (n = 0; n < 3; n++)
            sizes[n] = default_sizes[n];
    hb_workload_fill(work.bytes, MAX_SIZE);
    /* record 0: nothing between the markers */
    hb_plat_mark(HB_MARK_START, record);
    hb_plat_mark(HB_MARK_STOP, record);
    hb_out_str("record 0 - - 0 - -\n");
    for (ai = 0; ai < hb_algo_count(); ai++) {
        const hb_algo *a = hb_algo_at(ai);
        for (ii = 0; ii < hb_impl_count(a); ii++) {
            const hb_impl *impl = hb_impl_at(a, ii);
            if (!hb_impl_available(impl))
                continue;
            for (s = 0; s < n; s++) {
                record++;
                hb_plat_mark(HB_MARK_START, record);
                hb_hash(impl, work.bytes, sizes[s], digest);
                hb_plat_mark(HB_MARK_STOP, record);
                hb_out_str("record ");
                hb_out_uint(record);
                hb_out_str(" ");
                hb_out_str(a->id);
                hb_out_str(" ");
                hb_out_str(impl->name);
                hb_out_str(" ");
                hb_out_uint(sizes[s]);
                hb_out_str(" ");
                hb_out_str(hb_tier_name(a->tier));
                hb_out_str(" ");
                hb_out_hex(digest, a->digest_size);
                hb_out_str("\n");
            }
        }
    }
    hb_out_flush();
    return 0;
}

int hb_harness_main(int argc, char **argv)
{
    if (argc >= 2 && text_equal(argv[1], "check") && argc == 2)
        return run_check();
    if (argc >= 2 && text_equal(argv[1], "count"))
        return run_count(argc - 2, argv + 2);
    hb_out_str("usage: harness check | harness count [SIZE...]\n");
    hb_out_flush();
    return 2;
}
