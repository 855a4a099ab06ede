/* Differential fuzz target: every implementation against `portable`, and
 * `portable` against the C peer libraries (OpenSSL, zlib, ...).
 *
 * Input layout (what the fuzzer mutates):
 *   byte 0      algorithm (index into the roster, modulo its size)
 *   byte 1      implementation (index among those this CPU can run; peers included)
 *   byte 2      start offset 0..63 of the message in a 64-byte aligned buffer
 *   byte 3      number of split points for the streamed run (low 3 bits)
 *   2 bytes per split point: little-endian piece length (0 allowed: an empty update)
 *   the rest    the message
 *
 * Checked, with abort() and a message on any failure:
 *   - the implementation one-shot (hb_hash), through its one-shot function
 *     (hb_hash_oneshot) and streamed in the chosen pieces agrees with portable;
 *   - every peer of the algorithm agrees with portable (one-shot);
 *   - the digest is written only where it belongs: guard bytes on both
 *     sides of the output buffer stay untouched;
 *   - the message is not written to (compared with a copy).
 * The message ends exactly at the end of its heap block, so ASan sees any
 * read past it.  The library reads HB_X86_MASK (src/arch/x86/cpu_x86.h), so
 * `HB_X86_MASK=128 build/fuzz/fuzz_differential` checks the paths below AVX2. */
// fuzz-options: -max_len=20000
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hashbench.h"
#include "impl_rows.h"          /* hb_hash_oneshot */

#define GUARD 32
#define GUARD_BYTE 0xA5

static void fail(const hb_algo *a, const hb_impl *impl, const char *what, size_t len, size_t off)
{
    fprintf(stderr, "fuzz_differential: %s %s: %s (message length %zu at offset %zu)\n", a->id, impl->name,
            what, len, off);
    abort();
}

/* digest buffer with guards; out points GUARD bytes in */
typedef struct guarded {
    uint8_t buf[GUARD + HB_MAX_DIGEST + GUARD];
} guarded;

static uint8_t *guard_reset(guarded *g)
{
    memset(g->buf, GUARD_BYTE, sizeof g->buf);
    return g->buf + GUARD;
}

/* every byte outside the digest's own digest_size bytes must still be the guard */
static int guard_ok(const guarded *g, unsigned digest_size)
{
    size_t i;
    for (i = 0; i < sizeof g->buf; i++)
        if ((i < GUARD || i >= GUARD + digest_size) && g->buf[i] != GUARD_BYTE)
            return 0;
    return 1;
}

/* the message must be read only: checked after every call */
static void unchanged(const hb_algo *a, const hb_impl *impl, const uint8_t *msg, const uint8_t *copy, size_t len,
                      size_t off)
{
    if (memcmp(msg, copy, len) != 0)
        fail(a, impl, "modified the message", len, off);
}

static int is_peer(const hb_algo *a, const hb_impl *impl)
{
    return hb_impl_rank(a, impl) < 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static hb_ctx ctx;
    const hb_algo *a;
    const hb_impl *port, *impl = NULL;
    const hb_impl *avail[64];
    unsigned n_avail = 0, i, n_splits;
    size_t splits[8], off, len, pos, k, s;
    uint8_t *block, *msg, *copy;
    uint8_t ref[HB_MAX_DIGEST];
    guarded g;
    uint8_t *out;

    if (size < 4)
        return 0;
    a = hb_algo_at(data[0] % hb_algo_count());
    port = hb_impl_find(a, "portable");
    if (!port || a->digest_size > HB_MAX_DIGEST) {
        fprintf(stderr, "fuzz_differential: %s has no portable implementation\n", a->id);
        abort();
    }
    for (i = 0; i < hb_impl_count(a) && n_avail < 64; i++)
        if (hb_impl_available(hb_impl_at(a, i)))
            avail[n_avail++] = hb_impl_at(a, i);
    impl = avail[data[1] % n_avail];
    off = data[2] & 63u;
    n_splits = data[3] & 7u;
    data += 4;
    size -= 4;
    for (i = 0; i < n_splits && size >= 2; i++) {
        splits[i] = (size_t)data[0] | (size_t)data[1] << 8;
        data += 2;
        size -= 2;
    }
    n_splits = i;
    len = size;

    /* the message at `off` into a 64-byte aligned block that ends where it ends */
    if (posix_memalign((void **)&block, 64, off + len ? off + len : 1) != 0)
        return 0;
    msg = block + off;
    memcpy(msg, data, len);
    copy = malloc(len ? len : 1);
    if (!copy) {
        free(block);
        return 0;
    }
    memcpy(copy, data, len);

    /* the reference: portable, one-shot */
    out = guard_reset(&g);
    hb_hash(port, msg, len, out);
    unchanged(a, port, msg, copy, len, off);
    if (!guard_ok(&g, a->digest_size))
        fail(a, port, "wrote outside its digest", len, off);
    memcpy(ref, out, a->digest_size);

    /* the chosen implementation, one-shot through init/update/final */
    out = guard_reset(&g);
    hb_hash(impl, msg, len, out);
    unchanged(a, impl, msg, copy, len, off);
    if (!guard_ok(&g, a->digest_size))
        fail(a, impl, "wrote outside its digest (one-shot)", len, off);
    if (memcmp(out, ref, a->digest_size) != 0)
        fail(a, impl, "one-shot digest differs from portable", len, off);

    /* ... through its one-shot function where it has one */
    out = guard_reset(&g);
    hb_hash_oneshot(impl, msg, len, out);
    unchanged(a, impl, msg, copy, len, off);
    if (!guard_ok(&g, a->digest_size))
        fail(a, impl, "wrote outside its digest (one-shot function)", len, off);
    if (memcmp(out, ref, a->digest_size) != 0)
        fail(a, impl, "one-shot function's digest differs from portable", len, off);

    /* ... streamed: the split points as piece lengths, the rest in one last update */
    out = guard_reset(&g);
    hb_init(&ctx, impl);
    for (pos = 0, s = 0; s < n_splits; s++) {
        k = splits[s] < len - pos ? splits[s] : len - pos;
        hb_update(&ctx, msg + pos, k);
        pos += k;
    }
    hb_update(&ctx, msg + pos, len - pos);
    hb_final(&ctx, out);
    unchanged(a, impl, msg, copy, len, off);
    if (!guard_ok(&g, a->digest_size))
        fail(a, impl, "wrote outside its digest (streamed)", len, off);
    if (memcmp(out, ref, a->digest_size) != 0)
        fail(a, impl, "streamed digest differs from portable", len, off);

    /* every peer library of this algorithm against portable */
    for (i = 0; i < n_avail; i++) {
        if (!is_peer(a, avail[i]) || avail[i] == impl)
            continue;
        out = guard_reset(&g);
        hb_hash_oneshot(avail[i], msg, len, out);
        unchanged(a, avail[i], msg, copy, len, off);
        if (!guard_ok(&g, a->digest_size))
            fail(a, avail[i], "wrote outside its digest (peer)", len, off);
        if (memcmp(out, ref, a->digest_size) != 0)
            fail(a, avail[i], "peer's digest differs from portable", len, off);
    }

    free(copy);
    free(block);
    return 0;
}
