/* hashbench sum, one file's digest: the pick for the file's size (the
 * profile's or the ranks', the threaded row's when more than one thread may
 * be used), the read (src/read/), the -v line.  cmd_sum.c (the command
 * line) and sum_check.c (-c) both call it. */
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include "cli/impl_threads.h"
#include "cli/names.h"
#include "cli/profile_use.h"
#include "cli/sum.h"
#include "impl_rows.h"
#include "read/read_file.h"

void hb_sum_name_error(const char *name, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "hashbench: %s: ", hb_shown_name(name));
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void print_verbose(const sum_opts *o, const char *name, const hb_read_result *r)
{
    double rate = r->seconds > 0 ? (double)r->bytes / r->seconds / 1e6 : 0;
    char unit[32];
    if (r->unit >= (1u << 20))
        snprintf(unit, sizeof unit, "%zu MiB", r->unit >> 20);
    else
        snprintf(unit, sizeof unit, "%zu KiB", r->unit >> 10);
    char shared[80] = "";
    unsigned threads = o->threaded ? o->threaded->get() : 1u;
    if (o->threaded && o->threaded->last_job) {
        unsigned parts, by_pool;
        o->threaded->last_job(&parts, &by_pool);
        if (parts)
            snprintf(shared, sizeof shared, " (the pool hashed %u of the last job's %u parts)", by_pool, parts);
    }
    const char *piece = r->path == HB_PATH_MMAP ? "windows" : r->path == HB_PATH_PREAD ? "spans" : "buffer";
    hb_sum_name_error(name, "%s, %s %s, %s/%s, %u thread%s%s: %llu bytes in %.3f s (%.0f MB/s)%s%s",
                      hb_io_path_name(r->path), unit, piece, o->algo->id, o->impl->name, threads,
                      threads != 1 ? "s" : "", shared, (unsigned long long)r->bytes,
                      r->seconds, rate, o->from_profile ? ", picked by this machine's profile" : "",
                      r->large_folios > 0   ? "; the page cache holds it in large folios: mapped"
                      : r->large_folios == 0 ? "; the page cache holds it in small pages: not mapped" : "");
}


/* The implementation that hashes on several threads (its row's threads
 * interface) when the algorithm has one and more than one thread may be
 * used: --threads N above 1, or by default (0) more than one CPU in this
 * process's affinity mask (under `taskset -c 1` the pick stays
 * single-threaded: hb_impl_pickable).  For the default pick only: an
 * implementation named with --impl is taken as it is, and when it is a
 * threaded one it gets --threads. */
void hb_sum_pick_threads(sum_opts *o)
{
    const hb_impl *multi = o->best ? hb_impl_threaded(o->algo) : NULL;
    const hb_threads_iface *ti;
    if (multi && (o->threads == 0 ? hb_impl_pickable(o->algo, multi) : o->threads != 1))
        o->impl = multi;
    o->threaded = NULL;
    /* the pick may be a threaded one (the ranks' or the profile's) under
     * --threads 1 too: it is told the count all the same */
    if (!(ti = hb_impl_threads(o->algo, o->impl)))
        return;
    ti->set(o->threads);
    if (o->threads == 0 ? hb_impl_pickable(o->algo, o->impl) : o->threads != 1)
        o->threaded = ti;
}

/* The message size a file's pick is made for: its size when it is a
 * regular file (the hash sees the whole file as one message, fed in
 * pieces), else unknown, taken as long: a pipe or device streams. */
static size_t pick_size(const char *name)
{
    struct stat st;
    int r = strcmp(name, "-") == 0 ? fstat(STDIN_FILENO, &st) : stat(name, &st);
    /* past what a size_t holds (4 GiB on 32-bit) it is long, not its
     * size modulo 4 GiB */
    if (r == 0 && S_ISREG(st.st_mode) && (unsigned long long)st.st_size < (size_t)-1 / 2)
        return (size_t)st.st_size;
    return (size_t)-1 / 2;
}

int hb_sum_digest_file(sum_opts *o, const char *name, uint8_t *digest, int missing_ok)
{
    hb_ctx ctx;
    hb_read_result r;
    size_t size = pick_size(name);

    if (o->best) {
        /* this machine's profile's pick for the file's size (docs/tune.md) */
        const hb_impl *pick = hb_impl_pick(o->algo, size);
        o->from_profile = hb_cli_profile_covers(o->algo);
        o->impl = pick;
        /* a threaded implementation (BLAKE3's tree) stays sum's choice on
         * several threads: it was measured on whole files (docs/sum.md),
         * the profile on messages of at most a few MiB */
        hb_sum_pick_threads(o);
        o->from_profile = o->from_profile && o->impl == pick;
    }
    hb_init(&ctx, o->impl);
    /* a file large enough for the pool: asking its thread count starts it
     * now (BLAKE3 mt's), so that its threads are made and running while
     * the file is opened, probed and mapped, not after the first job is
     * offered */
    if (o->threaded && size >= ((size_t)1 << 20))
        o->threaded->get();
    hb_read_file(name, o->io, &ctx, o->threaded, &o->progress, &r);
    switch (r.status) {
    case HB_READ_OK:
        break;
    case HB_READ_MISSING:
        if (missing_ok)
            return 1;
        /* fall through */
    case HB_READ_FAILED:
        hb_sum_name_error(name, "%s", strerror(r.err ? r.err : EIO));
        return -1;
    case HB_READ_CHANGED:
        hb_sum_name_error(name, "file changed while it was read (%lld bytes when opened, %lld after, %llu read); "
                          "no digest", (long long)r.size_at_open, (long long)r.size_after,
                          (unsigned long long)r.bytes);
        return -1;
    }
    if (o->verbose)
        print_verbose(o, name, &r);
    hb_final(&ctx, digest);
    return 0;
}
