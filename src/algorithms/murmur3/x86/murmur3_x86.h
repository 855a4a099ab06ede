/* The x86-64 implementation of MurmurHash3_x64_128 (docs/impl-fletcher-murmur3.md,
 * "Zen 4"): its update, built with AVX-512 DQ (Makefile, suffix _avx512dq;
 * the registry entry asks for HB_X86_ISA_AVX512DQ). */
#ifndef HB_MURMUR3_X86_H
#define HB_MURMUR3_X86_H

#include "hashbench.h"
#include "hashbench/murmur3.h"
#include "algorithms/common/x86_impl.h"

/* the update; the context, init and final are `fast`'s */
void hb_murmur3_128_update_avx512dq(hb_murmur3_128_ctx *c, const uint8_t *data, size_t len);

#endif
