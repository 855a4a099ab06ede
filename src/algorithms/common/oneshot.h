/* Builds a one-shot function (hb_oneshot, include/hashbench.h) from an
 * implementation's typed init, update and final: the context lives on the
 * stack of one direct-calling function, so a message costs one indirect
 * call (the caller's) instead of the registry's three.  Host only: include
 * it from files the consoles do not compile (src/algorithms/<family>/x86/,
 * src/arch/<arch>/).
 *
 *   HB_DEFINE_ONESHOT(crc32_vpclmul_oneshot, hb_crc32_ctx, hb_crc32_init,
 *                     hb_crc32_update_vpclmul, hb_crc32_final_fast);
 */
#ifndef HASHBENCH_ONESHOT_H
#define HASHBENCH_ONESHOT_H

#include <pthread.h>
#include "hashbench.h"

#define HB_DEFINE_ONESHOT(sym, ctx_t, init_fn, update_fn, final_fn)        \
    static HB_DEFINE_ONESHOT_EXTERN(sym, ctx_t, init_fn, update_fn, final_fn)

/* The same with external linkage, for a one-shot listed in another file's
 * table (declare it there). */
#define HB_DEFINE_ONESHOT_EXTERN(sym, ctx_t, init_fn, update_fn, final_fn) \
    void sym(const uint8_t *data, size_t len, uint8_t *digest)            \
    {                                                                      \
        ctx_t c_;                                                          \
        init_fn(&c_);                                                      \
        update_fn(&c_, data, len);                                         \
        final_fn(&c_, digest);                                             \
    }

/* The same for a keyed algorithm whose init does the same key work for
 * every message (HMAC: the two padded-key blocks, two compressions): the
 * keyed context is made once and copied per message, as a program hashing
 * many messages under one key does (and as the Rust peer's cloned Hmac
 * does).  The flag is read with acquire; pthread_once makes the context
 * exactly once even when threads race for it. */
#define HB_DEFINE_ONESHOT_PREKEYED(sym, ctx_t, init_fn, update_fn, final_fn) \
    static ctx_t sym##_keyed_;                                             \
    static int sym##_ready_;                                               \
    static pthread_once_t sym##_once_ = PTHREAD_ONCE_INIT;                 \
    static void sym##_key_(void)                                           \
    {                                                                      \
        init_fn(&sym##_keyed_);                                            \
        __atomic_store_n(&sym##_ready_, 1, __ATOMIC_RELEASE);              \
    }                                                                      \
    static void sym(const uint8_t *data, size_t len, uint8_t *digest)     \
    {                                                                      \
        ctx_t c_;                                                          \
        if (!__atomic_load_n(&sym##_ready_, __ATOMIC_ACQUIRE))             \
            pthread_once(&sym##_once_, sym##_key_);                        \
        c_ = sym##_keyed_;                                                 \
        update_fn(&c_, data, len);                                         \
        final_fn(&c_, digest);                                             \
    }

#endif /* HASHBENCH_ONESHOT_H */
