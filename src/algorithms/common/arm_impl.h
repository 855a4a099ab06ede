/* Registry entries for the aarch64 instruction-set implementations: the
 * adapter of register.h, plus the CPU features the implementation needs;
 * the dispatcher and the tests ask hb_arm_has(features) before calling
 * it.  With the algorithms, as x86_impl.h is: src/arch/aarch64/ detects
 * features (cpu_aarch64.h: HB_ARM_NEEDS) and includes nothing of
 * src/algorithms.  This header uses no instruction beyond the baseline,
 * so the register files that include it build at the baseline too. */
#ifndef HB_ARM_IMPL_H
#define HB_ARM_IMPL_H

#include "hashbench.h"
#include "hashbench/u64.h"
#include "arch/aarch64/cpu_aarch64.h"
#include "impl_rows.h"
#include "algorithms/common/register.h"

#define HB_ARM_IMPL(sym, implname, features, ctx_t, init_fn, update_fn, final_fn, params_fn) \
    HB_ARM_NEEDS(sym##_available_, features)                                                \
    HB_DEFINE_IMPL_IF(sym, implname, sym##_available_, ctx_t, init_fn, update_fn, final_fn, params_fn)

/* hb_u64 is a struct in the two-word build (-DHB_U64_PAIR): the kernels
 * work on uint64_t and convert at the edges (free in the native build). */
#define HB_ARM_U64_GET(v) (((uint64_t)HB_U64_HI(v) << 32) | (uint64_t)HB_U64_LO(v))
#define HB_ARM_U64_PUT(v, x) HB_U64_SET(v, (uint32_t)((x) >> 32), (uint32_t)(x))

#endif
