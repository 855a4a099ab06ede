/* The x86-64 implementation of MurmurHash3_x64_128 (docs/impl-fletcher-murmur3.md,
 * "murmur3-128 on Zen 4"): its update, built with AVX-512 DQ (Makefile,
 * suffix _avx512dq), and the CPU features that needs. */
#ifndef HB_MURMUR3_X86_H
#define HB_MURMUR3_X86_H

#include "hashbench.h"
#include "hashbench/murmur3.h"
#include "arch/x86/x86_impl.h"

/* what -mavx512f -mavx512bw -mavx512vl -mavx512dq -mavx2 -mbmi2 let the
 * compiler use: the CPU must have all of it */
#define HB_MURMUR3_X86_AVX512DQ (HB_X86_AVX512F | HB_X86_AVX512BW | HB_X86_AVX512VL |      \
                                 HB_X86_AVX512DQ | HB_X86_AVX2 | HB_X86_AVX | HB_X86_BMI2)

/* the update; the context, init and final are `fast`'s */
void hb_murmur3_128_update_avx512dq(hb_murmur3_128_ctx *c, const uint8_t *data, size_t len);

#endif
