/* Turns an algorithm's typed functions into a registry entry (hb_impl).
 *
 * The registry calls every implementation through one signature with a
 * void * context; calling a typed function through such a pointer would be
 * undefined behaviour, so the macro writes three small adapters instead.
 *
 *   HB_DEFINE_IMPL(hb_impl_sha256_fast, "fast", hb_sha256_ctx,
 *                  hb_sha256_init, hb_sha256_update_fast, hb_sha256_final_fast,
 *                  hb_sha256_params_fast_or_0);
 *
 * An implementation that runs only on some CPUs names the function that
 * says whether this one can run it (an instruction-set kernel: the
 * features its file's target flags need, HB_X86_NEEDS / HB_ARM_NEEDS in
 * src/arch/<arch>/cpu_<arch>.h):
 *
 *   HB_X86_NEEDS(has_shani, HB_X86_SHA | HB_X86_SSE41)
 *   HB_DEFINE_IMPL_IF(hb_impl_sha256_shani, "shani", has_shani, hb_sha256_ctx, ...);
 */
#ifndef HASHBENCH_REGISTER_H
#define HASHBENCH_REGISTER_H

#include "hashbench.h"

#define HB_DEFINE_IMPL_IF(sym, implname, available_fn, ctx_t, init_fn, update_fn, final_fn, params_fn) \
    static void sym##_init_(void *c) { init_fn((ctx_t *)c); }                                          \
    static void sym##_update_(void *c, const uint8_t *p, size_t n)                                    \
    { update_fn((ctx_t *)c, p, n); }                                                                   \
    static void sym##_final_(void *c, uint8_t *d) { final_fn((ctx_t *)c, d); }                          \
    const hb_impl sym = { implname, available_fn, sizeof(ctx_t), sym##_init_, sym##_update_,           \
                          sym##_final_, params_fn }

/* runs on every CPU */
#define HB_DEFINE_IMPL(sym, implname, ctx_t, init_fn, update_fn, final_fn, params_fn) \
    HB_DEFINE_IMPL_IF(sym, implname, 0, ctx_t, init_fn, update_fn, final_fn, params_fn)

#define HB_COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

#endif /* HASHBENCH_REGISTER_H */
