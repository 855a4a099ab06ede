/* What the threaded BLAKE3 (blake3_mt.c, the same host C everywhere) asks
 * of the architecture it is built for, and its registry entry.
 *
 * hb_blake3_mt_ops: the single-threaded kernels every thread runs, chosen
 * at run time by the architecture's folder -- x86/blake3_mt_ops_x86.c
 * (AVX-512, AVX2, else the fast C), arm/blake3_mt_ops_arm.c (NEON, else the
 * fast C), generic/blake3_mt_ops_generic.c (the fast C).  Called on every
 * update, so it must be cheap (the CPU features are cached).
 *
 * hb_impl_blake3_mt: blake3_mt_register.c; each architecture's table
 * (src/arch/<arch>/, or the blake group's table on x86-64 and aarch64)
 * names it with the rank measured there.  Only builds with threads have
 * these files (the Makefile's HB_THREADS: not the consoles, not the
 * freestanding cross targets). */
#ifndef HB_BLAKE3_MT_ARCH_H
#define HB_BLAKE3_MT_ARCH_H

#include "hashbench.h"
#include "hashbench/blake3.h"

const hb_blake3_ops *hb_blake3_mt_ops(void);

extern const hb_impl hb_impl_blake3_mt;

#endif
