/* Turns an algorithm's typed functions into a registry entry (hb_impl).
 *
 * The registry calls every implementation through one signature with a
 * void * context; calling a typed function through such a pointer would be
 * undefined behaviour, so this macro writes three small adapters instead.
 *
 *   HB_DEFINE_IMPL(hb_impl_sha256_fast, "fast", hb_sha256_ctx,
 *                  hb_sha256_init, hb_sha256_update_fast, hb_sha256_final_fast,
 *                  hb_sha256_params_fast_or_NULL);
 */
#ifndef HASHBENCH_REGISTER_H
#define HASHBENCH_REGISTER_H

#include "hashbench.h"

#define HB_DEFINE_IMPL(sym, implname, ctx_t, init_fn, update_fn, final_fn, params_fn) \
    static void sym##_init_(void *c) { init_fn((ctx_t *)c); }                          \
    static void sym##_update_(void *c, const uint8_t *p, size_t n)                    \
    { update_fn((ctx_t *)c, p, n); }                                                   \
    static void sym##_final_(void *c, uint8_t *d) { final_fn((ctx_t *)c, d); }          \
    const hb_impl sym = { implname, 0, sizeof(ctx_t), sym##_init_, sym##_update_,      \
                          sym##_final_, params_fn }

#define HB_COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

#endif /* HASHBENCH_REGISTER_H */
