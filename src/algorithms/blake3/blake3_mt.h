/* BLAKE3 on a thread pool (threads/blake3_mt.c): the single-threaded
 * kernels on every core for large updates.  Host builds with threads only
 * (the Makefile's HB_THREADS). */
#ifndef HB_BLAKE3_MT_H
#define HB_BLAKE3_MT_H

#include <stddef.h>
#include <stdint.h>
#include "hashbench.h"

void hb_blake3_update_mt(hb_blake3_ctx *c, const uint8_t *data, size_t len);

/* Where hb_blake3_update_mt_read's bytes come from: read_at fills buf with
 * exactly len bytes from `offset` (counted from the update's first byte)
 * and returns 0, or returns an errno value.  It is called from every
 * thread of the pool at once, for ranges that never overlap. */
typedef int (*hb_blake3_mt_read_fn)(void *arg, uint8_t *buf, size_t len, uint64_t offset);

/* hb_blake3_update_mt over len bytes that each thread reads for itself
 * through read_at, a subtree (HB_BLAKE3_SUBTREE chunks) at a time into a
 * buffer of its own: a file is copied on every CPU at once and never
 * mapped.  Returns 0, or the first errno read_at returned (or ENOMEM);
 * the state is then of no use. */
int hb_blake3_update_mt_read(hb_blake3_ctx *c, uint64_t len, hb_blake3_mt_read_fn read_at, void *arg);
void hb_blake3_final_mt(hb_blake3_ctx *c, uint8_t *digest);
int hb_blake3_params_mt(const struct hb_params *p, const uint8_t *data, size_t len,
                        uint8_t *out, size_t out_len);

/* The threads one hash may use, the caller's included: 1 hashes on the
 * caller alone, 0 (the default) on the caller and one pool thread per
 * other CPU this process may use when the pool starts (its affinity mask,
 * src/os/usable_cpus.h); more than the CPUs grows the pool to that many (at
 * most 32 in all), as b3sum --num-threads does.  Process-wide; a job
 * already running keeps its count. */
void hb_blake3_mt_set_threads(unsigned n);
/* the threads a hash uses now (starts the pool if there is none yet) */
unsigned hb_blake3_mt_threads(void);
/* The last threaded job this process finished: the parts it was cut into,
 * and how many of them the pool's threads hashed (the rest: the caller).
 * 0 and 0 before the first. */
void hb_blake3_mt_last_job(unsigned *parts, unsigned *by_pool);

#endif
