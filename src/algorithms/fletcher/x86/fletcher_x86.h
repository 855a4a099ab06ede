/* The x86-64 implementations of the Fletcher family (docs/impl-fletcher-murmur3.md). */
#ifndef HB_FLETCHER_X86_H
#define HB_FLETCHER_X86_H

#include "hashbench.h"
#include "hashbench/fletcher.h"
#include "algorithms/common/x86_impl.h"

/* Fletcher-32, eight words a step in a ymm (fletcher32_avx2.c, -mavx2) */
void hb_fletcher32_update_avx2(hb_fletcher32_ctx *c, const uint8_t *data, size_t len);

/* Fletcher-64 with 64-bit sums (plain C, every x86-64 CPU) */
void hb_fletcher64_update_x64(hb_fletcher64_ctx *c, const uint8_t *data, size_t len);

#endif
