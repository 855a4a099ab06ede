/* The x86-64 implementations of the tiny family (docs/impl-tiny.md): their
 * update functions and the CPU features each needs (registry entries:
 * HB_X86_IMPL, algorithms/common/x86_impl.h).
 *
 * The AVX2 kernels live in *_avx2.c, compiled with -mavx2 -mbmi2 (Makefile,
 * "Per-file target flags"); the registry entries are built in
 * tiny_x86_rows.c at the baseline, so nothing runs an AVX2 instruction
 * before hb_x86_has() said yes.  The *_x64.c forms are plain C at the
 * baseline and available everywhere. */
#ifndef HB_TINY_X86_H
#define HB_TINY_X86_H

#include "hashbench.h"
#include "hashbench/tiny.h"
#include "arch/x86/cpu_x86.h"
#include "algorithms/common/x86_impl.h"

/* The baseline plain-C forms (*_x64.c) run on every x86-64 CPU; they ask
 * for SSE2, which every one has, so that HB_X86_MASK can still switch them
 * off and let the tests reach portable and fast. */
#define HB_TINY_X86_BASE HB_X86_SSE2

/* djb2 and sdbm: whole blocks as lane-wise polynomial accumulators
 * (djb2_*.c: byte multiply-adds; sdbm_*.c: shuffled byte pairs); the
 * digest is written as portable does it.  The AVX-512 forms hand their
 * last partial block to the AVX2 ones. */
void hb_djb2_update_avx2(hb_djb2_ctx *c, const uint8_t *data, size_t len);
void hb_sdbm_update_avx2(hb_sdbm_ctx *c, const uint8_t *data, size_t len);
void hb_djb2_update_avx512(hb_djb2_ctx *c, const uint8_t *data, size_t len);
void hb_sdbm_update_avx512(hb_sdbm_ctx *c, const uint8_t *data, size_t len);

/* oat, pjw, pearson8: the same recurrence, rewritten so that the chain
 * from one byte's state to the next is as short as the ALU allows. */
void hb_oat_update_x64(hb_oat_ctx *c, const uint8_t *data, size_t len);
void hb_pjw_update_x64(hb_pjw_ctx *c, const uint8_t *data, size_t len);
void hb_pearson8_update_x64(hb_pearson8_ctx *c, const uint8_t *data, size_t len);

#endif
