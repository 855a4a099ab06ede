/* What the threaded BLAKE3 (blake3_mt.c, the same host C everywhere) asks
 * of the architecture it is built for, and its registry entry.
 *
 * hb_blake3_mt_ops: the single-threaded kernels every thread runs, chosen
 * at run time by the architecture's folder -- x86/blake3_mt_ops_x86.c
 * (AVX-512, AVX2, else the fast C), aarch64/blake3_mt_ops_arm.c (NEON,
 * else the fast C), arm/blake3_mt_ops_arm32.c (32-bit ARM: NEON where the
 * CPU has it, else the fast C), generic/blake3_mt_ops_generic.c (the fast
 * C).  Called on every
 * update, so it must be cheap (the CPU features are cached).
 *
 * hb_impl_blake3_mt: blake3_mt_register.c; each architecture's table
 * (src/arch/generic_mt/, or the blake group's table on x86-64, aarch64
 * and 32-bit ARM)
 * ranks it above the single-threaded kernels: below HB_BLAKE3_MT_MIN_BYTES
 * it is they, above it they on every core (docs/impl-blake.md, "mt is
 * best").  Only builds with threads have
 * these files (the Makefile's HB_THREADS: not the consoles, not the
 * freestanding cross targets). */
#ifndef HB_BLAKE3_MT_ARCH_H
#define HB_BLAKE3_MT_ARCH_H

#include "hashbench.h"
#include "hashbench/blake3.h"
#include "impl_rows.h"

const hb_blake3_ops *hb_blake3_mt_ops(void);

/* hb_blake3_mt_available: whether `mt` is offered -- where the
 * architecture's vector kernels run (x86-64: AVX2; aarch64: NEON; always
 * elsewhere), so that a CPU or a mask without them picks the same
 * single-threaded C as before.  Also the architecture's folder. */
int hb_blake3_mt_available(void);

/* Updates up to this many bytes never use the pool: a job costs more than
 * it saves below it (docs/impl-blake.md).  A one-shot `mt` hashes such a
 * message with the single-threaded one-shot code instead. */
#define HB_BLAKE3_MT_MIN_BYTES (128u * 1024u)

extern const hb_impl hb_impl_blake3_mt;
/* its rows' threads interface (blake3_mt_iface.c): the pool's thread
 * count, its last job, and the pread path's update */
extern const hb_threads_iface hb_blake3_mt_threads_iface;

#endif
