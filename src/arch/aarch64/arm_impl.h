/* Registry entries for the aarch64 instruction-set implementations: like
 * HB_DEFINE_IMPL (src/algorithms/common/register.h), plus the CPU features
 * the implementation needs; the dispatcher and the tests ask
 * hb_arm_has(features) before calling it.  This header uses no instruction
 * beyond the baseline, so the register files that include it build at the
 * baseline too. */
#ifndef HB_ARM_IMPL_H
#define HB_ARM_IMPL_H

#include "hashbench.h"
#include "hashbench/u64.h"
#include "arch/aarch64/cpu_aarch64.h"

#define HB_ARM_IMPL(sym, implname, features, ctx_t, init_fn, update_fn, final_fn, params_fn) \
    static int sym##_available_(void) { return hb_arm_has(features); }                     \
    static void sym##_init_(void *c) { init_fn((ctx_t *)c); }                              \
    static void sym##_update_(void *c, const uint8_t *p, size_t n)                        \
    { update_fn((ctx_t *)c, p, n); }                                                       \
    static void sym##_final_(void *c, uint8_t *d) { final_fn((ctx_t *)c, d); }              \
    const hb_impl sym = { implname, sym##_available_, sizeof(ctx_t), sym##_init_,          \
                          sym##_update_, sym##_final_, params_fn }

/* hb_u64 is a struct in the two-word build (-DHB_U64_PAIR): the kernels
 * work on uint64_t and convert at the edges (free in the native build). */
#define HB_ARM_U64_GET(v) (((uint64_t)HB_U64_HI(v) << 32) | (uint64_t)HB_U64_LO(v))
#define HB_ARM_U64_PUT(v, x) HB_U64_SET(v, (uint32_t)((x) >> 32), (uint32_t)(x))

#endif
