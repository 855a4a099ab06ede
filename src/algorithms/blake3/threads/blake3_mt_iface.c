/* The threaded BLAKE3's threads interface (impl_rows.h, hb_threads_iface):
 * what every architecture's `mt` row carries, so that the program steers
 * the pool through the row and never by the implementation's name.
 *
 * set, get and last_job are the pool's own functions (blake3_mt.h), whose
 * types are the interface's.  update_read differs in the order and the
 * types of its source's arguments (the interface's read_at is the one
 * every threaded row shares, hb_blake3_mt_read_fn the pool's), so an
 * adapter hands the pool a reader of its own type that calls the
 * caller's: no function is called through a pointer of another type. */
#include "algorithms/blake3/blake3_mt.h"
#include "algorithms/blake3/threads/blake3_mt_arch.h"

typedef struct caller_source {
    int (*read_at)(void *src, uint64_t off, void *buf, size_t n);
    void *src;
} caller_source;

/* hb_blake3_mt_read_fn over the caller's read_at: called from every pool
 * thread at once, it only reads *arg */
static int read_from_caller(void *arg, uint8_t *buf, size_t len, uint64_t offset)
{
    const caller_source *s = arg;
    return s->read_at(s->src, offset, buf, len);
}

static int update_read(void *ctx, uint64_t len, int (*read_at)(void *src, uint64_t off, void *buf, size_t n),
                       void *src)
{
    hb_blake3_ctx *c = ctx;
    caller_source s;
    s.read_at = read_at;
    s.src = src;
    /* the pool returns only once every thread is done with s */
    return hb_blake3_update_mt_read(c, len, read_from_caller, &s);
}

const hb_threads_iface hb_blake3_mt_threads_iface = {
    hb_blake3_mt_set_threads,
    hb_blake3_mt_threads,
    hb_blake3_mt_last_job,
    update_read,
};
