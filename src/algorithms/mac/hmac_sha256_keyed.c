/* HMAC-SHA-256 under the roster's key with the padded-key states computed
 * once (hb_hmac_sha256_keyed, HB_HMAC_SHA256_DEFINE_CACHED in
 * hashbench/mac.h): init copies two states instead of building the key
 * block and compressing it twice.  Used by the host implementations only;
 * the consoles do not link this file. */
#include "hashbench.h"
#include "hashbench/mac.h"

/* The cache's state word: with lock-free int atomics (GCC and Clang on
 * every host) one thread claims the filling and publishes it with release,
 * so a thread that sees "filled" also sees the states; a compiler without
 * them gets a plain int, right for a single thread. */
#if defined(__GCC_ATOMIC_INT_LOCK_FREE) && __GCC_ATOMIC_INT_LOCK_FREE == 2
#define KEYED_LOAD(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define KEYED_PUBLISH(p) __atomic_store_n((p), 2, __ATOMIC_RELEASE)
static int keyed_claim(int *p)
{
    int empty = 0;
    return __atomic_compare_exchange_n(p, &empty, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}
#else
#define KEYED_LOAD(p) (*(p))
#define KEYED_PUBLISH(p) (*(p) = 2)
static int keyed_claim(int *p)
{
    if (*p != 0)
        return 0;
    *p = 1;
    return 1;
}
#endif

void hb_hmac_sha256_init_default_with(hb_hmac_sha256_ctx *c, hb_hmac_sha256_keyed *cache,
                                      hb_block32_fn compress)
{
    unsigned i;

    if (KEYED_LOAD(&cache->ready) != 2) {
        /* Not filled yet: key this context the long way.  The first
         * thread here also fills the cache; one that loses the race (the
         * cache is being filled) does not wait, it only keys itself. */
        hb_hmac_sha256_init_with(c, hb_hmac_sha256_default_key,
                                 sizeof hb_hmac_sha256_default_key, compress);
        if (keyed_claim(&cache->ready)) {
            for (i = 0; i < 8; i++) {
                cache->istate[i] = c->inner.state[i];
                cache->ostate[i] = c->outer[i];
            }
            KEYED_PUBLISH(&cache->ready);
        }
        return;
    }
    for (i = 0; i < 8; i++)
        c->outer[i] = cache->ostate[i];
    hb_hmac_sha256_resume(&c->inner, cache->istate);
}
