/* Registry entries for the x86-64 instruction-set implementations: like
 * HB_DEFINE_IMPL (src/algorithms/common/register.h), plus the CPU features
 * the implementation needs; the dispatcher and the tests ask
 * hb_x86_has(features) before calling it (HB_X86_MASK in the environment
 * takes features away, so the tests reach every lower path).  This header
 * uses no instruction beyond the baseline, so the register files that
 * include it build at the baseline too.  The aarch64 twin is
 * src/arch/aarch64/arm_impl.h. */
#ifndef HB_X86_IMPL_H
#define HB_X86_IMPL_H

#include "hashbench.h"
#include "arch/x86/cpu_x86.h"

/* params_fn: the seeded or keyed form (hb_impl.params), 0 when none. */
#define HB_X86_IMPL(sym, implname, features, ctx_t, init_fn, update_fn, final_fn, params_fn) \
    static int sym##_available_(void) { return hb_x86_has(features); }                     \
    static void sym##_init_(void *c) { init_fn((ctx_t *)c); }                              \
    static void sym##_update_(void *c, const uint8_t *p, size_t n)                        \
    { update_fn((ctx_t *)c, p, n); }                                                       \
    static void sym##_final_(void *c, uint8_t *d) { final_fn((ctx_t *)c, d); }              \
    const hb_impl sym = { implname, sym##_available_, sizeof(ctx_t), sym##_init_,          \
                          sym##_update_, sym##_final_, params_fn }

#endif
