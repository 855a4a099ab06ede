/* Registry entries for the 32-bit ARM instruction-set implementations
 * (src/algorithms/<family>/arm/): the adapter of register.h plus the CPU
 * features the implementation needs, as arm_impl.h does for aarch64
 * (src/arch/arm/cpu_arm.h: HB_ARM32_NEEDS, the detection).  Uses no
 * instruction beyond the baseline, so the rows files that include it
 * build for any 32-bit ARM (armv5te and armv6k included). */
#ifndef HB_ARM32_IMPL_H
#define HB_ARM32_IMPL_H

#include "hashbench.h"
#include "hashbench/u64.h"
#include "arch/arm/cpu_arm.h"
#include "impl_rows.h"
#include "algorithms/common/register.h"

#define HB_ARM32_IMPL(sym, implname, features, ctx_t, init_fn, update_fn, final_fn, params_fn) \
    HB_ARM32_NEEDS(sym##_available_, features)                                                \
    HB_DEFINE_IMPL_IF(sym, implname, sym##_available_, ctx_t, init_fn, update_fn, final_fn, params_fn)

/* hb_u64 is a struct in the two-word build (-DHB_U64_PAIR): the kernels
 * work on uint64_t and convert at the edges (free in the native build). */
#define HB_ARM32_U64_GET(v) (((uint64_t)HB_U64_HI(v) << 32) | (uint64_t)HB_U64_LO(v))
#define HB_ARM32_U64_PUT(v, x) HB_U64_SET(v, (uint32_t)((x) >> 32), (uint32_t)(x))

#endif
