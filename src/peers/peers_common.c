/* What every peer file needs: the pool of library contexts the peers reuse
 * (see peers.h) and the fatal-error path.  The pool
 * keeps one idle object, exchanged with an atomic swap: a single stream
 * reuses the same object every call at the cost of two uncontended swaps;
 * concurrent streams never share one. */
#include <stdio.h>
#include <stdlib.h>
#include "peers/peers.h"

void hb_peer_fatal(const char *library, const char *what)
{
    fprintf(stderr, "hashbench: peer %s: %s failed\n", library, what);
    exit(1);
}

void *hb_peer_take(hb_peer_pool *pool)
{
    void *obj = __atomic_exchange_n(&pool->idle, (void *)0, __ATOMIC_ACQUIRE);
    if (!obj) {
        obj = pool->create();
        if (!obj)
            hb_peer_fatal(pool->what, "creating a context");
    }
    return obj;
}

void hb_peer_give(hb_peer_pool *pool, void *obj)
{
    void *expected = 0;
    if (!__atomic_compare_exchange_n(&pool->idle, &expected, obj, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED))
        pool->destroy(obj);
}

void hb_peer_drain(hb_peer_pool *pool)
{
    void *obj = __atomic_exchange_n(&pool->idle, (void *)0, __ATOMIC_ACQUIRE);
    if (obj)
        pool->destroy(obj);
}
