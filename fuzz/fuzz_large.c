/* Large-input fuzz target: messages of up to 2 MiB through every
 * implementation, and files of up to 64 MiB through hashbench sum's reader
 * (src/read/read_file.c), each against `portable` one-shot.
 *
 * fuzz_differential's messages are its input, so they stay below libFuzzer's
 * -max_len (20,000 bytes) and never reach BLAKE3 `mt` (from 128 KiB) nor
 * sum's windows (64 MiB).  Here the input describes a message: a length
 * near a power of two (the thresholds, chunks, windows and spans are all
 * powers of two or their sums) plus or minus a small delta, a seed it is
 * expanded from, and a few bytes patched in, so a run costs what the
 * hashing costs and libFuzzer mutates lengths and edges, not megabytes.
 *
 * Input layout (shorter inputs are padded with zeros: every input means
 * one message):
 *   byte 0      mode: even hashes in memory, odd through sum's reader
 *   byte 1      algorithm (index into the roster, modulo its size)
 *   byte 2      implementation (index among those this CPU can run)
 *   byte 3      length: low 5 bits exponent e, bits 5-6 multiplier m-1;
 *               the length is m * 2^e (e from 10: 1 KiB; m 1 where m * 2^e
 *               passes the limit below) ...
 *   byte 4      ... plus a second power of two 2^(byte % e), 0: none (and
 *               none where the sum would pass the limit) ...
 *   byte 5      ... plus this signed byte ...
 *   byte 6      ... plus this signed byte times 1024 (BLAKE3's chunk)
 *   byte 7      content: bits 0-1 pattern (seeded bytes, one byte repeated,
 *               a counter, zeros); bits 2-4 BLAKE3 `mt`'s threads (0: one
 *               per CPU); bits 5-6 sum's --io (auto, read, mmap, pread);
 *               bit 7 sum on several threads (`mt` only, as hashbench sum)
 *   byte 8      sum: the reader's sizes divided by 2^(byte % 18)
 *               (hb_read_shrink; 0 is hashbench's own 64 MiB windows)
 *   bytes 9-16  the seed
 *   byte 17     in memory: low 2 bits the number of leading pieces of the
 *               streamed run; high 6 bits the rest's piece size, 2^(x-1)
 *               bytes (0: one update)
 *   3 bytes per leading piece: a little-endian 16-bit length plus
 *               2^(third byte % 24) (third byte 0: nothing added)
 *   the rest    up to 8 patches of 4 bytes: offset (16-bit fraction of the
 *               length, plus a signed byte), the byte written there
 *
 * In memory (up to 2 MiB + 128 KiB): the implementation one-shot (hb_hash),
 * through its one-shot function (hb_hash_oneshot) and streamed in the
 * pieces above agrees with portable, and leaves the message unchanged.
 * Through sum's reader (lengths up to 4 MiB + 128 KiB, or 64 MiB + 128
 * KiB at the reader's own sizes, shift 0): the file, rewritten in a
 * scratch directory ($TMPDIR, else /dev/shm, else /tmp), read by
 * hb_read_file as hashbench sum would (pread and the threaded read units
 * only for an implementation whose row has threads: BLAKE3 `mt`), is read to its
 * last byte without error and its digest agrees with portable's of the
 * message (beyond PORTABLE_MAX, 2 MiB + 128 KiB: another implementation's
 * in memory, see there).  abort() with a message on any failure. */
// fuzz-sources: src/read/*.c
// fuzz-options: -max_len=64 -len_control=0 -timeout=300
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "hashbench.h"
#include "impl_rows.h"
#include "read/read_file.h"

#define HEADER 18
#define MAX_PIECES 3
#define MAX_PATCHES 8
#define INPUT_MAX (HEADER + 3 * MAX_PIECES + 4 * MAX_PATCHES)
/* the largest exponent, and the most the powers of two of a length add up
 * to (the deltas add at most 128 KiB): in memory 2^21, 2 MiB; through
 * sum's reader 2^22, 4 MiB, and 2^26, 64 MiB, only at the reader's own
 * sizes (shift 0) */
#define HASH_EXP_MAX 21
#define SUM_EXP_MAX 22
#define SUM_EXP_MAX_UNSHRUNK 26
#define SUM_SHIFTS 18
#define MAX_UPDATES 65536u
/* Up to this length the reference digest is portable's.  Beyond it (sum's
 * reader at its own sizes) the library's C loops are too slow under
 * libFuzzer's comparison tracing (BLAKE3 portable: 25 s for 64 MiB): the
 * implementation read is one of the quick ones (quick() below; byte 2
 * picks among them), the reference another quick one, the highest ranked,
 * both checked against portable in memory at up to this length (or the
 * same one, where an algorithm has one quick implementation only: then
 * the reader alone is checked) */
#define PORTABLE_MAX (((size_t)2 << 20) + ((size_t)128 << 10))

typedef struct spec {
    int in_sum;
    const hb_algo *algo;
    const hb_impl *impl;
    const hb_impl *ref;             /* the reference: portable (see PORTABLE_MAX) */
    size_t len;
    unsigned pattern, threads, io, threaded, shift;
    const hb_threads_iface *threads_if; /* the implementation's row's, or NULL */
    uint64_t seed;
    unsigned n_pieces;
    size_t pieces[MAX_PIECES];
    size_t rest_piece;              /* 0: the rest in one update */
    unsigned n_patches;
    size_t patch_at[MAX_PATCHES];
    uint8_t patch_byte[MAX_PATCHES];
} spec;

static const char *const io_names[] = {"auto", "read", "mmap", "pread"};
static const hb_io_mode io_modes[] = {HB_IO_AUTO, HB_IO_READ, HB_IO_MMAP, HB_IO_PREAD};

static void fail(const spec *s, const char *what)
{
    fprintf(stderr, "fuzz_large: %s %s: %s (reference %s; length %zu, %s, io %s, threaded %u, threads %u, "
            "shift %u)\n", s->algo->id, s->impl->name, what, s->ref->name, s->len,
            s->in_sum ? "sum's reader" : "in memory", io_names[s->io], s->threaded, s->threads, s->shift);
    abort();
}

static size_t le16(const uint8_t *p)
{
    return (size_t)p[0] | (size_t)p[1] << 8;
}

/* an implementation worth 64 MiB under the instrumentation: not a peer,
 * not the C loops of portable and fast */
static int quick(const hb_algo *a, const hb_impl *impl)
{
    return hb_impl_available(impl) && hb_impl_rank(a, impl) >= 0 && strcmp(impl->name, "portable") != 0 &&
           strcmp(impl->name, "fast") != 0;
}

/* beyond PORTABLE_MAX: the quick implementation ranked highest but `not`,
 * or the dispatcher's pick */
static const hb_impl *quick_reference(const hb_algo *a, const hb_impl *not)
{
    const hb_impl *best = NULL, *impl;
    unsigned i;
    for (i = 0; i < hb_impl_count(a); i++) {
        impl = hb_impl_at(a, i);
        if (impl != not && quick(a, impl) && (!best || hb_impl_rank(a, impl) > hb_impl_rank(a, best)))
            best = impl;
    }
    return best ? best : hb_impl_pick(a, HB_NO_SIZE);
}

/* the input's description of a message, clamped to the limits above */
static void decode(const uint8_t *in, spec *s)
{
    const hb_impl *avail[64];
    unsigned n_avail = 0, i, e, e_max;
    int64_t len, limit;
    const uint8_t *p;

    s->in_sum = in[0] & 1;
    s->algo = hb_algo_at(in[1] % hb_algo_count());
    for (i = 0; i < hb_impl_count(s->algo) && n_avail < 64; i++)
        if (hb_impl_available(hb_impl_at(s->algo, i)))
            avail[n_avail++] = hb_impl_at(s->algo, i);
    s->impl = avail[in[2] % n_avail];
    s->shift = s->in_sum ? in[8] % SUM_SHIFTS : 0;
    e_max = !s->in_sum ? HASH_EXP_MAX : s->shift == 0 ? SUM_EXP_MAX_UNSHRUNK : SUM_EXP_MAX;
    limit = (int64_t)1 << e_max;
    e = 10 + (in[3] & 31) % (e_max - 9);
    len = (int64_t)(1 + ((in[3] >> 5) & 3)) << e;
    if (len > limit)
        len = (int64_t)1 << e;      /* the largest powers at m 1 only */
    if (in[4] && len + ((int64_t)1 << (in[4] % e)) <= limit)
        len += (int64_t)1 << (in[4] % e);
    len += (int8_t)in[5];
    len += (int64_t)(int8_t)in[6] * 1024;
    s->len = len < 0 ? 0 : (size_t)len;
    if (s->len > PORTABLE_MAX) {
        for (n_avail = 0, i = 0; i < hb_impl_count(s->algo) && n_avail < 64; i++)
            if (quick(s->algo, hb_impl_at(s->algo, i)))
                avail[n_avail++] = hb_impl_at(s->algo, i);
        s->impl = n_avail ? avail[in[2] % n_avail] : hb_impl_pick(s->algo, HB_NO_SIZE);
    }
    s->pattern = in[7] & 3;
    s->threads = (in[7] >> 2) & 7;
    s->io = (in[7] >> 5) & 3;
    s->threads_if = hb_impl_row_of(s->algo, s->impl) ? hb_impl_row_of(s->algo, s->impl)->threads : NULL;
    s->threaded = s->in_sum && (in[7] >> 7) && s->threads_if;
    for (s->seed = 0, i = 0; i < 8; i++)
        s->seed |= (uint64_t)in[9 + i] << (8 * i);
    s->n_pieces = in[17] & 3;
    s->rest_piece = (in[17] >> 2) ? (size_t)1 << ((in[17] >> 2) - 1) : 0;
    if (s->rest_piece && s->len / s->rest_piece > MAX_UPDATES)
        s->rest_piece = s->len / MAX_UPDATES + 1;      /* a run stays fast */
    p = in + HEADER;
    for (i = 0; i < s->n_pieces; i++, p += 3)
        s->pieces[i] = le16(p) + (p[2] ? (size_t)1 << (p[2] % 24) : 0);
    p = in + HEADER + 3 * MAX_PIECES;
    for (s->n_patches = 0; s->n_patches < MAX_PATCHES && s->len > 0; s->n_patches++, p += 4) {
        int64_t at = (int64_t)((uint64_t)le16(p) * s->len >> 16) + (int8_t)p[2];
        s->patch_at[s->n_patches] = at < 0 ? 0 : (size_t)at >= s->len ? s->len - 1 : (size_t)at;
        s->patch_byte[s->n_patches] = p[3];
    }
}

/* the message the spec describes, in a heap block of exactly its length
 * (ASan sees a read past its end).  Without the fuzzer's coverage: its
 * comparison tracing took a second a run on 64 MiB, and these loops have
 * no branch worth finding. */
__attribute__((no_sanitize("coverage"))) static uint8_t *expand(const spec *s)
{
    uint8_t *msg = malloc(s->len ? s->len : 1);
    uint64_t x = s->seed;
    size_t i, j;

    if (!msg) {
        fprintf(stderr, "fuzz_large: out of memory for %zu bytes\n", s->len);
        abort();
    }
    switch (s->pattern) {
    case 0:                         /* splitmix64 from the seed */
        for (i = 0; i < s->len; i += 8) {
            uint64_t z = (x += 0x9E3779B97F4A7C15u);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
            z ^= z >> 31;
            if (s->len - i >= 8) {
                msg[i] = (uint8_t)z;
                msg[i + 1] = (uint8_t)(z >> 8);
                msg[i + 2] = (uint8_t)(z >> 16);
                msg[i + 3] = (uint8_t)(z >> 24);
                msg[i + 4] = (uint8_t)(z >> 32);
                msg[i + 5] = (uint8_t)(z >> 40);
                msg[i + 6] = (uint8_t)(z >> 48);
                msg[i + 7] = (uint8_t)(z >> 56);
            } else {
                for (j = 0; i + j < s->len; j++)
                    msg[i + j] = (uint8_t)(z >> (8 * j));
            }
        }
        break;
    case 1:
        memset(msg, (int)(s->seed & 0xff), s->len);
        break;
    case 2:                         /* a counter: 256 bytes, then copies of them */
        for (i = 0; i < s->len && i < 256; i++)
            msg[i] = (uint8_t)(i + s->seed);
        for (; i < s->len; i += j) {
            j = i < s->len - i ? i : s->len - i;
            memcpy(msg + i, msg, j);
        }
        break;
    default:
        memset(msg, 0, s->len);
    }
    for (i = 0; i < s->n_patches; i++)
        msg[s->patch_at[i]] = s->patch_byte[i];
    return msg;
}

static void check_digest(const spec *s, const uint8_t *got, const uint8_t *ref, const char *what)
{
    if (memcmp(got, ref, s->algo->digest_size) != 0)
        fail(s, what);
}

static void in_memory(const spec *s, const uint8_t *msg, const uint8_t *ref)
{
    static hb_ctx ctx;
    uint8_t out[HB_MAX_DIGEST];
    size_t pos = 0, k;
    unsigned i;

    hb_hash(s->impl, msg, s->len, out);
    check_digest(s, out, ref, "one-shot digest differs from the reference");
    hb_hash_oneshot(s->impl, msg, s->len, out);
    check_digest(s, out, ref, "one-shot function's digest differs from the reference");

    hb_init(&ctx, s->impl);
    for (i = 0; i < s->n_pieces; i++) {
        k = s->pieces[i] < s->len - pos ? s->pieces[i] : s->len - pos;
        hb_update(&ctx, msg + pos, k);
        pos += k;
    }
    while (pos < s->len) {
        k = s->rest_piece && s->rest_piece < s->len - pos ? s->rest_piece : s->len - pos;
        hb_update(&ctx, msg + pos, k);
        pos += k;
    }
    hb_final(&ctx, out);
    check_digest(s, out, ref, "streamed digest differs from the reference");
}

/* the scratch file sum's reader reads: one per process, rewritten per run */
static const char *scratch_path(void)
{
    static char path[512];
    const char *dirs[3];
    unsigned i;
    int fd;

    if (path[0])
        return path;
    dirs[0] = getenv("TMPDIR");
    dirs[1] = "/dev/shm";
    dirs[2] = "/tmp";
    for (i = 0; i < 3; i++) {
        if (!dirs[i] || !*dirs[i])
            continue;
        snprintf(path, sizeof path, "%s/hb-fuzz-large-XXXXXX", dirs[i]);
        if ((fd = mkstemp(path)) >= 0) {
            close(fd);
            return path;
        }
    }
    fprintf(stderr, "fuzz_large: no directory for a scratch file ($TMPDIR, /dev/shm, /tmp)\n");
    abort();
}

static void remove_scratch(void)
{
    unlink(scratch_path());
}

static void write_file(const char *path, const uint8_t *msg, size_t len)
{
    size_t done = 0;
    int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0) {
        perror("fuzz_large: scratch file");
        abort();
    }
    while (done < len) {
        ssize_t n = write(fd, msg + done, len - done);
        if (n <= 0) {
            perror("fuzz_large: writing the scratch file");
            abort();
        }
        done += (size_t)n;
    }
    close(fd);
}

static void through_sum(const spec *s, const uint8_t *msg, const uint8_t *ref)
{
    static hb_ctx ctx;
    static int registered;
    uint8_t out[HB_MAX_DIGEST];
    hb_read_result res;
    const char *path = scratch_path();

    if (!registered)
        registered = atexit(remove_scratch) == 0;
    write_file(path, msg, s->len);
    hb_read_shrink(s->shift);
    hb_init(&ctx, s->impl);
    hb_read_file(path, io_modes[s->io], &ctx, s->threaded ? s->threads_if : NULL, NULL, &res);
    hb_read_shrink(0);
    if (res.status != HB_READ_OK) {
        fprintf(stderr, "fuzz_large: hb_read_file status %d, %s, path %s, %llu bytes\n", (int)res.status,
                strerror(res.err), hb_io_path_name(res.path), (unsigned long long)res.bytes);
        fail(s, "sum's reader failed");
    }
    if (res.bytes != s->len)
        fail(s, "sum's reader hashed another number of bytes than the file holds");
    hb_final(&ctx, out);
    check_digest(s, out, ref, "sum's digest differs from the reference");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t in[INPUT_MAX];
    uint8_t ref[HB_MAX_DIGEST];
    uint8_t *msg, *copy;
    spec s;

    memset(in, 0, sizeof in);
    if (size)
        memcpy(in, data, size < sizeof in ? size : sizeof in);
    decode(in, &s);
    s.ref = hb_impl_find(s.algo, "portable");
    if (s.ref && s.len > PORTABLE_MAX)
        s.ref = quick_reference(s.algo, s.impl);
    if (!s.ref || s.algo->digest_size > HB_MAX_DIGEST) {
        fprintf(stderr, "fuzz_large: %s has no portable implementation\n", s.algo->id);
        abort();
    }
    if (s.threads_if)
        s.threads_if->set(s.threads);
    msg = expand(&s);
    copy = malloc(s.len ? s.len : 1);
    if (!copy)
        abort();
    memcpy(copy, msg, s.len);

    hb_hash(s.ref, msg, s.len, ref);
    if (s.in_sum)
        through_sum(&s, msg, ref);
    else
        in_memory(&s, msg, ref);
    if (memcmp(msg, copy, s.len) != 0)
        fail(&s, "modified the message");
    free(copy);
    free(msg);
    return 0;
}
