/* The API contract, SUPERCOP-style, for every implementation this CPU can
 * run (the peer libraries' included) of every algorithm:
 *
 *   ctx-size     ctx_size fits hb_any_ctx (hb_ctx holds any implementation)
 *   ctx-guard    nothing written past ctx_size, nor before the context,
 *                by init, update or final (guard bytes around it)
 *   input        the input is unchanged by init/update/final, by the
 *                one-shot function and by with_params (and nothing around
 *                it is written either)
 *   output-guard nothing written before or after the digest (canary bytes
 *                around the output) by final, the one-shot function and
 *                with_params
 *   repeat       the same digest again: a fresh context, a context reused
 *                after final, a context initialised again in mid-stream,
 *                hb_hash, the one-shot function twice; and with_params with
 *                the roster's defaults equal to init/update/final
 *   null-update  update(NULL, 0) at the start, in the middle, at the end,
 *                or as the only update changes nothing; the one-shot
 *                function of (NULL, 0) is the empty message's digest
 *   offsets      every start address offset 0..63 gives the same digest,
 *                streamed and one-shot, for lengths around the block size
 *   overlap      what include/hashbench.h promises: the digest that final
 *                (and hb_hash) writes may overlap the input, which update
 *                has consumed by then
 *
 * One check per algorithm, implementation and property: "N passed,
 * N failed" at the end, a FAIL line naming algorithm, implementation,
 * check and the first case that failed.  Run it once per dispatch level
 * (HB_X86_MASK) and core tuning (HB_X86_CORE): it tests whatever is
 * available under them. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"
#include "impl_rows.h"

#define GUARD 64                /* canary bytes on each side */
#define MAX_OFF 64              /* start offsets 0..63 */
#define BIG_LEN 300001u         /* past BLAKE3 mt's 128 KiB threshold, odd */
#define N_LEN_MAX 32

typedef struct subject {
    const hb_algo *algo;
    const hb_impl *impl;
    hb_oneshot_fn os;           /* NULL: no one-shot function */
    unsigned dsize;
    int peer;
} subject;

static unsigned n_passed, n_failed;
static char why[256];           /* the first failing case of the current check */

/* ---- buffers ------------------------------------------------------------ */

/* the canary: position-dependent, so that a shifted copy of it is caught */
static uint8_t canary(size_t i)
{
    return (uint8_t)(0xA5u ^ (i * 29u));
}

static void fill_canary(uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = canary(i);
}

/* the first index whose canary was overwritten, or n */
static size_t first_changed(const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n && p[i] == canary(i); i++)
        ;
    return i;
}

static uint8_t *msg_store;      /* MAX_OFF + BIG_LEN + 2 GUARD, 64-aligned inside */
static uint8_t *msg_copy;       /* the same, to see what changed */
static size_t msg_store_len;

/* 64-byte aligned: offsets then mean the same on every run */
static uint8_t *align64(uint8_t *p)
{
    return (uint8_t *)(((uintptr_t)p + 63u) & ~(uintptr_t)63u);
}

/* The message bytes for a case: random-looking, different per length. */
static void fill_message(uint8_t *p, size_t len, size_t salt)
{
    size_t i;
    uint32_t x = (uint32_t)(salt * 2654435761u + 12345u);
    for (i = 0; i < len; i++) {
        x = x * 1103515245u + 12345u;
        p[i] = (uint8_t)(x >> 23);
    }
}

/* Context storage: a whole hb_any_ctx's worth plus guards; the context
 * sits at `shift` past a 64-byte boundary. */
static union {
    hb_any_ctx any;
    uint8_t raw[sizeof(hb_any_ctx) + 3 * GUARD + 64];
} ctx_store;

static void *ctx_at(size_t shift)
{
    fill_canary(ctx_store.raw, sizeof ctx_store.raw);
    return align64(ctx_store.raw) + GUARD + shift;
}

/* 0, or 1 with `why` set, when bytes outside [ctx, ctx + ctx_size) changed */
static int ctx_guard_bad(const subject *s, const void *ctx, const char *when)
{
    const uint8_t *c = (const uint8_t *)ctx;
    size_t before = (size_t)(c - ctx_store.raw), i;
    size_t after = before + s->impl->ctx_size, end = sizeof ctx_store.raw;
    for (i = 0; i < before; i++)
        if (ctx_store.raw[i] != canary(i)) {
            snprintf(why, sizeof why, "%s wrote %zu bytes before the context", when, before - i);
            return 1;
        }
    for (i = after; i < end; i++)
        if (ctx_store.raw[i] != canary(i)) {
            snprintf(why, sizeof why, "%s wrote byte %zu past ctx_size %zu", when, i - after,
                     s->impl->ctx_size);
            return 1;
        }
    return 0;
}

/* ---- hashing ------------------------------------------------------------- */

/* init, the message in pieces of `step` bytes (0: one update), final; the
 * context at ctx_at(shift) */
static void streamed(const subject *s, const uint8_t *m, size_t len, size_t step, size_t shift,
                     uint8_t *out)
{
    void *ctx = ctx_at(shift);
    size_t off = 0, k;
    s->impl->init(ctx);
    while (off < len) {
        k = step && step < len - off ? step : len - off;
        s->impl->update(ctx, m + off, k);
        off += k;
    }
    s->impl->final(ctx, out);
}

static void reference(const subject *s, const uint8_t *m, size_t len, uint8_t *out)
{
    streamed(s, m, len, 0, 0, out);
}

/* ---- reporting ----------------------------------------------------------- */

static void report(const subject *s, const char *check, int bad)
{
    if (bad) {
        printf("FAIL %s %s: %s: %s\n", s->algo->id, s->impl->name, check, why);
        n_failed++;
    } else {
        n_passed++;
    }
}

/* the lengths for an algorithm: around 1, 2 and 4 blocks, and BLAKE3's
 * chunk and SIMD-batch sizes; `big` adds one past mt's threshold */
static size_t lengths_for(const hb_algo *algo, int big, size_t *out)
{
    size_t bs = algo->block_size > 1 ? algo->block_size : 64, n = 0;
    static const size_t fixed[] = { 0, 1, 3, 7, 8, 15, 16, 17, 31, 32, 33, 1023, 1024, 1025, 4097 };
    size_t i;
    for (i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        out[n++] = fixed[i];
    out[n++] = bs - 1;
    out[n++] = bs;
    out[n++] = bs + 1;
    out[n++] = 2 * bs - 1;
    out[n++] = 2 * bs + 1;
    out[n++] = 4 * bs + 5;
    out[n++] = 16 * bs + 3;
    if (big)
        out[n++] = BIG_LEN;
    return n;
}

/* ---- the checks ---------------------------------------------------------- */

static int check_ctx_size(const subject *s)
{
    if (s->impl->ctx_size <= sizeof(hb_any_ctx))
        return 0;
    snprintf(why, sizeof why, "ctx_size %zu > sizeof(hb_any_ctx) %zu", s->impl->ctx_size,
             sizeof(hb_any_ctx));
    return 1;
}

/* The guards around the context after each step, with the context at the
 * start of hb_ctx's storage and at its offset inside hb_ctx. */
static int check_ctx_guard(const subject *s, const size_t *lens, size_t n_lens)
{
    const size_t shifts[2] = { 0, offsetof(hb_ctx, u) % 64 };
    uint8_t *m = align64(msg_store) + GUARD, out[HB_MAX_DIGEST];
    size_t t, k, half;
    void *ctx;
    for (k = 0; k < 2; k++)
        for (t = 0; t < n_lens; t++) {
            fill_message(m, lens[t], t);
            half = lens[t] / 2;
            ctx = ctx_at(shifts[k]);
            s->impl->init(ctx);
            if (ctx_guard_bad(s, ctx, "init"))
                return 1;
            s->impl->update(ctx, m, half);
            s->impl->update(ctx, m + half, lens[t] - half);
            if (ctx_guard_bad(s, ctx, "update"))
                return 1;
            s->impl->final(ctx, out);
            if (ctx_guard_bad(s, ctx, "final")) {
                size_t l = strlen(why);
                snprintf(why + l, sizeof why - l, " (length %zu)", lens[t]);
                return 1;
            }
        }
    return 0;
}

/* 0 when the whole message store equals its copy, else 1 and `why` */
static int input_changed(size_t len, const char *by)
{
    size_t i;
    for (i = 0; i < msg_store_len; i++)
        if (msg_store[i] != msg_copy[i]) {
            snprintf(why, sizeof why, "%s changed input byte %ld (length %zu)", by,
                     (long)i - (long)(align64(msg_store) + GUARD - msg_store), len);
            return 1;
        }
    return 0;
}

static int check_input(const subject *s, const size_t *lens, size_t n_lens)
{
    uint8_t *m = align64(msg_store) + GUARD, out[HB_MAX_DIGEST];
    hb_params p;
    size_t t;
    memset(&p, 0, sizeof p);
    for (t = 0; t < n_lens; t++) {
        fill_canary(msg_store, msg_store_len);
        fill_message(m, lens[t], t);
        memcpy(msg_copy, msg_store, msg_store_len);
        streamed(s, m, lens[t], 0, 0, out);
        if (input_changed(lens[t], "init/update/final"))
            return 1;
        streamed(s, m, lens[t], 61, 0, out);
        if (input_changed(lens[t], "init/update/final in 61-byte pieces"))
            return 1;
        if (s->os) {
            s->os(m, lens[t], out);
            if (input_changed(lens[t], "the one-shot function"))
                return 1;
        }
        if (s->impl->with_params) {
            s->impl->with_params(&p, m, lens[t], out, s->dsize);
            if (input_changed(lens[t], "with_params"))
                return 1;
        }
    }
    return 0;
}

/* An output area with canaries around it: the digest goes at out + GUARD. */
static uint8_t out_area[GUARD + HB_MAX_DIGEST + GUARD];

static int output_guard_bad(const subject *s, const char *by, size_t len)
{
    size_t i = first_changed(out_area, GUARD), j;
    if (i < GUARD) {
        snprintf(why, sizeof why, "%s wrote %zu bytes before the digest (length %zu)", by, GUARD - i, len);
        return 1;
    }
    for (j = GUARD + s->dsize; j < sizeof out_area; j++)
        if (out_area[j] != canary(j)) {
            snprintf(why, sizeof why, "%s wrote byte %zu after the digest (length %zu)", by,
                     j - GUARD - s->dsize, len);
            return 1;
        }
    return 0;
}

static int check_output_guard(const subject *s, const size_t *lens, size_t n_lens)
{
    uint8_t *m = align64(msg_store) + GUARD;
    hb_params p;
    size_t t;
    memset(&p, 0, sizeof p);
    for (t = 0; t < n_lens; t++) {
        fill_message(m, lens[t], t);
        fill_canary(out_area, sizeof out_area);
        streamed(s, m, lens[t], 0, 0, out_area + GUARD);
        if (output_guard_bad(s, "final", lens[t]))
            return 1;
        if (s->os) {
            fill_canary(out_area, sizeof out_area);
            s->os(m, lens[t], out_area + GUARD);
            if (output_guard_bad(s, "the one-shot function", lens[t]))
                return 1;
        }
        if (s->impl->with_params) {
            fill_canary(out_area, sizeof out_area);
            if (s->impl->with_params(&p, m, lens[t], out_area + GUARD, s->dsize) == 0 &&
                output_guard_bad(s, "with_params", lens[t]))
                return 1;
        }
    }
    return 0;
}

/* `got` against `ref`: 0, or 1 with `why` naming the case */
static int differs(const subject *s, const uint8_t *ref, const uint8_t *got, const char *what, size_t len)
{
    if (memcmp(ref, got, s->dsize) == 0)
        return 0;
    snprintf(why, sizeof why, "%s gave another digest (length %zu)", what, len);
    return 1;
}

/* a context used for another message first, then initialised again:
 * after a whole hash, and abandoned in mid-stream (not for peers, whose
 * library object an abandoned stream keeps: include/peers.h) */
static int reuse_bad(const subject *s, const uint8_t *m, size_t len, const uint8_t *ref)
{
    static uint8_t other[100] = { 1, 2, 3 };
    uint8_t got[HB_MAX_DIGEST];
    void *ctx = ctx_at(0);
    s->impl->init(ctx);
    s->impl->update(ctx, other, sizeof other);
    s->impl->final(ctx, got);
    s->impl->init(ctx);
    s->impl->update(ctx, m, len);
    s->impl->final(ctx, got);
    if (differs(s, ref, got, "a context reused after final", len))
        return 1;
    if (s->peer)
        return 0;
    s->impl->init(ctx);
    s->impl->update(ctx, other, sizeof other);
    s->impl->init(ctx);
    s->impl->update(ctx, m, len);
    s->impl->final(ctx, got);
    return differs(s, ref, got, "a context initialised again in mid-stream", len);
}

static int check_repeat(const subject *s, const size_t *lens, size_t n_lens)
{
    uint8_t *m = align64(msg_store) + GUARD, ref[HB_MAX_DIGEST], got[HB_MAX_DIGEST];
    hb_params p;
    size_t t;
    int k;
    memset(&p, 0, sizeof p);
    for (t = 0; t < n_lens; t++) {
        size_t len = lens[t];
        fill_message(m, len, t);
        reference(s, m, len, ref);
        for (k = 0; k < 2; k++) {
            streamed(s, m, len, 0, 0, got);
            if (differs(s, ref, got, "a fresh context, again", len))
                return 1;
        }
        if (reuse_bad(s, m, len, ref))
            return 1;
        hb_hash(s->impl, m, len, got);
        if (differs(s, ref, got, "hb_hash", len))
            return 1;
        for (k = 0; s->os && k < 2; k++) {
            s->os(m, len, got);
            if (differs(s, ref, got, "the one-shot function", len))
                return 1;
        }
        if (s->impl->with_params && s->impl->with_params(&p, m, len, got, s->dsize) == 0 &&
            differs(s, ref, got, "with_params with the roster's defaults", len))
            return 1;
    }
    return 0;
}

/* update(NULL, 0) where `where` says: bit 0 first, bit 1 in the middle,
 * bit 2 last */
static void with_nulls(const subject *s, const uint8_t *m, size_t len, unsigned where, uint8_t *out)
{
    void *ctx = ctx_at(0);
    size_t half = len / 2;
    s->impl->init(ctx);
    if (where & 1)
        s->impl->update(ctx, NULL, 0);
    s->impl->update(ctx, m, half);
    if (where & 2) {
        s->impl->update(ctx, NULL, 0);
        s->impl->update(ctx, NULL, 0);
    }
    s->impl->update(ctx, m + half, len - half);
    if (where & 4)
        s->impl->update(ctx, NULL, 0);
    s->impl->final(ctx, out);
}

static int check_null_update(const subject *s, const size_t *lens, size_t n_lens)
{
    uint8_t *m = align64(msg_store) + GUARD, ref[HB_MAX_DIGEST], got[HB_MAX_DIGEST];
    static const char *const places[8] = { "", "at the start", "in the middle", "at the start and in the middle",
                                           "at the end", "at the start and end", "in the middle and at the end",
                                           "at the start, in the middle and at the end" };
    char what[96];
    size_t t;
    unsigned where;
    void *ctx;
    for (t = 0; t < n_lens; t++) {
        fill_message(m, lens[t], t);
        reference(s, m, lens[t], ref);
        for (where = 1; where < 8; where++) {
            with_nulls(s, m, lens[t], where, got);
            snprintf(what, sizeof what, "update(NULL, 0) %s", places[where]);
            if (differs(s, ref, got, what, lens[t]))
                return 1;
        }
    }
    reference(s, m, 0, ref);
    ctx = ctx_at(0);
    s->impl->init(ctx);
    s->impl->update(ctx, NULL, 0);
    s->impl->final(ctx, got);
    if (differs(s, ref, got, "update(NULL, 0) as the only update", 0))
        return 1;
    if (s->os) {
        s->os(NULL, 0, got);
        if (differs(s, ref, got, "the one-shot function of (NULL, 0)", 0))
            return 1;
    }
    return 0;
}

static int check_offsets(const subject *s, const size_t *lens, size_t n_lens)
{
    uint8_t *base = align64(msg_store) + GUARD, ref[HB_MAX_DIGEST], got[HB_MAX_DIGEST];
    size_t t, off;
    char what[64];
    for (t = 0; t < n_lens; t++) {
        size_t len = lens[t];
        fill_message(base, len, t);
        reference(s, base, len, ref);
        for (off = 1; off < MAX_OFF; off++) {
            memmove(base + off, base + off - 1, len);   /* the message one byte further on */
            streamed(s, base + off, len, 0, 0, got);
            snprintf(what, sizeof what, "init/update/final at offset %zu", off);
            if (differs(s, ref, got, what, len))
                return 1;
            if (s->os) {
                s->os(base + off, len, got);
                snprintf(what, sizeof what, "the one-shot function at offset %zu", off);
                if (differs(s, ref, got, what, len))
                    return 1;
            }
        }
    }
    return 0;
}

/* The digest written over the input, at position `at` of it (it may run
 * past the input's end): final and hb_hash both. */
static int overlap_bad(const subject *s, uint8_t *m, size_t len, size_t at, const uint8_t *ref, size_t t)
{
    void *ctx = ctx_at(0);
    char what[96];
    fill_message(m, len, t);
    s->impl->init(ctx);
    s->impl->update(ctx, m, len);
    s->impl->final(ctx, m + at);
    snprintf(what, sizeof what, "final writing over the input at %zu", at);
    if (differs(s, ref, m + at, what, len))
        return 1;
    fill_message(m, len, t);
    hb_hash(s->impl, m, len, m + at);
    snprintf(what, sizeof what, "hb_hash writing over the input at %zu", at);
    return differs(s, ref, m + at, what, len);
}

static int check_overlap(const subject *s, const size_t *lens, size_t n_lens)
{
    uint8_t *m = align64(msg_store) + GUARD, ref[HB_MAX_DIGEST];
    size_t t, k;
    for (t = 0; t < n_lens; t++) {
        size_t len = lens[t];
        /* the start, the middle, the end, and straddling the end */
        const size_t at[4] = { 0, len / 2, len > s->dsize ? len - s->dsize : 0,
                               len > s->dsize / 2 ? len - s->dsize / 2 : 0 };
        fill_message(m, len, t);
        reference(s, m, len, ref);
        for (k = 0; k < 4; k++)
            if (overlap_bad(s, m, len, at[k], ref, t))
                return 1;
    }
    return 0;
}

/* ---- driver -------------------------------------------------------------- */

static void check_subject(const subject *s)
{
    size_t lens[N_LEN_MAX], small[N_LEN_MAX];
    size_t n_lens = lengths_for(s->algo, 1, lens), n_small = lengths_for(s->algo, 0, small);
    unsigned before = n_failed;
    report(s, "ctx-size", check_ctx_size(s));
    if (n_failed != before)
        return;                 /* the other checks would write past hb_any_ctx */
    report(s, "ctx-guard", check_ctx_guard(s, lens, n_lens));
    report(s, "input", check_input(s, lens, n_lens));
    report(s, "output-guard", check_output_guard(s, lens, n_lens));
    report(s, "repeat", check_repeat(s, small, n_small));
    report(s, "null-update", check_null_update(s, small, n_small));
    report(s, "offsets", check_offsets(s, small, n_small));
    report(s, "overlap", check_overlap(s, lens, n_lens));
}

int main(void)
{
    unsigned a, i, n_impls = 0;
    msg_store_len = 64 + GUARD + MAX_OFF + BIG_LEN + GUARD;
    msg_store = malloc(msg_store_len);
    msg_copy = malloc(msg_store_len);
    if (!msg_store || !msg_copy) {
        fprintf(stderr, "contract: out of memory\n");
        return 2;
    }
    fill_canary(msg_store, msg_store_len);
    for (a = 0; a < hb_algo_count(); a++) {
        const hb_algo *algo = hb_algo_at(a);
        for (i = 0; i < hb_impl_count(algo); i++) {
            subject s;
            s.algo = algo;
            s.impl = hb_impl_at(algo, i);
            if (!hb_impl_available(s.impl) || algo->digest_size > HB_MAX_DIGEST)
                continue;
            s.os = hb_impl_oneshot(s.impl);
            s.dsize = algo->digest_size;
            s.peer = hb_impl_rank(algo, s.impl) < 0;
            check_subject(&s);
            n_impls++;
        }
    }
    printf("contract: %u implementations (tuning %s)\n", n_impls, hb_arch_tuning_name());
    free(msg_store);
    free(msg_copy);
    printf("%u passed, %u failed\n", n_passed, n_failed);
    return n_failed != 0;
}
